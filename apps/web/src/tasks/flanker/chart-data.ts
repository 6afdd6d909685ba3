import type { ResultTrial } from '@cogni/domain';
import { ANTICIPATION_MS, CONGRUENCIES, type Congruency } from '@cogni/domain/tasks/flanker';
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
import { asFlankerTrials, type FlankerResultTrial } from './labels';

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

/**
 * Correct congruent beside correct incongruent reaction times, for the box plot, each condition
 * under its name in `names` (the reader's language).
 */
export function getCongruencySpread(
  trials: readonly ResultTrial[],
  names: Readonly<Record<Congruency, string>>,
): ConditionRtSpread[] {
  const scored = testTrialsOf(trials).filter(isRtTrial);
  return CONGRUENCIES.map((congruency) =>
    toConditionRtSpread(
      congruency,
      names[congruency],
      scored.filter((t) => t.congruency === congruency).map((t) => t.reactionTime),
    ),
  );
}

/** The RT-by-trial chart in words, in the reader's language: its text alternative, shown under it. */
export function describeTestRtChart(
  points: readonly DisplayedTrialPoint[],
  omissions: readonly number[],
  cutOffMs: number | null,
  testTrials: number,
): string {
  if (testTrials === 0) return i18n._(msg`No test trials were recorded.`);
  const correct = points.filter((p) => p.isCorrect).map((p) => p.rtMs);
  const errors = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const parts: string[] = [];
  if (correct.length === 0) {
    parts.push(i18n._(msg`No trial was answered correctly.`));
  } else {
    const answers = correct.length;
    const fastest = formatMs(Math.min(...correct));
    const slowest = formatMs(Math.max(...correct));
    parts.push(
      i18n._(
        msg`Reaction time of each of the ${plural(answers, { one: '# correct answer', other: '# correct answers' })} in the ${testTrials} test trials, as circles in trial order, from ${fastest} to ${slowest}.`,
      ),
    );
  }
  if (errors.length === 0) {
    parts.push(i18n._(msg`No answer went the wrong way.`));
  } else {
    const wrong = errors.length;
    const positions = errors.join(', ');
    parts.push(
      i18n._(
        msg({
          message: plural(wrong, {
            one: `# answer the wrong way, drawn as crosses, on trial ${positions}.`,
            other: `# answers the wrong way, drawn as crosses, on trials ${positions}.`,
          }),
        }),
      ),
    );
  }
  if (omissions.length === 0) {
    parts.push(i18n._(msg`No trial was missed.`));
  } else {
    const missed = omissions.length;
    const positions = omissions.join(', ');
    parts.push(
      i18n._(
        msg({
          message: plural(missed, {
            one: `# trial missed, marked by dashed lines: ${positions}.`,
            other: `# trials missed, marked by dashed lines: ${positions}.`,
          }),
        }),
      ),
    );
  }
  if (cutOffMs !== null) {
    const cutOff = points.filter((p) => p.isCutOff).length;
    const limit = formatMs(cutOffMs);
    parts.push(
      i18n._(
        msg({
          message: plural(cutOff, {
            one: `# reaction time above ${limit} drawn as a triangle at the top.`,
            other: `# reaction times above ${limit} drawn as a triangle at the top.`,
          }),
        }),
      ),
    );
  }
  return parts.join(' ');
}

/** The box plot in words, in the reader's language. */
export function describeCongruencyChart(spread: readonly ConditionRtSpread[]): string {
  const cells = spread
    .map((cell) => describeCondition(cell, (condition) => i18n._(msg`${condition}: none`)))
    .join('; ');
  return i18n._(
    msg`Boxes span the middle half of the correct answers' reaction times on congruent and on incongruent trials (anticipations and interrupted trials left out), with the median as a line and the mean as a diamond. ${cells}.`,
  );
}
