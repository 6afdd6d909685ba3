import type { RunSummary } from '@cogni/domain';
import {
  formatMs,
  formatPercent,
  formatSignedMs,
  formatSignedPoints,
} from '../../lib/format-scores';
import { stroopScoresOf } from './labels';

type StroopScoresProps = { summary: RunSummary };

/** A run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function StroopScoreTiles({ summary }: StroopScoresProps) {
  const versioned = stroopScoresOf(summary);
  const { scores } = versioned;
  const switchCost =
    versioned.version === 2
      ? {
          rtMs: versioned.scores.switchCost.rtMs.mean,
          errorRatePercent: versioned.scores.switchCost.errorRatePercent.mean,
        }
      : versioned.scores.metrics.switchCost;
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
        {/* Colour-cue minus Word-cue RT: every trial is incongruent, so not Stroop interference. */}
        <dt>Colour-naming cost</dt>
        <dd>
          {formatSignedMs(
            versioned.version === 2
              ? versioned.scores.colorNamingCost.rtMs
              : versioned.scores.interferenceEffect,
          )}
        </dd>
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
