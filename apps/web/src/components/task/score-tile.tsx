import type { RunSummary } from '@cogni/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatPercent } from '../../lib/format-scores';

/**
 * One headline score in a task's `score-list` (a `<dl>`): what it is, its value, and an optional
 * line under the value that says what it counts.
 */
export function ScoreTile(props: { term: ReactNode; extra?: ReactNode; children: ReactNode }) {
  return (
    <div className="score-list__item">
      <dt>{props.term}</dt>
      <dd>
        {props.children}
        {props.extra !== undefined && <span className="score-list__extra">{props.extra}</span>}
      </dd>
    </div>
  );
}

/**
 * The overall score's tile, first in every task's list: the percentage, and what it is of (by
 * default the correct trials of all).
 */
export function OverallScoreTile(props: { summary: RunSummary; extra?: ReactNode }) {
  const { summary } = props;
  const { t } = useLingui();
  const { correctTrials, totalTrials } = summary;
  return (
    <ScoreTile
      term={t`Overall score`}
      extra={
        props.extra ?? (
          <Trans>
            {correctTrials} of {totalTrials} correct
          </Trans>
        )
      }
    >
      {formatPercent(summary.overallScore)}
    </ScoreTile>
  );
}
