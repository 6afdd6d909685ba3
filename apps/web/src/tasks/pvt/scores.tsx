import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatSpeed, pvtScoresOf } from './labels';

/** A PVT run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function PvtScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = pvtScoresOf(summary);
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={
          <>
            performance score: the share of counters and false starts that were neither a lapse nor
            a false start
          </>
        }
      />
      <ScoreTile
        term={
          <>
            Response speed (mean <abbr title="1 divided by the reaction time">1/RT</abbr>)
          </>
        }
      >
        {formatSpeed(scores.meanSpeed)}
      </ScoreTile>
      <ScoreTile
        term="Lapses"
        extra={
          <>
            {scores.lapses} of {scores.stimuli} counters at {scores.lapseThresholdMs} ms or slower,
            or not answered
          </>
        }
      >
        {formatPercent(scores.lapseRate === null ? null : scores.lapseRate * 100)}
      </ScoreTile>
      <ScoreTile term="Median reaction time">{formatMs(scores.medianRtMs)}</ScoreTile>
      <ScoreTile
        term="False starts"
        extra={<>pressed before the counter or within {scores.falseStartThresholdMs} ms</>}
      >
        {scores.falseStarts}
      </ScoreTile>
    </dl>
  );
}
