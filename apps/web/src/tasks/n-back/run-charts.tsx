import type { ResultTrial } from '@cogni/domain';
import { useCallback, useMemo } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeAnswerRtChart,
  describeHitRtChart,
  getAnswerRtSeries,
  getHitRtSpread,
  getOmissionPositions,
  scoredTestTrialsOf,
} from './chart-data';

/**
 * The charts of an N-back result: the reaction time of every answer across the test (correct
 * as circles, wrong as crosses, letters left unanswered as dashed lines), and hits' reaction
 * times level by level.
 */
export function NBackRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const scoredTrials = useMemo(() => scoredTestTrialsOf(trials).length, [trials]);
  const series = useMemo(() => getDisplayedTrialPoints(getAnswerRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getOmissionPositions(trials), [trials]);
  const spread = useMemo(() => getHitRtSpread(trials), [trials]);
  const drawTrials = useCallback<DrawChart>(
    (charts, width) =>
      // The chart's dashed markers stand half a trial after the position they are given; an
      // omission's line is drawn on the letter itself.
      charts.drawTrialRtChart(
        series.points,
        omissions.map((position) => position - 0.5),
        Math.max(scoredTrials, 1),
        width,
      ),
    [series, omissions, scoredTrials],
  );
  const drawSpread = useCallback<DrawChart>(
    (charts, width) => charts.drawConditionRtChart(spread, width),
    [spread],
  );
  return (
    <div className="result-details__charts">
      <PlotFigure
        title="Reaction time across the test"
        label={`Reaction time of each answer to the ${scoredTrials} scored letters`}
        description={describeAnswerRtChart(series.points, omissions, series.cutOffMs, scoredTrials)}
        render={drawTrials}
      />
      <PlotFigure
        title="Reaction time of hits by level"
        label="Box plot of reaction times of hits at each level"
        description={describeHitRtChart(spread)}
        render={drawSpread}
      />
    </div>
  );
}
