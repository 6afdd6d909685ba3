import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { TrialAndSpreadRtCharts } from '../../components/charts/rt-charts';
import { getDisplayedTrialPoints } from '../../lib/charts/chart-data';
import {
  describeCongruencyChart,
  describeTestRtChart,
  getCongruencySpread,
  getOmissionPositions,
  getTestRtSeries,
} from './chart-data';
import { asFlankerTrials, CONGRUENCY_NAMES } from './labels';

/**
 * The charts of a flanker result: reaction time across the test (correct answers as circles,
 * errors as crosses, omissions as dashed lines), and correct congruent beside incongruent
 * reaction times, whose distance is the flanker effect.
 */
export function FlankerRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const { t } = useLingui();
  const testTrials = useMemo(
    () => asFlankerTrials(trials).filter((trial) => trial.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getTestRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getOmissionPositions(trials), [trials]);
  const names = useMemo(
    () => ({
      congruent: t(CONGRUENCY_NAMES.congruent),
      incongruent: t(CONGRUENCY_NAMES.incongruent),
    }),
    [t],
  );
  const spread = useMemo(() => getCongruencySpread(trials, names), [trials, names]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={testTrials}
      series={series}
      omissions={omissions}
      spread={spread}
      trialsLabel={t`Reaction time of each answer in the ${testTrials} test trials`}
      trialsDescription={describeTestRtChart(series.points, omissions, series.cutOffMs, testTrials)}
      spreadTitle={t`Congruent and incongruent reaction times`}
      spreadLabel={t`Box plot of correct reaction times on congruent and on incongruent trials`}
      spreadDescription={describeCongruencyChart(spread)}
    />
  );
}
