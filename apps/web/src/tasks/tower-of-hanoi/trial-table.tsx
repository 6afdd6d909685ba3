import type { ResultTrial } from '@cogni/domain';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CollapsedTrialTable, INPUT_NAMES } from '../../components/task/trial-table';
import {
  asTowerOfHanoiTrials,
  END_REASON_TEXT,
  formatSeconds,
  problemName,
  type TowerOfHanoiResultTrial,
} from './labels';

/** How a problem ended, in a table cell: 'Solved', 'Time is up (attempt 2)'. */
function outcome(i18n: I18n, trial: TowerOfHanoiResultTrial): string {
  const reason = i18n._(END_REASON_TEXT[trial.endReason]);
  const { attempts } = trial;
  const ended = attempts > 1 ? i18n._(msg`${reason} (attempt ${attempts})`) : reason;
  return trial.restarted ? i18n._(msg`${ended}, restarted`) : ended;
}

/** A run's problems, one row each: the problem, its moves against the fewest, its times. */
export function TowerOfHanoiTrialTables({ trials }: { trials: readonly ResultTrial[] }) {
  const { i18n, t } = useLingui();
  const problems = [...asTowerOfHanoiTrials(trials)].sort((a, b) =>
    a.phase === b.phase ? a.trialNumber - b.trialNumber : a.phase === 'practice' ? -1 : 1,
  );
  const solved = problems.filter((trial) => trial.phase === 'test' && trial.solved).length;
  const test = problems.filter((trial) => trial.phase === 'test').length;
  return (
    <CollapsedTrialTable
      summary={t`Problems (${test}, ${solved} solved)`}
      label={t`Problems`}
      columns={[
        t`Problem`,
        t`Discs`,
        t`Fewest moves`,
        t`Moves`,
        t`Excess`,
        t`Outcome`,
        t({ comment: 'planning time, a column heading', message: 'Planning' }),
        t`Solution time`,
        t({ comment: 'moves refused (a larger disc on a smaller one)', message: 'Refused' }),
        t`Empty taps`,
        t`Put back`,
        t`Input`,
      ]}
    >
      {problems.map((trial) => {
        const input = INPUT_NAMES[trial.inputModality];
        return (
          <tr
            key={`${trial.phase}-${trial.trialNumber}`}
            className={trial.solved ? undefined : 'is-error'}
            data-problem={trial.problemId}
          >
            <th scope="row">{problemName(trial)}</th>
            <td>{trial.discs}</td>
            <td>{trial.minMoves}</td>
            <td>{trial.moves}</td>
            <td>{trial.solved ? trial.moves - trial.minMoves : '–'}</td>
            <td>{outcome(i18n, trial)}</td>
            <td>{formatSeconds(trial.reactionTime)}</td>
            <td>{formatSeconds(trial.solutionTimeMs)}</td>
            <td>{trial.illegalAttempts}</td>
            <td>{trial.emptySourceAttempts}</td>
            <td>{trial.cancels}</td>
            <td>{input ? t(input) : ''}</td>
          </tr>
        );
      })}
    </CollapsedTrialTable>
  );
}
