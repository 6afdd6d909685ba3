import type { RunSummary } from '@cogni/domain';
import { Trans } from '@lingui/react/macro';
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
  const { correctTrials, totalTrials } = summary;
  const switchCost =
    versioned.version === 2
      ? {
          rtMs: versioned.scores.switchCost.rtMs.mean,
          errorRatePercent: versioned.scores.switchCost.errorRatePercent.mean,
        }
      : versioned.scores.metrics.switchCost;
  const errorRate = formatSignedPoints(switchCost.errorRatePercent);
  return (
    <dl className="score-list">
      <div className="score-list__item">
        <dt>
          <Trans>Overall score</Trans>
        </dt>
        <dd>{formatPercent(summary.overallScore)}</dd>
      </div>
      <div className="score-list__item">
        <dt>
          <Trans>Correct answers</Trans>
        </dt>
        <dd>
          <Trans>
            {correctTrials} of {totalTrials}
          </Trans>
        </dd>
      </div>
      <div className="score-list__item">
        <dt>
          <Trans>Average reaction time</Trans>
        </dt>
        <dd>{formatMs(summary.averageReactionTime)}</dd>
      </div>
      <div className="score-list__item">
        <dt>
          <Trans>Colour-cue accuracy</Trans>
        </dt>
        <dd>{formatPercent(scores.colorNamingAccuracy)}</dd>
      </div>
      <div className="score-list__item">
        <dt>
          <Trans>Word-cue accuracy</Trans>
        </dt>
        <dd>{formatPercent(scores.wordReadingAccuracy)}</dd>
      </div>
      <div className="score-list__item">
        {/* Colour-cue minus Word-cue RT: every trial is incongruent, so not Stroop interference. */}
        <dt>
          <Trans>Colour-naming cost</Trans>
        </dt>
        <dd>
          {formatSignedMs(
            versioned.version === 2
              ? versioned.scores.colorNamingCost.rtMs
              : versioned.scores.interferenceEffect,
          )}
        </dd>
      </div>
      <div className="score-list__item">
        <dt>
          <Trans>Switch cost</Trans>
        </dt>
        <dd>
          {formatSignedMs(switchCost.rtMs)}
          {switchCost.errorRatePercent !== null && (
            <span className="score-list__extra">
              <Trans>error rate {errorRate}</Trans>
            </span>
          )}
        </dd>
      </div>
    </dl>
  );
}
