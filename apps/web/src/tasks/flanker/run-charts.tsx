import type { ResultTrial } from '@cogni/domain';
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
import { asFlankerTrials } from './labels';

/**
 * The charts of a flanker result: reaction time across the test (correct answers as circles,
 * errors as crosses, omissions as dashed lines), and correct congruent beside incongruent
 * reaction times, whose distance is the flanker effect.
 */
export function FlankerRunCharts({ trials }: { trials: readonly ResultTrial[] }) {
  const testTrials = useMemo(
    () => asFlankerTrials(trials).filter((t) => t.phase === 'test').length,
    [trials],
  );
  const series = useMemo(() => getDisplayedTrialPoints(getTestRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getOmissionPositions(trials), [trials]);
  const spread = useMemo(() => getCongruencySpread(trials), [trials]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={testTrials}
      series={series}
      omissions={omissions}
      spread={spread}
      trialsLabel={`Reaction time of each answer in the ${testTrials} test trials`}
      trialsDescription={describeTestRtChart(series.points, omissions, series.cutOffMs, testTrials)}
      spreadTitle="Congruent and incongruent reaction times"
      spreadLabel="Box plot of correct reaction times on congruent and on incongruent trials"
      spreadDescription={describeCongruencyChart(spread)}
    />
  );
}
