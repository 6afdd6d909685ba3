import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
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
  const { i18n, t } = useLingui();
  const { locale } = i18n;
  const counters = useMemo(
    () => asPvtTrials(trials).filter((trial) => trial.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getPvtRtSeries(trials)), [trials]);
  const timeouts = useMemo(() => getTimeoutPositions(trials), [trials]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the halves' names follow the language.
  const spread = useMemo(() => getTimeOnTaskSpread(trials), [trials, locale]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={counters}
      series={series}
      omissions={timeouts}
      spread={spread}
      trialsLabel={t`Reaction time to each of the ${counters} counters of the test`}
      trialsDescription={describePvtRtChart(series.points, timeouts, series.cutOffMs, counters)}
      spreadTitle={t`Reaction times by time on task`}
      spreadLabel={t`Box plot of reaction times in the first and the second half of the test`}
      spreadDescription={describeTimeOnTaskChart(spread)}
    />
  );
}
