import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import type { ConditionRtSpread, DisplayedTrialPoint } from '../../lib/charts/chart-data';
import { type DrawChart, PlotFigure } from './plot-figure';

/**
 * A fixed-pace task's two result charts: the reaction time of every answer across the scored
 * trials (omissions as dashed lines on their own trials), and the spread of reaction times by
 * condition. The task supplies the data and the words.
 */
export function TrialAndSpreadRtCharts(props: {
  /** How many scored trials the first chart spans. */
  trialCount: number;
  series: { points: DisplayedTrialPoint[]; cutOffMs: number | null };
  /** 1-based positions of the trials left unanswered. */
  omissions: readonly number[];
  spread: readonly ConditionRtSpread[];
  trialsLabel: string;
  trialsDescription: string;
  spreadTitle: string;
  spreadLabel: string;
  spreadDescription: string;
}) {
  const { trialCount, series, omissions, spread } = props;
  const { t } = useLingui();
  const drawTrials = useCallback<DrawChart>(
    (charts, width) =>
      // The chart's dashed markers stand half a trial after the position they are given; an
      // omission's line is drawn on the omitted trial itself.
      charts.drawTrialRtChart(
        series.points,
        omissions.map((position) => position - 0.5),
        Math.max(trialCount, 1),
        width,
      ),
    [series, omissions, trialCount],
  );
  const drawSpread = useCallback<DrawChart>(
    (charts, width) => charts.drawConditionRtChart(spread, width),
    [spread],
  );
  return (
    <div className="result-details__charts">
      <PlotFigure
        title={t`Reaction time across the test`}
        label={props.trialsLabel}
        description={props.trialsDescription}
        render={drawTrials}
      />
      <PlotFigure
        title={props.spreadTitle}
        label={props.spreadLabel}
        description={props.spreadDescription}
        render={drawSpread}
      />
    </div>
  );
}
