import type { ResultTrial } from '@cogni/domain';
import {
  CollapsedTrialTable,
  describeErrors,
  INPUT_NAMES,
} from '../../components/task/trial-table';
import { formatMs } from '../../lib/format-scores';
import { asDigitSpanTrials, type DigitSpanResultTrial, partName, spaced } from './labels';

/** One part's lists, collapsed until asked for: what was shown, what was entered, how fast. */
function PartTable({ title, trials }: { title: string; trials: readonly DigitSpanResultTrial[] }) {
  return (
    <CollapsedTrialTable
      summary={`${title} lists (${trials.length}, ${describeErrors(trials)})`}
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
      ]}
    >
      {trials.map((t) => (
        <tr key={t.trialNumber} className={t.isCorrect ? undefined : 'is-error'}>
          <th scope="row">{t.trialNumber + 1}</th>
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
        </tr>
      ))}
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
