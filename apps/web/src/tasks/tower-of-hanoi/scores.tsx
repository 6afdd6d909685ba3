import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatPercent } from '../../lib/format-scores';
import { formatSeconds, towerOfHanoiScoresOf } from './labels';

/**
 * The first scoring version whose overall score is the percentage of problems solved in the
 * fewest moves; a stored run of an earlier version (awaiting its rescore) has the solution
 * score's floor there.
 */
const PERFECT_SOLUTIONS_VERSION = 3;

/**
 * A Tower of Hanoi run's headline scores as tiles: on 'Test Complete' and in progress tracking.
 * The overall score says what it counts by the run's scoring version: problems solved in the
 * fewest moves (version 3), or the solution score (versions 1 and 2, until rescored).
 */
export function TowerOfHanoiScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = towerOfHanoiScoresOf(summary);
  const perfect = summary.scoringVersion >= PERFECT_SOLUTIONS_VERSION;
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          perfect ? (
            <>
              Problems solved in the fewest moves: {scores.optimal} of {scores.problems}
            </>
          ) : (
            <>Each solved problem counted as fewest moves ÷ moves</>
          )
        }
      />
      <ScoreTile
        term="Problems solved"
        extra={<>{scores.solvedFirstAttempt} at the first attempt</>}
      >
        {scores.solved} of {scores.problems}
      </ScoreTile>
      {perfect ? (
        <ScoreTile
          term="Solution score"
          extra={<>Each solved problem counted as fewest moves ÷ moves, unsolved ones as 0</>}
        >
          {formatPercent(scores.solutionScore)}
        </ScoreTile>
      ) : (
        <ScoreTile term="In the fewest moves" extra={<>Solved optimally</>}>
          {scores.optimal} of {scores.problems}
        </ScoreTile>
      )}
      <ScoreTile
        term="Excess moves"
        extra={
          <>Beyond the minimum, over the {scores.solved} solved (unsolved problems add none)</>
        }
      >
        {scores.totalExcessMoves}
      </ScoreTile>
      <ScoreTile term="Planning time" extra={<>Median time to lift the first disc</>}>
        {formatSeconds(scores.medianPlanningTimeMs)}
      </ScoreTile>
    </dl>
  );
}
