import type { ResultTrial } from '@cogni/domain';
import { useMemo } from 'react';
import { TrialAndSpreadRtCharts } from '../../components/charts/rt-charts';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeSartRtChart,
  describeSartSpreadChart,
  getSartOmissionPositions,
  getSartRtSeries,
  getSartRtSpread,
} from './chart-data';
import { asSartTrials } from './labels';

/**
 * The charts of a SART result: the reaction time of each press across the test (go presses as
 * circles, commissions as crosses, omissions as dashed lines), and the spread of go reaction
 * times, before commissions and before withholds, and of commissions.
 */
export function SartRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const testTrials = useMemo(
    () => asSartTrials(trials).filter((t) => t.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getSartRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getSartOmissionPositions(trials), [trials]);
  const spread = useMemo(() => getSartRtSpread(trials), [trials]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={testTrials}
      series={series}
      omissions={omissions}
      spread={spread}
      trialsLabel={`Reaction time of each press in the ${testTrials} test trials`}
      trialsDescription={describeSartRtChart(series.points, omissions, series.cutOffMs, testTrials)}
      spreadTitle="Reaction times around the errors"
      spreadLabel="Box plot of go reaction times, before commissions and before withholds, and of commissions"
      spreadDescription={describeSartSpreadChart(spread)}
    />
  );
}
