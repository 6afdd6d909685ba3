import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatSignal, N_BACK_BALANCED_HEADLINE_VERSION, nBackScoresOf, toPercent } from './labels';

/** An N-back run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function NBackScoreTiles({ summary }: { summary: RunSummary }) {
  const { overall, levels } = nBackScoresOf(summary);
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          summary.scoringVersion >= N_BACK_BALANCED_HEADLINE_VERSION ? (
            <>targets and non-targets weighed equally</>
          ) : undefined
        }
      />
      <ScoreTile
        term={
          <>
            Sensitivity (<abbr title="d prime">d′</abbr>)
          </>
        }
        extra={levels.map((l) => `${l.n}-back ${formatSignal(l.dPrime)}`).join(' · ')}
      >
        {formatSignal(overall.dPrime)}
      </ScoreTile>
      <ScoreTile term="Hit rate" extra="of targets answered “same”">
        {formatPercent(toPercent(overall.hitRate))}
      </ScoreTile>
      <ScoreTile term="False-alarm rate" extra="of non-targets answered “same”">
        {formatPercent(toPercent(overall.falseAlarmRate))}
      </ScoreTile>
      <ScoreTile term="Mean reaction time of hits">{formatMs(overall.meanHitRtMs)}</ScoreTile>
    </dl>
  );
}
