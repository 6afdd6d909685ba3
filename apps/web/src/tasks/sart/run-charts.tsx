import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
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
  const { i18n, t } = useLingui();
  const { locale } = i18n;
  const testTrials = useMemo(
    () => asSartTrials(trials).filter((trial) => trial.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getSartRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getSartOmissionPositions(trials), [trials]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the conditions' names follow the language.
  const spread = useMemo(() => getSartRtSpread(trials), [trials, locale]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={testTrials}
      series={series}
      omissions={omissions}
      spread={spread}
      trialsLabel={t`Reaction time of each press in the ${testTrials} test trials`}
      trialsDescription={describeSartRtChart(series.points, omissions, series.cutOffMs, testTrials)}
      spreadTitle={t`Reaction times around the errors`}
      spreadLabel={t`Box plot of go reaction times, before commissions and before withholds, and of commissions`}
      spreadDescription={describeSartSpreadChart(spread)}
    />
  );
}
