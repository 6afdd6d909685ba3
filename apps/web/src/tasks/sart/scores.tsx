import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { sartScoresOf } from './labels';

/** A coefficient of variation with two decimals. */
export function formatCv(value: number | null): string {
  return value === null ? NO_VALUE : value.toFixed(2);
}

/** A SART run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function SartScoreTiles({ summary }: { summary: RunSummary }) {
  const scores = sartScoresOf(summary);
  const { counts } = scores;
  return (
    <dl className="score-list">
      <OverallScoreTile summary={summary} extra={<>go and no-go digits weighed equally</>} />
      <ScoreTile
        term="Commission errors"
        extra={
          <>
            pressed for {scores.commissions} of {counts.noGoTrials} no-go{' '}
            {counts.noGoTrials === 1 ? 'digit' : 'digits'}
          </>
        }
      >
        {formatPercent(scores.commissionPercent)}
      </ScoreTile>
      <ScoreTile
        term="Omissions"
        extra={
          <>
            missed {scores.omissions} of {counts.goTrials} go{' '}
            {counts.goTrials === 1 ? 'digit' : 'digits'}
          </>
        }
      >
        {formatPercent(scores.omissionPercent)}
      </ScoreTile>
      <ScoreTile term="Mean go reaction time">{formatMs(scores.meanGoRtMs)}</ScoreTile>
      <ScoreTile
        term={
          <>
            RT variability (<abbr title="coefficient of variation">CV</abbr>)
          </>
        }
      >
        {formatCv(scores.cvGoRt)}
      </ScoreTile>
    </dl>
  );
}
