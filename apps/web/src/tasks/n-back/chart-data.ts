import type { ResultTrial } from '@cogni/domain';
import { ANTICIPATION_MS } from '@cogni/domain/tasks/n-back';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
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
      `${n}-back hits`,
      hits.filter((t) => t.level === n).map((t) => t.reactionTime as number),
    ),
  );
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The RT-by-trial chart in words: its text alternative, shown under it. */
export function describeAnswerRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  scoredTrials: number,
): string {
  if (scoredTrials === 0) return 'No scored test trials were recorded.';
  const correct = points.filter((p) => p.isCorrect);
  const wrong = points.filter((p) => !p.isCorrect);
  const rts = points.map((p) => p.rtMs);
  const answered =
    points.length === 0
      ? 'No letter was answered.'
      : `Reaction time of each of the ${plural(points.length, 'answer', 'answers')} to the ${scoredTrials} scored letters of the test, in order, level after level, from ${formatMs(Math.min(...rts))} to ${formatMs(Math.max(...rts))}: ${plural(correct.length, 'correct answer', 'correct answers')} as circles, ${plural(wrong.length, 'wrong answer', 'wrong answers')} as crosses.`;
  const omitted =
    omissions.length === 0
      ? 'Every scored letter was answered.'
      : `${plural(omissions.length, 'letter', 'letters')} without an answer, marked by dashed lines.`;
  const cutOff = points.filter((p) => p.isCutOff).length;
  const cutOffText =
    cutOffMs === null
      ? ''
      : ` ${plural(cutOff, 'reaction time', 'reaction times')} above ${formatMs(cutOffMs)} ${cutOff === 1 ? 'is' : 'are'} drawn as a triangle at the top.`;
  return `${answered} ${omitted}${cutOffText}`;
}

/** The box plot in words. */
export function describeHitRtChart(spread: readonly ConditionRtSpread[]): string {
  const parts = spread.map((cell) => {
    if (cell.meanMs === null) return `${cell.label}: none`;
    const sd = cell.sdMs === null ? '' : `, SD ${formatMs(cell.sdMs)}`;
    return `${cell.label}: mean ${formatMs(cell.meanMs)}${sd}, ${plural(cell.rtsMs.length, 'trial', 'trials')}`;
  });
  return `Boxes span the middle half of the reaction times of hits at each level (answers within 150 ms left out), with the median as a line and the mean as a diamond. ${parts.join('; ')}.`;
}
