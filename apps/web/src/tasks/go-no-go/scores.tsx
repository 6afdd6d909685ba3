import type { RunSummary } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent } from '../../lib/format-scores';
import { formatDPrime, goNoGoResultOf, toPercent } from './labels';

/** A Go/No-Go run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function GoNoGoScoreTiles({ summary }: { summary: RunSummary }) {
  const { t } = useLingui();
  const { scores, balancedHeadline, neverPress } = goNoGoResultOf(summary);
  const { counts } = scores;
  const { commissions, omissions } = scores;
  const { noGoTrials, goTrials } = counts;
  const neverPressing = formatDPrime(neverPress);
  const dPrimeName = t({
    comment: "how 'd′' (a sensitivity score) is read out",
    message: 'd prime',
  });
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={balancedHeadline ? <Trans>go and no-go trials weighed equally</Trans> : undefined}
      />
      <ScoreTile
        term={t`Commission rate`}
        extra={
          <Trans>
            pressed on {commissions} of {noGoTrials} no-go
          </Trans>
        }
      >
        {formatPercent(toPercent(scores.commissionRate))}
      </ScoreTile>
      <ScoreTile
        term={t`Omission rate`}
        extra={
          <Trans>
            missed {omissions} of {goTrials} go
          </Trans>
        }
      >
        {formatPercent(toPercent(scores.omissionRate))}
      </ScoreTile>
      <ScoreTile term={t`Mean go reaction time`}>{formatMs(scores.meanGoRtMs)}</ScoreTile>
      <ScoreTile
        term={
          <Trans>
            Sensitivity (<abbr title={dPrimeName}>d′</abbr>)
          </Trans>
        }
        extra={
          neverPress === null ? undefined : <Trans>never pressing gives {neverPressing}</Trans>
        }
      >
        {formatDPrime(scores.dPrime)}
      </ScoreTile>
    </dl>
  );
}
