import type { ResultTrial } from '@cogni/domain';
import { getPreErrorRunRts, VALID_RT_MS } from '@cogni/domain/tasks/sart';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
import { asSartTrials, type SartResultTrial } from './labels';

const testOf = (trials: readonly ResultTrial[]) =>
  asSartTrials(trials).filter((t) => t.phase === 'test');

/** The test's presses in order: presses for go digits as correct points, commissions as errors. */
export function getSartRtSeries(trials: readonly ResultTrial[]): TestTrialPoint[] {
  return testOf(trials).flatMap((t) =>
    t.reactionTime === null
      ? []
      : [{ position: t.trialNumber + 1, rtMs: t.reactionTime, isCorrect: !t.isNogo }],
  );
}

/** 1-based positions of the test's omissions (go digits without a press). */
export function getSartOmissionPositions(trials: readonly ResultTrial[]): number[] {
  return testOf(trials)
    .filter((t) => t.responseType === 'omission')
    .map((t) => t.trialNumber + 1);
}

/** A press the RT scores take: 200 ms or more, not left out by the run's scoring. */
function validRt(trial: SartResultTrial): number[] {
  const { reactionTime, exclusions } = trial;
  if (reactionTime === null || reactionTime < VALID_RT_MS) return [];
  return exclusions && exclusions.length > 0 ? [] : [reactionTime];
}

/**
 * The box plot's conditions: valid go RTs, the go RTs of the runs of 4 correct go trials before
 * commissions and before withheld no-go digits (pre-error speeding), and valid commission RTs.
 */
export function getSartRtSpread(trials: readonly ResultTrial[]): ConditionRtSpread[] {
  const test = testOf(trials);
  const runs = getPreErrorRunRts(test);
  return [
    toConditionRtSpread('go', 'Go digits pressed', test.filter((t) => !t.isNogo).flatMap(validRt)),
    toConditionRtSpread('before-commission', 'Before a commission', runs.beforeCommission),
    toConditionRtSpread('before-withhold', 'Before a withhold', runs.beforeWithhold),
    toConditionRtSpread(
      'commission',
      'No-go digit pressed',
      test.filter((t) => t.isNogo).flatMap(validRt),
    ),
  ];
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The RT-by-trial chart in words: its text alternative, shown under it. */
export function describeSartRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  testTrials: number,
): string {
  if (testTrials === 0) return 'No test trials were recorded.';
  const go = points.filter((p) => p.isCorrect).map((p) => p.rtMs);
  const commissions = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const parts = [
    go.length === 0
      ? 'No go digit was pressed for.'
      : `Circles: the reaction times of the ${count(go.length, 'press', 'presses')} for go digits over the ${testTrials} test trials, from ${formatMs(Math.min(...go))} to ${formatMs(Math.max(...go))}.`,
    commissions.length === 0
      ? 'No press for a no-go digit.'
      : `Crosses: ${count(commissions.length, 'commission', 'commissions')} (presses for the no-go digit), at trial ${commissions.join(', ')}.`,
    omissions.length === 0
      ? 'No go digit was missed.'
      : `Dashed lines: ${count(omissions.length, 'missed go digit', 'missed go digits')}, at trial ${omissions.join(', ')}.`,
  ];
  const cut = points.filter((p) => p.isCutOff).length;
  if (cutOffMs !== null) {
    parts.push(
      `${count(cut, 'time', 'times')} above ${formatMs(cutOffMs)} drawn as a triangle at the top.`,
    );
  }
  return parts.join(' ');
}

/** The box plot in words. */
export function describeSartSpreadChart(spread: readonly ConditionRtSpread[]): string {
  const parts = spread.map((cell) =>
    cell.meanMs === null
      ? `${cell.label}: none`
      : `${cell.label}: mean ${formatMs(cell.meanMs)} over ${count(cell.rtsMs.length, 'press', 'presses')}`,
  );
  return `Each box spans the middle half of a set of reaction times, the median a line and the mean a diamond. Before a commission and before a withhold: the 4 go digits pressed for before each no-go digit, where none was missed. ${parts.join('; ')}.`;
}
