import type { ResultTrial } from '@cogni/domain';
import { PHASES, type Phase } from '@cogni/domain/tasks/stroop';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs } from '../../lib/format-scores';
import { asStroopTrials, PHASE_TRIALS_NAMES, type StroopResultTrial } from './labels';

type TrialTableProps = { phase: Phase; trials: readonly StroopResultTrial[] };

/** One phase's trials, collapsed until asked for: what was shown, answered, and how fast. */
export function TrialTable({ phase, trials }: TrialTableProps) {
  const { t } = useLingui();
  const errors = trials.filter((trial) => !trial.isCorrect).length;
  const name = t(PHASE_TRIALS_NAMES[phase]);
  const count = trials.length;
  const yes = t`Yes`;
  const no = t`No`;
  return (
    <details className="disclosure">
      <summary>
        {t({
          comment: "A table's summary: 'Practice trials (12, 1 error)'",
          message: `${name} (${count}, ${plural(errors, { one: '# error', other: '# errors' })})`,
        })}
      </summary>
      <TableScroll label={name}>
        <table className="table table--numeric">
          <caption className="visually-hidden">{name}</caption>
          <thead>
            <tr>
              <th scope="col">{t({ comment: 'a column: the trial number', message: 'Trial' })}</th>
              <th scope="col">{t({ comment: 'a column: the cue shown', message: 'Cue' })}</th>
              <th scope="col">
                {t({ comment: 'a column: the colour word shown', message: 'Word' })}
              </th>
              <th scope="col">
                {t({ comment: "a column: the word's ink colour", message: 'Ink' })}
              </th>
              <th scope="col">{t`Response`}</th>
              <th scope="col">{t({ comment: 'a column: reaction time', message: 'RT' })}</th>
              <th scope="col">
                {t({ comment: 'a column: whether the answer was right', message: 'Correct' })}
              </th>
              <th scope="col">
                {t({ comment: 'a column: whether the cue changed', message: 'Switch' })}
              </th>
            </tr>
          </thead>
          <tbody>
            {trials.map((trial) => (
              <tr key={trial.trialNumber} className={trial.isCorrect ? undefined : 'is-error'}>
                <th scope="row">{trial.trialNumber + 1}</th>
                <td>{trial.cueWord}</td>
                <td>{trial.stimulusWord}</td>
                <td>{trial.stimulusColor}</td>
                <td>{trial.response}</td>
                <td>{formatMs(trial.reactionTime)}</td>
                <td>{trial.isCorrect ? yes : no}</td>
                <td>{trial.isSwitch ? yes : no}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </details>
  );
}

/** A run's trials as one collapsed table per phase (sample, practice, test), empty phases left out. */
export function PhaseTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  return PHASES.map((phase) => {
    const ofPhase = asStroopTrials(trials).filter((trial) => trial.phase === phase);
    return ofPhase.length > 0 && <TrialTable key={phase} phase={phase} trials={ofPhase} />;
  });
}
