import type { ResultTrial } from '@cogni/domain';
import { useMemo } from 'react';
import { TrialAndSpreadRtCharts } from '../../components/charts/rt-charts';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describePvtRtChart,
  describeTimeOnTaskChart,
  getPvtRtSeries,
  getTimeOnTaskSpread,
  getTimeoutPositions,
} from './chart-data';
import { asPvtTrials } from './labels';

/**
 * The charts of a PVT result: the reaction time to every counter across the test (valid
 * responses as circles, lapses and false starts as crosses, timeouts as dashed lines), and the
 * reaction times of the first half of the test beside the second's.
 */
export function PvtRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const counters = useMemo(
    () => asPvtTrials(trials).filter((t) => t.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getPvtRtSeries(trials)), [trials]);
  const timeouts = useMemo(() => getTimeoutPositions(trials), [trials]);
  const spread = useMemo(() => getTimeOnTaskSpread(trials), [trials]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={counters}
      series={series}
      omissions={timeouts}
      spread={spread}
      trialsLabel={`Reaction time to each of the ${counters} counters of the test`}
      trialsDescription={describePvtRtChart(series.points, timeouts, series.cutOffMs, counters)}
      spreadTitle="Reaction times by time on task"
      spreadLabel="Box plot of reaction times in the first and the second half of the test"
      spreadDescription={describeTimeOnTaskChart(spread)}
    />
  );
}
