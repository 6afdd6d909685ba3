import type { ResultTrial } from '@cogni/domain';
import { ANTICIPATION_MS } from '@cogni/domain/tasks/go-no-go';
import { msg, plural } from '@lingui/core/macro';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { describeCondition } from '../../lib/charts/chart-descriptions';
import { formatMs } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';
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

/** The box plot's two conditions, by name (in the reader's language). */
export type GoCommissionNames = { hit: string; commission: string };

/** Go reaction times (hits) beside commission reaction times, for the box plot. */
export function getGoCommissionSpread(
  trials: readonly ResultTrial[],
  names: GoCommissionNames,
): ConditionRtSpread[] {
  const eligible = testTrialsOf(trials).filter(isRtEligible);
  return [
    toConditionRtSpread(
      'hit',
      names.hit,
      eligible.filter((t) => t.responseType === 'hit').map((t) => t.reactionTime),
    ),
    toConditionRtSpread(
      'commission',
      names.commission,
      eligible.filter((t) => t.responseType === 'commission').map((t) => t.reactionTime),
    ),
  ];
}

/** The RT-by-trial chart in words, in the reader's language: its text alternative, shown under it. */
export function describeTestRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  testTrials: number,
): string {
  if (testTrials === 0) return i18n._(msg`No test trials were recorded.`);
  const hits = points.filter((p) => p.isCorrect);
  const commissions = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const rts = hits.map((p) => p.rtMs);
  const parts: string[] = [];
  if (hits.length === 0) {
    parts.push(i18n._(msg`No go trial was answered.`));
  } else {
    const answered = hits.length;
    const fastest = formatMs(Math.min(...rts));
    const slowest = formatMs(Math.max(...rts));
    parts.push(
      i18n._(
        msg`Reaction time of each of the ${plural(answered, { one: '# go trial', other: '# go trials' })} answered in the ${testTrials} test trials, as circles in trial order, from ${fastest} to ${slowest}.`,
      ),
    );
  }
  if (commissions.length === 0) {
    parts.push(i18n._(msg`No presses on no-go trials.`));
  } else {
    const presses = commissions.length;
    const positions = commissions.join(', ');
    parts.push(
      i18n._(
        msg({
          message: plural(presses, {
            one: `# press on no-go trials (commissions), drawn as crosses, on trial ${positions}.`,
            other: `# presses on no-go trials (commissions), drawn as crosses, on trials ${positions}.`,
          }),
        }),
      ),
    );
  }
  if (omissions.length === 0) {
    parts.push(i18n._(msg`No go trial was missed.`));
  } else {
    const missed = omissions.length;
    const positions = omissions.join(', ');
    parts.push(
      i18n._(
        msg({
          message: plural(missed, {
            one: `# go trial missed (omissions), marked by dashed lines, on trial ${positions}.`,
            other: `# go trials missed (omissions), marked by dashed lines, on trials ${positions}.`,
          }),
        }),
      ),
    );
  }
  let text = parts.join(' ');
  if (cutOffMs !== null) {
    const cutOff = points.filter((p) => p.isCutOff).length;
    const limit = formatMs(cutOffMs);
    const cutOffText = i18n._(
      msg({
        message: plural(cutOff, {
          one: `# reaction time above ${limit} is drawn as a triangle at the top.`,
          other: `# reaction times above ${limit} are drawn as a triangle at the top.`,
        }),
      }),
    );
    text = `${text} ${cutOffText}`;
  }
  return text;
}

/** The box plot in words, in the reader's language. */
export function describeGoCommissionChart(spread: readonly ConditionRtSpread[]): string {
  const cells = spread
    .map((cell) => describeCondition(cell, (condition) => i18n._(msg`${condition}: none`)))
    .join('; ');
  return i18n._(
    msg`Boxes span the middle half of the test's reaction times of presses on go and on no-go trials (presses within 100 ms left out), with the median as a line and the mean as a diamond. ${cells}.`,
  );
}
