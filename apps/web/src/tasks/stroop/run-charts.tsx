import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeConditionRtChart,
  describeTrialRtChart,
} from '../../lib/charts/chart-descriptions';
import { getCellRtSpread, getRestBreakPositions, getTestTrialSeries } from './chart-data';
import { SHOWN_CONFIG } from './labels';

/** The reaction-time charts of a Stroop result: RT by condition, and RT across the test. */
export function StroopRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const { t } = useLingui();
  const config = SHOWN_CONFIG;
  const cells = useMemo(() => getCellRtSpread(config, trials), [trials]);
  const series = useMemo(() => getDisplayedTrialPoints(getTestTrialSeries(trials)), [trials]);
  const drawCells = useCallback<DrawChart>(
    (charts, width) => charts.drawConditionRtChart(cells, width),
    [cells],
  );
  const drawTrials = useCallback<DrawChart>(
    (charts, width) =>
      charts.drawTrialRtChart(
        series.points,
        getRestBreakPositions(config),
        config.testTrials,
        width,
      ),
    [series],
  );
  const count = series.points.length;
  return (
    <div className="result-details__charts">
      <PlotFigure
        title={t`Reaction time by condition`}
        label={t`Box plot of reaction times in the four conditions`}
        description={describeConditionRtChart(cells)}
        render={drawCells}
      />
      <PlotFigure
        title={t`Reaction time across the test`}
        label={t`Reaction time of each of the ${count} test trials`}
        description={describeTrialRtChart(
          series.points,
          series.cutOffMs,
          t({ comment: 'What the dashed lines of a chart mark', message: 'rest breaks' }),
        )}
        render={drawTrials}
      />
    </div>
  );
}
