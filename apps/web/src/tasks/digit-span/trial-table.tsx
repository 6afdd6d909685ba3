import type { ResultTrial } from '@cogni/domain';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import {
  asDigitSpanTrials,
  type DigitSpanResultTrial,
  interruptionOf,
  partName,
  spaced,
} from './labels';

const INTERRUPTION_TEXT = { givenAgain: 'given again', counted: 'counted' } as const;

/**
 * One part's lists, collapsed until asked for: what was shown, what was entered, how fast, and
 * whether the list was interrupted (and then given again, or counted by its answer).
 */
function PartTable({ title, trials }: { title: string; trials: readonly DigitSpanResultTrial[] }) {
  const scored = trials.filter((t) => interruptionOf(t) !== 'givenAgain');
  const givenAgain = trials.length - scored.length;
  const again = givenAgain === 0 ? '' : `, ${givenAgain} interrupted and given again`;
  return (
    <CollapsedTrialTable
      summary={`${title} lists (${trials.length}, ${describeErrors(scored)}${again})`}
      label={`${title} lists`}
      columns={[
        'List',
        'Digits',
        'Shown',
        'Right answer',
        'Entered',
        'In place',
        'Answer time',
        'First key',
        'Deletes',
        'Input',
        'Interrupted',
      ]}
    >
      {trials.map((t, i) => {
        const interruption = interruptionOf(t);
        const isError = !t.isCorrect && interruption !== 'givenAgain';
        return (
          <tr key={t.trialNumber} className={isError ? 'is-error' : undefined}>
            <th scope="row">{i + 1}</th>
            <td>{t.length}</td>
            <td>{spaced(t.presented)}</td>
            <td>{spaced(t.expected)}</td>
            <td>{t.timedOut ? `${spaced(t.entered)} (timed out)` : spaced(t.entered)}</td>
            <td>
              {t.nCorrectPositions} of {t.length}
            </td>
            <td>{formatMs(t.reactionTime)}</td>
            <td>{formatMs(t.firstKeyRt)}</td>
            <td>{t.nBackspaces}</td>
            <td>{INPUT_NAMES[t.inputModality] ?? ''}</td>
            <td>{interruption ? INTERRUPTION_TEXT[interruption] : t.interrupted ? 'yes' : ''}</td>
          </tr>
        );
      })}
    </CollapsedTrialTable>
  );
}

/** A run's lists as one collapsed table per part: each direction's practice and test. */
export function DigitSpanTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const all = asDigitSpanTrials(trials);
  const parts = [0, 1].flatMap((block) =>
    (['practice', 'test'] as const).map((phase) => ({
      phase,
      block,
      trials: all
        .filter((t) => t.phase === phase && t.block === block)
        .sort((a, b) => a.trialNumber - b.trialNumber),
    })),
  );
  return (
    <>
      {parts
        .filter((part) => part.trials.length > 0)
        .map((part) => (
          <PartTable
            key={`${part.phase}-${part.block}`}
            title={partName(part)}
            trials={part.trials}
          />
        ))}
    </>
  );
}
