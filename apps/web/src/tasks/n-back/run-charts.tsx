import type { ResultTrial } from '@cogni/domain';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { TrialAndSpreadRtCharts } from '../../components/charts/rt-charts';
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
  const { i18n, t } = useLingui();
  const { locale } = i18n;
  const scoredTrials = useMemo(() => scoredTestTrialsOf(trials).length, [trials]);
  const series = useMemo(() => getDisplayedTrialPoints(getAnswerRtSeries(trials)), [trials]);
  const omissions = useMemo(() => getOmissionPositions(trials), [trials]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the levels' names follow the language.
  const spread = useMemo(() => getHitRtSpread(trials), [trials, locale]);
  return (
    <TrialAndSpreadRtCharts
      trialCount={scoredTrials}
      series={series}
      omissions={omissions}
      spread={spread}
      trialsLabel={t`Reaction time of each answer to the ${scoredTrials} scored letters`}
      trialsDescription={describeAnswerRtChart(
        series.points,
        omissions,
        series.cutOffMs,
        scoredTrials,
      )}
      spreadTitle={t`Reaction time of hits by level`}
      spreadLabel={t`Box plot of reaction times of hits at each level`}
      spreadDescription={describeHitRtChart(spread)}
    />
  );
}
