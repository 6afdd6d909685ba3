import type { RunSummary } from '@cogni/domain';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatDPrime, goNoGoResultOf, toPercent } from './labels';

/** A Go/No-Go run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function GoNoGoScoreTiles({ summary }: { summary: RunSummary }) {
  const { scores, balancedHeadline, neverPress } = goNoGoResultOf(summary);
  const { counts } = scores;
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={balancedHeadline ? <>go and no-go trials weighed equally</> : undefined}
      />
      <ScoreTile
        term="Commission rate"
        extra={
          <>
            pressed on {scores.commissions} of {counts.noGoTrials} no-go
          </>
        }
      >
        {formatPercent(toPercent(scores.commissionRate))}
      </ScoreTile>
      <ScoreTile
        term="Omission rate"
        extra={
          <>
            missed {scores.omissions} of {counts.goTrials} go
          </>
        }
      >
        {formatPercent(toPercent(scores.omissionRate))}
      </ScoreTile>
      <ScoreTile term="Mean go reaction time">{formatMs(scores.meanGoRtMs)}</ScoreTile>
      <ScoreTile
        term={
          <>
            Sensitivity (<abbr title="d prime">d′</abbr>)
          </>
        }
        extra={
          neverPress === null ? undefined : <>never pressing gives {formatDPrime(neverPress)}</>
        }
      >
        {formatDPrime(scores.dPrime)}
      </ScoreTile>
    </dl>
  );
}
