import type { RunSummary } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const scores = towerOfHanoiScoresOf(summary);
  const perfect = summary.scoringVersion >= PERFECT_SOLUTIONS_VERSION;
  const { optimal, problems, solved, solvedFirstAttempt } = scores;
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          perfect ? (
            <Trans>
              Problems solved in the fewest moves: {optimal} of {problems}
            </Trans>
          ) : (
            <Trans>Each solved problem counted as fewest moves ÷ moves</Trans>
          )
        }
      />
      <ScoreTile
        term={t`Problems solved`}
        extra={<Trans>{solvedFirstAttempt} at the first attempt</Trans>}
      >
        <Trans>
          {solved} of {problems}
        </Trans>
      </ScoreTile>
      {perfect ? (
        <ScoreTile
          term={t`Solution score`}
          extra={
            <Trans>Each solved problem counted as fewest moves ÷ moves, unsolved ones as 0</Trans>
          }
        >
          {formatPercent(scores.solutionScore)}
        </ScoreTile>
      ) : (
        <ScoreTile term={t`In the fewest moves`} extra={<Trans>Solved optimally</Trans>}>
          <Trans>
            {optimal} of {problems}
          </Trans>
        </ScoreTile>
      )}
      <ScoreTile
        term={t`Excess moves`}
        extra={
          <Trans>Beyond the minimum, over the {solved} solved (unsolved problems add none)</Trans>
        }
      >
        {scores.totalExcessMoves}
      </ScoreTile>
      <ScoreTile term={t`Planning time`} extra={<Trans>Median time to lift the first disc</Trans>}>
        {formatSeconds(scores.medianPlanningTimeMs)}
      </ScoreTile>
    </dl>
  );
}
