import type { ResultTrial } from '@cogni/domain';
import { getPreErrorRunRts, VALID_RT_MS } from '@cogni/domain/tasks/sart';
import { msg, plural } from '@lingui/core/macro';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';
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
    toConditionRtSpread(
      'go',
      i18n._(msg`Go digits pressed`),
      test.filter((t) => !t.isNogo).flatMap(validRt),
    ),
    toConditionRtSpread(
      'before-commission',
      i18n._(msg`Before a commission`),
      runs.beforeCommission,
    ),
    toConditionRtSpread('before-withhold', i18n._(msg`Before a withhold`), runs.beforeWithhold),
    toConditionRtSpread(
      'commission',
      i18n._(msg`No-go digit pressed`),
      test.filter((t) => t.isNogo).flatMap(validRt),
    ),
  ];
}

/** The RT-by-trial chart in words, in the reader's language: its text alternative, shown under it. */
export function describeSartRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  testTrials: number,
): string {
  if (testTrials === 0) return i18n._(msg`No test trials were recorded.`);
  const go = points.filter((p) => p.isCorrect).map((p) => p.rtMs);
  const commissions = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const presses = go.length;
  const fastest = formatMs(Math.min(...go));
  const slowest = formatMs(Math.max(...go));
  const commissionCount = commissions.length;
  const commissionTrials = commissions.join(', ');
  const omissionCount = omissions.length;
  const omissionTrials = omissions.join(', ');
  const parts = [
    presses === 0
      ? i18n._(msg`No go digit was pressed for.`)
      : i18n._(
          msg`Circles: the reaction times of the ${plural(presses, { one: '# press', other: '# presses' })} for go digits over the ${testTrials} test trials, from ${fastest} to ${slowest}.`,
        ),
    commissionCount === 0
      ? i18n._(msg`No press for a no-go digit.`)
      : i18n._(
          msg`Crosses: ${plural(commissionCount, { one: '# commission', other: '# commissions' })} (presses for the no-go digit), at trial ${commissionTrials}.`,
        ),
    omissionCount === 0
      ? i18n._(msg`No go digit was missed.`)
      : i18n._(
          msg`Dashed lines: ${plural(omissionCount, { one: '# missed go digit', other: '# missed go digits' })}, at trial ${omissionTrials}.`,
        ),
  ];
  const cut = points.filter((p) => p.isCutOff).length;
  if (cutOffMs !== null) {
    const cutOff = formatMs(cutOffMs);
    parts.push(
      i18n._(
        msg`${plural(cut, { one: '# time', other: '# times' })} above ${cutOff} drawn as a triangle at the top.`,
      ),
    );
  }
  return parts.join(' ');
}

/** The box plot in words. */
export function describeSartSpreadChart(spread: readonly ConditionRtSpread[]): string {
  const parts = spread
    .map(({ label, meanMs, rtsMs }) => {
      if (meanMs === null) return i18n._(msg`${label}: none`);
      const mean = formatMs(meanMs);
      const presses = rtsMs.length;
      return i18n._(
        msg`${label}: mean ${mean} over ${plural(presses, { one: '# press', other: '# presses' })}`,
      );
    })
    .join('; ');
  return i18n._(
    msg`Each box spans the middle half of a set of reaction times, the median a line and the mean a diamond. Before a commission and before a withhold: the 4 go digits pressed for before each no-go digit, where none was missed. ${parts}.`,
  );
}
