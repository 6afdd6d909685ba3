import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
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
  const { i18n, t } = useLingui();
  const { locale } = i18n;
  const problems = useMemo(
    () => asTowerOfHanoiTrials(trials).filter((trial) => trial.phase === 'test').length,
    [trials],
  );
  const excess = useMemo(() => getExcessPoints(trials), [trials]);
  const planning = useMemo(() => getDisplayedTrialPoints(getPlanningPoints(trials)), [trials]);
  const untimed = useMemo(() => getUntimedProblems(trials), [trials]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the axes' names follow the language.
  const drawExcess = useMemo(() => drawExcessChart(excess, problems), [excess, problems, locale]);
  const drawPlanning = useCallback<DrawChart>(
    (charts, width) => charts.drawTrialRtChart(planning.points, [], Math.max(problems, 1), width),
    [planning, problems],
  );
  return (
    <div className="result-details__charts">
      <PlotFigure
        title={t`Excess moves by problem`}
        label={t`Moves beyond the fewest possible, for each solved problem`}
        description={describeExcess(excess, problems)}
        render={drawExcess}
      />
      <PlotFigure
        title={t`Planning time by problem`}
        label={t`Time to the first disc lifted, for each timed problem`}
        description={describePlanning(planning.points, planning.cutOffMs, untimed)}
        render={drawPlanning}
      />
    </div>
  );
}
