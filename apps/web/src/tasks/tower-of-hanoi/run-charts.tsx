import type { ResultTrial } from '@cogni/domain';
import { useCallback, useMemo } from 'react';
import { type DrawChart, PlotFigure } from '../../components/charts/plot-figure';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeExcess,
  describePlanning,
  drawExcessChart,
  getExcessPoints,
  getPlanningPoints,
  getUntimedProblems,
} from './chart-data';
import { asTowerOfHanoiTrials } from './labels';

/**
 * The charts of a Tower of Hanoi result: the excess moves of each solved problem, on an axis of
 * every test problem (an unsolved one is a gap, and the text alternative counts them), and the
 * planning time of each problem the time scores count (not those restarted, interrupted or with
 * a time under its floor).
 */
export function TowerOfHanoiRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const problems = useMemo(
    () => asTowerOfHanoiTrials(trials).filter((t) => t.phase === 'test').length,
    [trials],
  );
  const excess = useMemo(() => getExcessPoints(trials), [trials]);
  const planning = useMemo(() => getDisplayedTrialPoints(getPlanningPoints(trials)), [trials]);
  const untimed = useMemo(() => getUntimedProblems(trials), [trials]);
  const drawExcess = useMemo(() => drawExcessChart(excess, problems), [excess, problems]);
  const drawPlanning = useCallback<DrawChart>(
    (charts, width) => charts.drawTrialRtChart(planning.points, [], Math.max(problems, 1), width),
    [planning, problems],
  );
  return (
    <div className="result-details__charts">
      <PlotFigure
        title="Excess moves by problem"
        label="Moves beyond the fewest possible, for each solved problem"
        description={describeExcess(excess, problems)}
        render={drawExcess}
      />
      <PlotFigure
        title="Planning time by problem"
        label="Time to the first disc lifted, for each timed problem"
        description={describePlanning(planning.points, planning.cutOffMs, untimed)}
        render={drawPlanning}
      />
    </div>
  );
}
