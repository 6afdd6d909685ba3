import type { ResultTrial } from '@cogni/domain';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs } from '../../lib/format-scores';
import { asDigitSpanTrials, type DigitSpanResultTrial, partName, spaced } from './labels';

const INPUT_NAMES: Record<string, string> = { keyboard: 'Key', touch: 'Touch', mouse: 'Mouse' };

/** One part's lists, collapsed until asked for: what was shown, what was entered, how fast. */
function PartTable({ title, trials }: { title: string; trials: readonly DigitSpanResultTrial[] }) {
  const errors = trials.filter((t) => t.isCorrect === false).length;
  return (
    <details className="disclosure">
      <summary>
        {title} lists ({trials.length}, {errors} {errors === 1 ? 'error' : 'errors'})
      </summary>
      <TableScroll label={`${title} lists`}>
        <table className="table table--numeric">
          <caption className="visually-hidden">{title} lists</caption>
          <thead>
            <tr>
              <th scope="col">List</th>
              <th scope="col">Digits</th>
              <th scope="col">Shown</th>
              <th scope="col">Right answer</th>
              <th scope="col">Entered</th>
              <th scope="col">In place</th>
              <th scope="col">Answer time</th>
              <th scope="col">First key</th>
              <th scope="col">Deletes</th>
              <th scope="col">Input</th>
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </TableScroll>
    </details>
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
