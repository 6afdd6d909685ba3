import type { RunSummary } from '@cogni/domain';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatDPrime, goNoGoScoresOf, toPercent } from './labels';

/** A Go/No-Go run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function GoNoGoScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = goNoGoScoresOf(summary);
  const { counts } = scores;
  return (
    <dl className="score-list">
      <div className="score-list__item">
        <dt>Overall score</dt>
        <dd>
          {summary.overallScore}%
          <span className="score-list__extra">
            {summary.correctTrials} of {summary.totalTrials} correct
          </span>
        </dd>
      </div>
      <div className="score-list__item">
        <dt>Commission rate</dt>
        <dd>
          {formatPercent(toPercent(scores.commissionRate))}
          <span className="score-list__extra">
            pressed on {scores.commissions} of {counts.noGoTrials} no-go
          </span>
        </dd>
      </div>
      <div className="score-list__item">
        <dt>Omission rate</dt>
        <dd>
          {formatPercent(toPercent(scores.omissionRate))}
          <span className="score-list__extra">
            missed {scores.omissions} of {counts.goTrials} go
          </span>
        </dd>
      </div>
      <div className="score-list__item">
        <dt>Mean go reaction time</dt>
        <dd>{formatMs(scores.meanGoRtMs)}</dd>
      </div>
      <div className="score-list__item">
        <dt>
          Sensitivity (<abbr title="d prime">d′</abbr>)
        </dt>
        <dd>{formatDPrime(scores.dPrime)}</dd>
      </div>
    </dl>
  );
}
