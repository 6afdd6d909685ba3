import type { ResultTrial } from '@cogni/domain';
import { useCallback, useMemo } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeGoCommissionChart,
  describeTestRtChart,
  getGoCommissionSpread,
  getOmissionPositions,
  getTestRtSeries,
} from './chart-data';
import { asGoNoGoTrials } from './labels';

/**
 * The charts of a Go/No-Go result: reaction time across the test (hits as circles, commissions
 * as crosses, omissions as dashed lines), and go reaction times beside commission ones.
 */
export function GoNoGoRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const testTrials = useMemo(
    () => asGoNoGoTrials(trials).filter((t) => t.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getTestRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getOmissionPositions(trials), [trials]);
  const spread = useMemo(() => getGoCommissionSpread(trials), [trials]);
  const drawTrials = useCallback<DrawChart>(
    (charts, width) =>
      // The chart's dashed markers stand half a trial after the position they are given; an
      // omission's line is drawn on the omitted trial itself.
      charts.drawTrialRtChart(
        series.points,
        omissions.map((position) => position - 0.5),
        Math.max(testTrials, 1),
        width,
      ),
    [series, omissions, testTrials],
  );
  const drawSpread = useCallback<DrawChart>(
    (charts, width) => charts.drawConditionRtChart(spread, width),
    [spread],
  );
  return (
    <div className="result-details__charts">
      <PlotFigure
        title="Reaction time across the test"
        label={`Reaction time of each press in the ${testTrials} test trials`}
        description={describeTestRtChart(series.points, omissions, series.cutOffMs, testTrials)}
        render={drawTrials}
      />
      <PlotFigure
        title="Go and commission reaction times"
        label="Box plot of reaction times of presses on go and on no-go trials"
        description={describeGoCommissionChart(spread)}
        render={drawSpread}
      />
    </div>
  );
}
