import { type Config, getLengths } from './config';
import type { Key } from './engine';
import { type PlannedTrial, parseDigits, plan } from './plan';
import type { Trial } from './trial';
import { runVirtualSession, SIMULATED_TIME_ORIGIN_MS } from './virtual-runtime';

/** The fixed participant's typing: first digit, between keys, last digit to submit (ms). */
export const FIXTURE_TYPING_MS = { firstKey: 1000.25, perDigit: 100, between: 300.5 };

/** The fixed participant's answer to a list (digits; [] for an empty answer). */
function fixtureAnswer(config: Config, trial: PlannedTrial): number[] {
  const expected = parseDigits(trial.expected);
  if (trial.phase === 'practice') {
    // The forward practice's first list is answered in reverse: feedback, then a second list.
    return trial.direction === 'forward' && trial.attempt === 1
      ? [...expected].reverse()
      : expected;
  }
  const { start } = getLengths(config, trial.direction);
  const step = trial.length - start;
  if (step === 3) {
    // Both lists three lengths above the start fail: one digit left out, then nothing.
    return trial.attempt === 1 ? expected.slice(0, -1) : [];
  }
  if (step === 1 && trial.attempt === 1 && config.trialsPerLength > 1) {
    // One list swaps its first two digits; the next list at the length is right.
    return [expected[1] as number, expected[0] as number, ...expected.slice(2)];
  }
  return expected;
}

/**
 * The fixture run of the API tests, every list of it, as a browser sends it (played through the
 * engine, onsets exactly on time), in each direction given:
 * - practice: the forward practice's first list is answered in reverse (feedback follows), the
 *   second right; the backward practice's first list is right;
 * - the ladder: every list right up to start + 2 digits, except the first list at start + 1
 *   (its first two digits swapped; with one list per length there is no such error); both lists
 *   at start + 3 fail (a digit left out, then an empty answer submitted twice), which ends the
 *   direction (earlier, at the maximum length, if that is lower);
 * - typing: the first digit 1000.25 ms + 100 ms per digit of the list after the keypad's onset,
 *   each further key (and the submit) 300.5 ms after the one before; the first forward list at
 *   the start length has a wrong digit corrected with Backspace.
 */
export function fixtureRun(seed: string, config: Config): Trial[] {
  const typing = FIXTURE_TYPING_MS;
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: SIMULATED_TIME_ORIGIN_MS,
    startMs: 1000,
    introMs: 3000,
    behave(trial) {
      const answer = fixtureAnswer(config, trial);
      const keys: Key[] = answer.map((digit) => String(digit) as Key);
      const { start } = getLengths(config, trial.direction);
      if (trial.phase === 'test' && trial.direction === 'forward' && trial.length === start) {
        if (trial.attempt === 1 && keys.length > 0) keys.splice(1, 0, '9', 'backspace');
      }
      keys.push('submit');
      if (answer.length === 0) keys.push('submit');
      const first = typing.firstKey + typing.perDigit * trial.length;
      return { keys: keys.map((key, i) => ({ key, afterPadMs: first + i * typing.between })) };
    },
  }).trials;
}
