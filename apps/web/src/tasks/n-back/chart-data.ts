import type { ResultTrial } from '@cogni/domain';
import { ANTICIPATION_MS } from '@cogni/domain/tasks/n-back';
import { msg, plural } from '@lingui/core/macro';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';
import { asNBackTrials, type NBackResultTrial } from './labels';

/** The test's scored trials (fillers left out) in run order. */
export const scoredTestTrialsOf = (trials: readonly ResultTrial[]) =>
  asNBackTrials(trials).filter((t) => t.phase === 'test' && t.isTarget !== null);

/**
 * The answers of the test's scored trials in run order, for the RT-by-trial chart: correct
 * answers (hits, correct rejections) as points, wrong ones as errors. Positions count scored
 * trials over the whole test, level after level.
 */
export function getAnswerRtSeries(trials: readonly ResultTrial[]): TestTrialPoint[] {
  return scoredTestTrialsOf(trials).flatMap((t, i) =>
    t.reactionTime === null
      ? []
      : [{ position: i + 1, rtMs: t.reactionTime, isCorrect: t.isCorrect === true }],
  );
}

/** 1-based positions (as in getAnswerRtSeries) of the scored trials without an answer. */
export function getOmissionPositions(trials: readonly ResultTrial[]): number[] {
  return scoredTestTrialsOf(trials).flatMap((t, i) => (t.answer === null ? [i + 1] : []));
}

/** As the stored scores count RTs: at least 150 ms, and not interrupted where that is known. */
function isRtEligible(trial: NBackResultTrial): trial is NBackResultTrial & {
  reactionTime: number;
} {
  return (
    trial.reactionTime !== null &&
    trial.reactionTime >= ANTICIPATION_MS &&
    trial.timing?.wasInterrupted !== true
  );
}

/** Hits' reaction times by level, for the box plot. */
export function getHitRtSpread(trials: readonly ResultTrial[]): ConditionRtSpread[] {
  const hits = scoredTestTrialsOf(trials).filter(
    (t) => t.responseType === 'hit' && isRtEligible(t),
  );
  const levels = [...new Set(scoredTestTrialsOf(trials).map((t) => t.level))].sort((a, b) => a - b);
  return levels.map((n) =>
    toConditionRtSpread(
      `${n}`,
      i18n._(msg`${n}-back hits`),
      hits.filter((t) => t.level === n).map((t) => t.reactionTime as number),
    ),
  );
}

/** The RT-by-trial chart in words, in the reader's language: its text alternative, shown under it. */
export function describeAnswerRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  scoredTrials: number,
): string {
  if (scoredTrials === 0) return i18n._(msg`No scored test trials were recorded.`);
  const answers = points.length;
  const correct = points.filter((p) => p.isCorrect).length;
  const wrong = points.filter((p) => !p.isCorrect).length;
  const rts = points.map((p) => p.rtMs);
  const fastest = formatMs(Math.min(...rts));
  const slowest = formatMs(Math.max(...rts));
  const answered =
    answers === 0
      ? i18n._(msg`No letter was answered.`)
      : i18n._(
          msg`Reaction time of each of the ${plural(answers, { one: '# answer', other: '# answers' })} to the ${scoredTrials} scored letters of the test, in order, level after level, from ${fastest} to ${slowest}: ${plural(correct, { one: '# correct answer', other: '# correct answers' })} as circles, ${plural(wrong, { one: '# wrong answer', other: '# wrong answers' })} as crosses.`,
        );
  const unanswered = omissions.length;
  const omitted =
    unanswered === 0
      ? i18n._(msg`Every scored letter was answered.`)
      : i18n._(
          msg({
            message: plural(unanswered, {
              one: '# letter without an answer, marked by dashed lines.',
              other: '# letters without an answer, marked by dashed lines.',
            }),
          }),
        );
  if (cutOffMs === null) return `${answered} ${omitted}`;
  const cut = points.filter((p) => p.isCutOff).length;
  const cutOff = formatMs(cutOffMs);
  const cutOffText = i18n._(
    msg({
      message: plural(cut, {
        one: `# reaction time above ${cutOff} is drawn as a triangle at the top.`,
        other: `# reaction times above ${cutOff} are drawn as a triangle at the top.`,
      }),
    }),
  );
  return `${answered} ${omitted} ${cutOffText}`;
}

/** The box plot in words. */
export function describeHitRtChart(spread: readonly ConditionRtSpread[]): string {
  const parts = spread
    .map(({ label, meanMs, sdMs, rtsMs }) => {
      if (meanMs === null) return i18n._(msg`${label}: none`);
      const mean = formatMs(meanMs);
      const hits = rtsMs.length;
      if (sdMs === null) {
        return i18n._(
          msg`${label}: mean ${mean}, ${plural(hits, { one: '# trial', other: '# trials' })}`,
        );
      }
      const sd = formatMs(sdMs);
      return i18n._(
        msg`${label}: mean ${mean}, SD ${sd}, ${plural(hits, { one: '# trial', other: '# trials' })}`,
      );
    })
    .join('; ');
  return i18n._(
    msg`Boxes span the middle half of the reaction times of hits at each level (answers within 150 ms left out), with the median as a line and the mean as a diamond. ${parts}.`,
  );
}
