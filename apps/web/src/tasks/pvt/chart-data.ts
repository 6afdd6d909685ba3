import type { ResultTrial } from '@cogni/domain';
import { msg, plural } from '@lingui/core/macro';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';
import { asPvtTrials, type PvtResultTrial } from './labels';

const testTrialsOf = (trials: readonly ResultTrial[]) =>
  asPvtTrials(trials).filter((t) => t.phase === 'test');

/**
 * Every test counter's reaction time in order, for the RT-by-trial chart: valid responses as
 * correct points, lapses and responses under the false-start threshold as errors. Timeouts have
 * no reaction time.
 */
export function getPvtRtSeries(trials: readonly ResultTrial[]): TestTrialPoint[] {
  return testTrialsOf(trials).flatMap((t) =>
    t.reactionTime === null
      ? []
      : [{ position: t.trialNumber + 1, rtMs: t.reactionTime, isCorrect: t.type === 'valid' }],
  );
}

/** 1-based positions of the test's timeouts (counters left unanswered). */
export function getTimeoutPositions(trials: readonly ResultTrial[]): number[] {
  return testTrialsOf(trials)
    .filter((t) => t.type === 'timeout')
    .map((t) => t.trialNumber + 1);
}

/** A scored reaction time, as the stored scores count them: valid responses and lapses. */
function isScored(trial: PvtResultTrial): trial is PvtResultTrial & { reactionTime: number } {
  return trial.reactionTime !== null && (trial.type === 'valid' || trial.type === 'lapse');
}

/**
 * The scored reaction times of the first and of the second half of the test by time on task
 * (split at half the last counter's time on task), for the box plot: vigilance declines with
 * time on task.
 */
export function getTimeOnTaskSpread(trials: readonly ResultTrial[]): ConditionRtSpread[] {
  const test = testTrialsOf(trials);
  const middleMs = Math.max(0, ...test.map((t) => t.elapsedMs)) / 2;
  const scored = test.filter(isScored);
  return [
    toConditionRtSpread(
      'first',
      i18n._(msg`First half of the test`),
      scored.filter((t) => t.elapsedMs < middleMs).map((t) => t.reactionTime),
    ),
    toConditionRtSpread(
      'second',
      i18n._(msg`Second half of the test`),
      scored.filter((t) => t.elapsedMs >= middleMs).map((t) => t.reactionTime),
    ),
  ];
}

/** The RT-by-trial chart in words, in the reader's language: its text alternative, shown under it. */
export function describePvtRtChart(
  points: readonly DisplayedTrialPoint[],
  timeouts: readonly number[],
  cutOffMs: number | null,
  counters: number,
): string {
  if (counters === 0) return i18n._(msg`No test trials were recorded.`);
  const valid = points.filter((p) => p.isCorrect).map((p) => p.rtMs);
  const others = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const validCount = valid.length;
  const fastest = formatMs(Math.min(...valid));
  const slowest = formatMs(Math.max(...valid));
  const crossCount = others.length;
  const crossed = others.join(', ');
  const timeoutCount = timeouts.length;
  const timedOut = timeouts.join(', ');
  const parts = [
    validCount === 0
      ? i18n._(msg`No counter had a valid response.`)
      : i18n._(
          msg`The reaction time to each of the ${counters} counters in test order: ${plural(validCount, { one: '# valid response', other: '# valid responses' })} as circles, from ${fastest} to ${slowest}.`,
        ),
    crossCount === 0
      ? i18n._(msg`No lapse or false start.`)
      : i18n._(
          msg({
            message: plural(crossCount, {
              one: `Lapses and false starts as crosses, on counter ${crossed}.`,
              other: `Lapses and false starts as crosses, on counters ${crossed}.`,
            }),
          }),
        ),
    timeoutCount === 0
      ? i18n._(msg`No timeout.`)
      : i18n._(
          msg({
            message: plural(timeoutCount, {
              one: `# timeout (no response), marked by dashed lines, on counter ${timedOut}.`,
              other: `# timeouts (no response), marked by dashed lines, on counters ${timedOut}.`,
            }),
          }),
        ),
  ];
  if (cutOffMs !== null) {
    const cut = points.filter((p) => p.isCutOff).length;
    const cutOff = formatMs(cutOffMs);
    parts.push(
      i18n._(
        msg({
          message: plural(cut, {
            one: `# reaction time above ${cutOff} is drawn as a triangle at the top.`,
            other: `# reaction times above ${cutOff} are drawn as a triangle at the top.`,
          }),
        }),
      ),
    );
  }
  return parts.join(' ');
}

/** One half of the test in the box plot's words: its mean, SD and how many responses. */
function describeHalf({ label, meanMs, sdMs, rtsMs }: ConditionRtSpread): string {
  if (meanMs === null) return i18n._(msg`${label}: none`);
  const mean = formatMs(meanMs);
  const responses = rtsMs.length;
  if (sdMs === null) {
    return i18n._(
      msg({
        message: plural(responses, {
          one: `${label}: mean ${mean}, # response`,
          other: `${label}: mean ${mean}, # responses`,
        }),
      }),
    );
  }
  const sd = formatMs(sdMs);
  return i18n._(
    msg({
      message: plural(responses, {
        one: `${label}: mean ${mean}, SD ${sd}, # response`,
        other: `${label}: mean ${mean}, SD ${sd}, # responses`,
      }),
    }),
  );
}

/** The time-on-task box plot in words. */
export function describeTimeOnTaskChart(spread: readonly ConditionRtSpread[]): string {
  const halves = spread.map(describeHalf).join('; ');
  return i18n._(
    msg`Boxes span the middle half of the scored reaction times (lapses included) in each half of the test, with the median as a line and the mean as a diamond. ${halves}.`,
  );
}
