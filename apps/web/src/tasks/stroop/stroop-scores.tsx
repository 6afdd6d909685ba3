import type { RunSummary } from '@cogni/domain';
import {
  formatMs,
  formatPercent,
  formatSignedMs,
  formatSignedPoints,
} from '../../lib/format-scores';
import { stroopScoresOf } from './labels';

type StroopScoresProps = { summary: RunSummary };

/** A run's headline scores (D15, D16) as tiles: on 'Test Complete' and in progress tracking. */
export function StroopScoreTiles({ summary }: StroopScoresProps) {
  const scores = stroopScoresOf(summary);
  const { switchCost } = scores.metrics;
  return (
    <dl className="score-list">
      <div className="score-list__item">
        <dt>Overall score</dt>
        <dd>{summary.overallScore}%</dd>
      </div>
      <div className="score-list__item">
        <dt>Correct answers</dt>
        <dd>
          {summary.correctTrials} of {summary.totalTrials}
        </dd>
      </div>
      <div className="score-list__item">
        <dt>Average reaction time</dt>
        <dd>{formatMs(summary.averageReactionTime)}</dd>
      </div>
      <div className="score-list__item">
        <dt>Colour-cue accuracy</dt>
        <dd>{formatPercent(scores.colorNamingAccuracy)}</dd>
      </div>
      <div className="score-list__item">
        <dt>Word-cue accuracy</dt>
        <dd>{formatPercent(scores.wordReadingAccuracy)}</dd>
      </div>
      <div className="score-list__item">
        <dt>Interference effect</dt>
        <dd>{formatSignedMs(scores.interferenceEffect)}</dd>
      </div>
      <div className="score-list__item">
        <dt>Switch cost</dt>
        <dd>
          {formatSignedMs(switchCost.rtMs)}
          {switchCost.errorRatePercent !== null && (
            <span className="score-list__extra">
              error rate {formatSignedPoints(switchCost.errorRatePercent)}
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}
