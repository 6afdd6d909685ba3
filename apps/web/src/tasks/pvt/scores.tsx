import type { RunSummary } from '@cogni/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatSpeed, pvtScoresOf } from './labels';

/** A PVT run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function PvtScoreTiles({ summary }: { summary: RunSummary }) {
  const { t } = useLingui();
  const scores = pvtScoresOf(summary);
  const { lapses, stimuli, lapseThresholdMs, falseStartThresholdMs } = scores;
  const inverseRt = t`1 divided by the reaction time`;
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          <Trans>
            performance score: the share of counters and false starts that were neither a lapse nor
            a false start
          </Trans>
        }
      />
      <ScoreTile
        term={
          <Trans>
            Response speed (mean <abbr title={inverseRt}>1/RT</abbr>)
          </Trans>
        }
      >
        {formatSpeed(scores.meanSpeed)}
      </ScoreTile>
      <ScoreTile
        term={t`Lapses`}
        extra={
          <Plural
            value={stimuli}
            one={`${lapses} of # counter at ${lapseThresholdMs} ms or slower, or not answered`}
            other={`${lapses} of # counters at ${lapseThresholdMs} ms or slower, or not answered`}
          />
        }
      >
        {formatPercent(scores.lapseRate === null ? null : scores.lapseRate * 100)}
      </ScoreTile>
      <ScoreTile term={t`Median reaction time`}>{formatMs(scores.medianRtMs)}</ScoreTile>
      <ScoreTile
        term={t`False starts`}
        extra={<Trans>pressed before the counter or within {falseStartThresholdMs} ms</Trans>}
      >
        {scores.falseStarts}
      </ScoreTile>
    </dl>
  );
}
