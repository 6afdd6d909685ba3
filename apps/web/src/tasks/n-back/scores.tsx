import type { RunSummary } from '@cogni/domain';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatSignal, nBackScoresOf, toPercent } from './labels';

/** An N-back run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function NBackScoreTiles({ summary }: { summary: RunSummary }) {
  const { overall, levels } = nBackScoresOf(summary);
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
        <dt>
          Sensitivity (<abbr title="d prime">d′</abbr>)
        </dt>
        <dd>
          {formatSignal(overall.dPrime)}
          <span className="score-list__extra">
            {levels.map((l) => `${l.n}-back ${formatSignal(l.dPrime)}`).join(' · ')}
          </span>
        </dd>
      </div>
      <div className="score-list__item">
        <dt>Hit rate</dt>
        <dd>
          {formatPercent(toPercent(overall.hitRate))}
          <span className="score-list__extra">of targets answered “same”</span>
        </dd>
      </div>
      <div className="score-list__item">
        <dt>False-alarm rate</dt>
        <dd>
          {formatPercent(toPercent(overall.falseAlarmRate))}
          <span className="score-list__extra">of non-targets answered “same”</span>
        </dd>
      </div>
      <div className="score-list__item">
        <dt>Mean reaction time of hits</dt>
        <dd>{formatMs(overall.meanHitRtMs)}</dd>
      </div>
    </dl>
  );
}
