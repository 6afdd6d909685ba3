import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { TrialAndSpreadRtCharts } from '../../components/charts/rt-charts';
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
  const { t } = useLingui();
  const testTrials = useMemo(
    () => asGoNoGoTrials(trials).filter((trial) => trial.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getTestRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getOmissionPositions(trials), [trials]);
  const names = useMemo(
    () => ({ hit: t`Go, pressed (hits)`, commission: t`No-go, pressed (commissions)` }),
    [t],
  );
  const spread = useMemo(() => getGoCommissionSpread(trials, names), [trials, names]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={testTrials}
      series={series}
      omissions={omissions}
      spread={spread}
      trialsLabel={t`Reaction time of each press in the ${testTrials} test trials`}
      trialsDescription={describeTestRtChart(series.points, omissions, series.cutOffMs, testTrials)}
      spreadTitle={t`Go and commission reaction times`}
      spreadLabel={t`Box plot of reaction times of presses on go and on no-go trials`}
      spreadDescription={describeGoCommissionChart(spread)}
    />
  );
}
