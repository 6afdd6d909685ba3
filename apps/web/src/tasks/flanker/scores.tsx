import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import {
  formatMs,
  formatPercent,
  formatSignedMs,
  formatSignedPoints,
} from '../../lib/format-scores';
import { flankerScoresOf, toPercent } from './labels';

/** A flanker run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function FlankerScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = flankerScoresOf(summary);
  const { congruent, incongruent } = scores;
  return (
    <dl className="score-list">
      <OverallScoreTile summary={summary} />
      <ScoreTile
        term="Flanker effect"
        extra={
          <>
            incongruent {formatMs(incongruent.meanRtMs)} − congruent {formatMs(congruent.meanRtMs)}
          </>
        }
      >
        {formatSignedMs(scores.flankerEffectMs)}
      </ScoreTile>
      <ScoreTile
        term="Accuracy effect"
        extra={
          <>
            congruent {formatPercent(toPercent(congruent.accuracy))} − incongruent{' '}
            {formatPercent(toPercent(incongruent.accuracy))}
          </>
        }
      >
        {formatSignedPoints(toPercent(scores.accuracyFlankerEffect))}
      </ScoreTile>
      <ScoreTile term="Mean reaction time" extra={<>correct answers</>}>
        {formatMs(scores.meanRtMs)}
      </ScoreTile>
    </dl>
  );
}
