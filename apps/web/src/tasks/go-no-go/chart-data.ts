import type { ResultTrial } from '@cogni/domain';
import { ANTICIPATION_MS } from '@cogni/domain/tasks/go-no-go';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
import { asGoNoGoTrials, type GoNoGoResultTrial } from './labels';

const testTrialsOf = (trials: readonly ResultTrial[]) =>
  asGoNoGoTrials(trials).filter((t) => t.phase === 'test');

/**
 * The test's presses in order, for the RT-by-trial chart: hits as correct points, commissions
 * as errors. Omissions and correct rejections have no reaction time.
 */
export function getTestRtSeries(trials: readonly ResultTrial[]): TestTrialPoint[] {
  return testTrialsOf(trials).flatMap((t) =>
    t.reactionTime === null
      ? []
      : [{ position: t.trialNumber + 1, rtMs: t.reactionTime, isCorrect: t.isCorrect === true }],
  );
}

/** 1-based positions of the test's omissions (go trials without a press). */
export function getOmissionPositions(trials: readonly ResultTrial[]): number[] {
  return testTrialsOf(trials)
    .filter((t) => t.responseType === 'omission')
    .map((t) => t.trialNumber + 1);
}

/** As the stored scores count RTs: at least 100 ms, and not interrupted where that is known. */
function isRtEligible(trial: GoNoGoResultTrial): trial is GoNoGoResultTrial & {
  reactionTime: number;
} {
  return (
    trial.reactionTime !== null &&
    trial.reactionTime >= ANTICIPATION_MS &&
    trial.timing?.wasInterrupted !== true
  );
}

/** Go reaction times (hits) beside commission reaction times, for the box plot. */
export function getGoCommissionSpread(trials: readonly ResultTrial[]): ConditionRtSpread[] {
  const eligible = testTrialsOf(trials).filter(isRtEligible);
  return [
    toConditionRtSpread(
      'hit',
      'Go, pressed (hits)',
      eligible.filter((t) => t.responseType === 'hit').map((t) => t.reactionTime),
    ),
    toConditionRtSpread(
      'commission',
      'No-go, pressed (commissions)',
      eligible.filter((t) => t.responseType === 'commission').map((t) => t.reactionTime),
    ),
  ];
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

const listed = (positions: readonly number[]) =>
  `${positions.length === 1 ? 'trial' : 'trials'} ${positions.join(', ')}`;

/** The RT-by-trial chart in words: its text alternative, shown under it. */
export function describeTestRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  testTrials: number,
): string {
  if (testTrials === 0) return 'No test trials were recorded.';
  const hits = points.filter((p) => p.isCorrect);
  const commissions = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const rts = hits.map((p) => p.rtMs);
  const hitText =
    hits.length === 0
      ? 'No go trial was answered.'
      : `Reaction time of each of the ${plural(hits.length, 'go trial', 'go trials')} answered in the ${testTrials} test trials, as circles in trial order, from ${formatMs(Math.min(...rts))} to ${formatMs(Math.max(...rts))}.`;
  const commissionText =
    commissions.length === 0
      ? 'No presses on no-go trials.'
      : `${plural(commissions.length, 'press', 'presses')} on no-go trials (commissions), drawn as crosses, on ${listed(commissions)}.`;
  const omissionText =
    omissions.length === 0
      ? 'No go trial was missed.'
      : `${plural(omissions.length, 'go trial', 'go trials')} missed (omissions), marked by dashed lines, on ${listed(omissions)}.`;
  const cutOff = points.filter((p) => p.isCutOff).length;
  const cutOffText =
    cutOffMs === null
      ? ''
      : ` ${plural(cutOff, 'reaction time', 'reaction times')} above ${formatMs(cutOffMs)} ${cutOff === 1 ? 'is' : 'are'} drawn as a triangle at the top.`;
  return `${hitText} ${commissionText} ${omissionText}${cutOffText}`;
}

/** The box plot in words. */
export function describeGoCommissionChart(spread: readonly ConditionRtSpread[]): string {
  const parts = spread.map((cell) => {
    if (cell.meanMs === null) return `${cell.label}: none`;
    const sd = cell.sdMs === null ? '' : `, SD ${formatMs(cell.sdMs)}`;
    return `${cell.label}: mean ${formatMs(cell.meanMs)}${sd}, ${plural(cell.rtsMs.length, 'trial', 'trials')}`;
  });
  return `Boxes span the middle half of the test's reaction times of presses on go and on no-go trials (presses within 100 ms left out), with the median as a line and the mean as a diamond. ${parts.join('; ')}.`;
}
