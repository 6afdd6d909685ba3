import type { RunSummary } from '@cogni/domain';
import type { Scores } from '@cogni/domain/tasks/tower-of-hanoi';
import { TableScroll } from '../../components/ui/table-scroll';
import { formatDuration, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { formatSeconds, towerOfHanoiScoresOf } from './labels';

const percent = (value: number | null) => formatPercent(value === null ? null : value * 100);

type Row = { label: string; value: (scores: Scores) => string | number };

const ROWS: readonly { title: string; rows: readonly Row[] }[] = [
  {
    title: 'Solutions',
    rows: [
      {
        label: 'Problems solved',
        value: (s) => `${s.solved} of ${s.problems} (${percent(s.proportionSolved)})`,
      },
      { label: 'Solved at the first attempt', value: (s) => s.solvedFirstAttempt },
      {
        label: 'Solved in the fewest moves (optimal)',
        value: (s) => `${s.optimal} of ${s.problems} (${percent(s.proportionOptimal)})`,
      },
      {
        label: 'Excess moves, solved problems only',
        value: (s) => `${s.totalExcessMoves} over ${s.solved} solved`,
      },
      {
        label: 'Excess moves per solved problem',
        value: (s) => (s.meanExcessMoves === null ? NO_VALUE : s.meanExcessMoves.toFixed(2)),
      },
      {
        label: 'Excess moves per minimum move',
        value: (s) => (s.excessMoveRate === null ? NO_VALUE : s.excessMoveRate.toFixed(2)),
      },
      { label: 'Move efficiency (fewest ÷ moves)', value: (s) => percent(s.meanMoveEfficiency) },
      {
        label: 'Solution score (fewest ÷ moves, unsolved problems 0)',
        value: (s) => formatPercent(s.solutionScore),
      },
    ],
  },
  {
    title: 'Times',
    rows: [
      {
        label: 'Median planning time (to the first disc lifted)',
        value: (s) => formatSeconds(s.medianPlanningTimeMs),
      },
      {
        label: 'Median time to the first completed move',
        value: (s) => formatSeconds(s.medianFirstMoveTimeMs),
      },
      { label: 'Median solution time', value: (s) => formatSeconds(s.medianSolutionTimeMs) },
      {
        label: 'Median time per move (first disc lifted to solution ÷ moves)',
        value: (s) => formatSeconds(s.medianExecutionTimePerMoveMs),
      },
      { label: 'Time on the test problems', value: (s) => formatDuration(s.totalTimeMs) },
    ],
  },
  {
    title: 'Rules and limits',
    rows: [
      { label: 'Larger disc on a smaller one (refused)', value: (s) => s.illegalAttempts },
      { label: 'Taps on an empty peg', value: (s) => s.emptySourceAttempts },
      { label: 'Discs put back', value: (s) => s.cancels },
      { label: 'Problems out of time', value: (s) => s.timedOut },
      { label: 'Problems at the move limit', value: (s) => s.moveLimitReached },
      {
        label: 'Left out of the times',
        value: (s) => `${s.restarted} restarted after a reload, ${s.interrupted} interrupted`,
      },
    ],
  },
];

/**
 * A Tower of Hanoi run's scores beyond the tiles: solutions and excess moves, times, rule
 * violations and limits, and the practice problem. In progress tracking and the admin's result
 * details.
 */
export function TowerOfHanoiScoreDetails({ summary }: { summary: RunSummary }) {
  const scores = towerOfHanoiScoresOf(summary);
  const { practice } = scores;
  return (
    <>
      <TableScroll label="Tower of Hanoi scores">
        <table className="table table--numeric">
          <caption>Scores of the test problems</caption>
          {ROWS.map((group) => (
            <tbody key={group.title}>
              <tr>
                <th scope="colgroup" colSpan={2} className="toh-scores__group">
                  {group.title}
                </th>
              </tr>
              {group.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.value(scores)}</td>
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableScroll>
      <p className="score-note">
        {practice === null
          ? 'This run had no practice problem.'
          : practice.solved
            ? `Practice: solved in ${practice.moves} moves (the fewest is ${practice.minMoves}).`
            : 'Practice: not solved.'}
      </p>
    </>
  );
}
