import type { RunSummary } from '@cogni/domain';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { OverallScoreTile, ScoreTile } from '../../components/task/score-tile';
import { formatMs, formatPercent, NO_VALUE } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';
import { sartScoresOf } from './labels';

/** A coefficient of variation with two decimals, in the reader's language. */
export function formatCv(value: number | null): string {
  return value === null
    ? NO_VALUE
    : i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** A SART run's headline scores as tiles: on 'Test Complete' and in progress tracking. */
export function SartScoreTiles({ summary }: { summary: RunSummary }) {
  const { t } = useLingui();
  const scores = sartScoresOf(summary);
  const { commissions, omissions, counts } = scores;
  const { noGoTrials, goTrials } = counts;
  const cv = t`coefficient of variation`;
  return (
    <dl className="score-list">
      <OverallScoreTile
        summary={summary}
        extra={<Trans>go and no-go digits weighed equally</Trans>}
      />
      <ScoreTile
        term={t`Commission errors`}
        extra={
          <Plural
            value={noGoTrials}
            one={`pressed for ${commissions} of # no-go digit`}
            other={`pressed for ${commissions} of # no-go digits`}
          />
        }
      >
        {formatPercent(scores.commissionPercent)}
      </ScoreTile>
      <ScoreTile
        term={t`Omissions`}
        extra={
          <Plural
            value={goTrials}
            one={`missed ${omissions} of # go digit`}
            other={`missed ${omissions} of # go digits`}
          />
        }
      >
        {formatPercent(scores.omissionPercent)}
      </ScoreTile>
      <ScoreTile term={t`Mean go reaction time`}>{formatMs(scores.meanGoRtMs)}</ScoreTile>
      <ScoreTile
        term={
          <Trans>
            RT variability (<abbr title={cv}>CV</abbr>)
          </Trans>
        }
      >
        {formatCv(scores.cvGoRt)}
      </ScoreTile>
    </dl>
  );
}
