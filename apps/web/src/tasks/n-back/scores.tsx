import type { RunSummary } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatSignal, N_BACK_BALANCED_HEADLINE_VERSION, nBackScoresOf, toPercent } from './labels';

/** An N-back run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function NBackScoreTiles({ summary }: { summary: RunSummary }) {
  const { t } = useLingui();
  const { overall, levels } = nBackScoresOf(summary);
  const dPrime = t`d prime`;
  const byLevel = levels
    .map((level) => {
      const { n } = level;
      const value = formatSignal(level.dPrime);
      return t`${n}-back ${value}`;
    })
    .join(' · ');
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          summary.scoringVersion >= N_BACK_BALANCED_HEADLINE_VERSION ? (
            <Trans>targets and non-targets weighed equally</Trans>
          ) : undefined
        }
      />
      <ScoreTile
        term={
          <Trans>
            Sensitivity (<abbr title={dPrime}>d′</abbr>)
          </Trans>
        }
        extra={byLevel}
      >
        {formatSignal(overall.dPrime)}
      </ScoreTile>
      <ScoreTile term={t`Hit rate`} extra={t`of targets answered “same”`}>
        {formatPercent(toPercent(overall.hitRate))}
      </ScoreTile>
      <ScoreTile term={t`False-alarm rate`} extra={t`of non-targets answered “same”`}>
        {formatPercent(toPercent(overall.falseAlarmRate))}
      </ScoreTile>
      <ScoreTile term={t`Mean reaction time of hits`}>{formatMs(overall.meanHitRtMs)}</ScoreTile>
    </dl>
  );
}
