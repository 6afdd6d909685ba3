import type { ResultTrial } from '@cogni/domain';
import {
  type ConditionRtSpread,
  type DisplayedTrialPoint,
  type TestTrialPoint,
  toConditionRtSpread,
} from '../../lib/charts/chart-data';
import { formatMs } from '../../lib/format-scores';
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
      'First half of the test',
      scored.filter((t) => t.elapsedMs < middleMs).map((t) => t.reactionTime),
    ),
    toConditionRtSpread(
      'second',
      'Second half of the test',
      scored.filter((t) => t.elapsedMs >= middleMs).map((t) => t.reactionTime),
    ),
  ];
}

const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** The RT-by-trial chart in words: its text alternative, shown under it. */
export function describePvtRtChart(
  points: readonly DisplayedTrialPoint[],
  timeouts: readonly number[],
  cutOffMs: number | null,
  counters: number,
): string {
  if (counters === 0) return 'No test trials were recorded.';
  const valid = points.filter((p) => p.isCorrect).map((p) => p.rtMs);
  const others = points.filter((p) => !p.isCorrect).map((p) => p.position);
  const parts = [
    valid.length === 0
      ? 'No counter had a valid response.'
      : `The reaction time to each of the ${counters} counters in test order: ${counted(valid.length, 'valid response', 'valid responses')} as circles, from ${formatMs(Math.min(...valid))} to ${formatMs(Math.max(...valid))}.`,
    others.length === 0
      ? 'No lapse or false start.'
      : `Lapses and false starts as crosses, on ${others.length === 1 ? 'counter' : 'counters'} ${others.join(', ')}.`,
    timeouts.length === 0
      ? 'No timeout.'
      : `${counted(timeouts.length, 'timeout', 'timeouts')} (no response), marked by dashed lines, on ${timeouts.length === 1 ? 'counter' : 'counters'} ${timeouts.join(', ')}.`,
  ];
  if (cutOffMs !== null) {
    const cut = points.filter((p) => p.isCutOff).length;
    parts.push(
      `${counted(cut, 'reaction time', 'reaction times')} above ${formatMs(cutOffMs)} ${cut === 1 ? 'is' : 'are'} drawn as a triangle at the top.`,
    );
  }
  return parts.join(' ');
}

/** The time-on-task box plot in words. */
export function describeTimeOnTaskChart(spread: readonly ConditionRtSpread[]): string {
  const halves = spread.map((half) =>
    half.meanMs === null
      ? `${half.label}: none`
      : `${half.label}: mean ${formatMs(half.meanMs)}${half.sdMs === null ? '' : `, SD ${formatMs(half.sdMs)}`}, ${counted(half.rtsMs.length, 'response', 'responses')}`,
  );
  return `Boxes span the middle half of the scored reaction times (lapses included) in each half of the test, with the median as a line and the mean as a diamond. ${halves.join('; ')}.`;
}
