import type { ResultTrial } from '@cogni/domain';
import { PHASES, type Phase } from '@cogni/domain/tasks/stroop';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatMs } from '../../lib/format-scores';
import { asStroopTrials, PHASE_NAMES, type StroopResultTrial } from './labels';

type TrialTableProps = { phase: Phase; trials: readonly StroopResultTrial[] };

/** One phase's trials, collapsed until asked for: what was shown, answered, and how fast. */
export function TrialTable({ phase, trials }: TrialTableProps) {
  const errors = trials.filter((t) => !t.isCorrect).length;
  return (
    <details className="disclosure">
      <summary>
        {PHASE_NAMES[phase]} trials ({trials.length}, {errors} {errors === 1 ? 'error' : 'errors'})
      </summary>
      <TableScroll label={`${PHASE_NAMES[phase]} trials`}>
        <table className="table table--numeric">
          <caption className="visually-hidden">{PHASE_NAMES[phase]} trials</caption>
          <thead>
            <tr>
              <th scope="col">Trial</th>
              <th scope="col">Cue</th>
              <th scope="col">Word</th>
              <th scope="col">Ink</th>
              <th scope="col">Response</th>
              <th scope="col">RT</th>
              <th scope="col">Correct</th>
              <th scope="col">Switch</th>
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
                <td>{trial.isCorrect ? 'Yes' : 'No'}</td>
                <td>{trial.isSwitch ? 'Yes' : 'No'}</td>
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
    const ofPhase = asStroopTrials(trials).filter((t) => t.phase === phase);
    return ofPhase.length > 0 && <TrialTable key={phase} phase={phase} trials={ofPhase} />;
  });
}
