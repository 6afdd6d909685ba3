import type { ResultTrial } from '@cogni/domain';
import { CollapsedTrialTable, INPUT_NAMES } from '../../components/task/trial-table';
import {
  asTowerOfHanoiTrials,
  END_REASON_TEXT,
  formatSeconds,
  problemName,
  type TowerOfHanoiResultTrial,
} from './labels';

/** How a problem ended, in a table cell: 'Solved', 'Time is up (attempt 2)'. */
function outcome(trial: TowerOfHanoiResultTrial): string {
  const tries = trial.attempts > 1 ? ` (attempt ${trial.attempts})` : '';
  return `${END_REASON_TEXT[trial.endReason]}${tries}${trial.restarted ? ', restarted' : ''}`;
}

/** A run's problems, one row each: the problem, its moves against the fewest, its times. */
export function TowerOfHanoiTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const problems = [...asTowerOfHanoiTrials(trials)].sort((a, b) =>
    a.phase === b.phase ? a.trialNumber - b.trialNumber : a.phase === 'practice' ? -1 : 1,
  );
  const solved = problems.filter((t) => t.phase === 'test' && t.solved).length;
  const test = problems.filter((t) => t.phase === 'test').length;
  return (
    <CollapsedTrialTable
      summary={`Problems (${test}, ${solved} solved)`}
      label="Problems"
      columns={[
        'Problem',
        'Discs',
        'Fewest moves',
        'Moves',
        'Excess',
        'Outcome',
        'Planning',
        'Solution time',
        'Refused',
        'Empty taps',
        'Put back',
        'Input',
      ]}
    >
      {problems.map((t) => (
        <tr
          key={`${t.phase}-${t.trialNumber}`}
          className={t.solved ? undefined : 'is-error'}
          data-problem={t.problemId}
        >
          <th scope="row">{problemName(t)}</th>
          <td>{t.discs}</td>
          <td>{t.minMoves}</td>
          <td>{t.moves}</td>
          <td>{t.solved ? t.moves - t.minMoves : '–'}</td>
          <td>{outcome(t)}</td>
          <td>{formatSeconds(t.reactionTime)}</td>
          <td>{formatSeconds(t.solutionTimeMs)}</td>
          <td>{t.illegalAttempts}</td>
          <td>{t.emptySourceAttempts}</td>
          <td>{t.cancels}</td>
          <td>{INPUT_NAMES[t.inputModality] ?? ''}</td>
        </tr>
      ))}
    </CollapsedTrialTable>
  );
}
