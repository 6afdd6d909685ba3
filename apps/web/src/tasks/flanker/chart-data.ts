import type { ResultTrial } from '@cogni/domain';
import { ANTICIPATION_MS, CONGRUENCIES } from '@cogni/domain/tasks/flanker';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
import { asFlankerTrials, CONGRUENCY_NAMES, type FlankerResultTrial } from './labels';

const testTrialsOf = (trials: readonly ResultTrial[]) =>
  asFlankerTrials(trials).filter((t) => t.phase === 'test');

/** The test's answers in order, for the RT-by-trial chart: correct ones as points, errors as crosses. */
export function getTestRtSeries(trials: readonly ResultTrial[]): TestTrialPoint[] {
  return testTrialsOf(trials).flatMap((t) =>
    t.reactionTime === null
      ? []
      : [{ position: t.trialNumber + 1, rtMs: t.reactionTime, isCorrect: t.isCorrect === true }],
  );
}

/** 1-based positions of the test's omissions (no answer in the window). */
export function getOmissionPositions(trials: readonly ResultTrial[]): number[] {
  return testTrialsOf(trials)
    .filter((t) => t.responseType === 'omission')
    .map((t) => t.trialNumber + 1);
}

/** As the stored scores take RTs: correct, not an anticipation, not interrupted where known. */
function isRtTrial(
  trial: FlankerResultTrial,
): trial is FlankerResultTrial & { reactionTime: number } {
  return (
    trial.responseType === 'correct' &&
    trial.reactionTime !== null &&
    trial.reactionTime >= ANTICIPATION_MS &&
    trial.timing?.wasInterrupted !== true
  );
}

/** Correct congruent beside correct incongruent reaction times, for the box plot. */
export function getCongruencySpread(trials: readonly ResultTrial[]): ConditionRtSpread[] {
  const scored = testTrialsOf(trials).filter(isRtTrial);
  return CONGRUENCIES.map((congruency) =>
    toConditionRtSpread(
      congruency,
      CONGRUENCY_NAMES[congruency],
      scored.filter((t) => t.congruency === congruency).map((t) => t.reactionTime),
    ),
  );
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The RT-by-trial chart in words: its text alternative, shown under it. */
export function describeTestRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  testTrials: number,
): string {
  if (testTrials === 0) return 'No test trials were recorded.';
  const correct = points.filter((p) => p.isCorrect).map((p) => p.rtMs);
  const errors = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const parts = [
    correct.length === 0
      ? 'No trial was answered correctly.'
      : `Reaction time of each of the ${count(correct.length, 'correct answer', 'correct answers')} in the ${testTrials} test trials, as circles in trial order, from ${formatMs(Math.min(...correct))} to ${formatMs(Math.max(...correct))}.`,
    errors.length === 0
      ? 'No answer went the wrong way.'
      : `${count(errors.length, 'answer', 'answers')} the wrong way, drawn as crosses, on ${errors.length === 1 ? 'trial' : 'trials'} ${errors.join(', ')}.`,
    omissions.length === 0
      ? 'No trial was missed.'
      : `${count(omissions.length, 'trial', 'trials')} missed, marked by dashed lines: ${omissions.join(', ')}.`,
  ];
  const cutOff = points.filter((p) => p.isCutOff).length;
  if (cutOffMs !== null) {
    parts.push(
      `${count(cutOff, 'reaction time', 'reaction times')} above ${formatMs(cutOffMs)} drawn as a triangle at the top.`,
    );
  }
  return parts.join(' ');
}

/** The box plot in words. */
export function describeCongruencyChart(spread: readonly ConditionRtSpread[]): string {
  const cells = spread.map((cell) =>
    cell.meanMs === null
      ? `${cell.label}: none`
      : `${cell.label}: mean ${formatMs(cell.meanMs)}${cell.sdMs === null ? '' : `, SD ${formatMs(cell.sdMs)}`}, ${count(cell.rtsMs.length, 'trial', 'trials')}`,
  );
  return `Boxes span the middle half of the correct answers' reaction times on congruent and on incongruent trials (anticipations and interrupted trials left out), with the median as a line and the mean as a diamond. ${cells.join('; ')}.`;
}
