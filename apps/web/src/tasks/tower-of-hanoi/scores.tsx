import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatSeconds, towerOfHanoiScoresOf } from './labels';

/** A Tower of Hanoi run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function TowerOfHanoiScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = towerOfHanoiScoresOf(summary);
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={<>Each solved problem counted as fewest moves ÷ moves</>}
      />
      <ScoreTile
        term="Problems solved"
        extra={<>{scores.solvedFirstAttempt} at the first attempt</>}
      >
        {scores.solved} of {scores.problems}
      </ScoreTile>
      <ScoreTile term="In the fewest moves" extra={<>Solved optimally</>}>
        {scores.optimal} of {scores.problems}
      </ScoreTile>
      <ScoreTile term="Excess moves" extra={<>Beyond the minimum, solved problems</>}>
        {scores.totalExcessMoves}
      </ScoreTile>
      <ScoreTile term="Planning time" extra={<>Median time to lift the first disc</>}>
        {formatSeconds(scores.medianPlanningTimeMs)}
      </ScoreTile>
    </dl>
  );
}
