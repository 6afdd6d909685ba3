import { describe, expect, it } from 'vitest';
import { positionOf } from '../shared/envelope';
import { DEFAULT_CONFIG, getMinimumTrialMs } from './config';
import { fixtureRun } from './fixture-run';
import {
  FIRST_KEY_FLOOR_MS,
  findEarlyArrival,
  findRunImplausibility,
  getAnswerTimeFloorMs,
  getMinimumArrivalMs,
  getTrialFlags,
  KEY_INTERVAL_FLOOR_MS,
  timesUnderFloor,
} from './plausibility';

const config = DEFAULT_CONFIG;
const runStart = new Date('2026-11-26T10:00:00.000Z');
const fixture = fixtureRun('plausible', config);

/** The fixture's lists arriving `paceMs(length)` apart by the server's clock. */
function arrivals(paceMs: (length: number) => number) {
  let elapsedMs = 0;
  return fixture.map((trial) => {
    elapsedMs += paceMs(trial.length);
    return {
      ...positionOf(trial),
      startTime: new Date(trial.startTime),
      endTime: new Date(trial.endTime),
      arrivedAt: new Date(runStart.getTime() + elapsedMs),
    };
  });
}

describe('Digit Span plausibility', () => {
  it('takes a run answered at the least time a person needs for each list', () => {
    const paced = arrivals((length) => getMinimumTrialMs(config, length));
    expect(findRunImplausibility(config, runStart, paced)).toBeNull();
    for (const trial of paced) {
      const elapsedMs = trial.arrivedAt.getTime() - runStart.getTime();
      expect(findEarlyArrival(config, trial, elapsedMs)).toBeNull();
    }
  });

  it('refuses lists that arrive faster than they can be shown and answered', () => {
    const rushed = arrivals(() => 100);
    expect(findRunImplausibility(config, runStart, rushed)).toMatch(
      /trials arrived within .* taking them takes at least/,
    );
    // The second forward list of 5 digits (place 5, test number 5 x 3) follows a practice list
    // and five test lists.
    const position = { phase: 'test', block: 0, trialNumber: 15 } as const;
    const least = getMinimumArrivalMs(config, position);
    // 'Ready' 800 + blank 500 + (L - 1) s + 800 on + 250 to answer, for lists of 2, 3, 3, 4, 4, 5, 5.
    const list = (length: number) => 800 + 500 + (length - 1) * 1000 + 800 + 250;
    expect(least).toBe([2, 3, 3, 4, 4, 5, 5].reduce((sum, length) => sum + list(length), 0));
    expect(findEarlyArrival(config, position, least - 6000)).toBe(
      `7 trials arrived within ${((least - 6000) / 1000).toFixed(1)} s; taking them takes at least ${(least / 1000).toFixed(1)} s`,
    );
    // Its second repeat after interruptions follows the list it stands in for and the first.
    const repeat = { phase: 'test', block: 0, trialNumber: 17 } as const;
    expect(getMinimumArrivalMs(config, repeat)).toBe(least + 2 * list(5));
    expect(findEarlyArrival(config, { phase: 'test', block: 7, trialNumber: 0 }, 0)).toBeNull();
  });

  /** A list answered with `digits` digits and `backspaces` Backspaces, then submitted. */
  const answered = (digits: number, firstKeyRt: number, reactionTime: number, backspaces = 0) => ({
    nDigitsEntered: digits,
    nBackspaces: backspaces,
    firstKeyRt,
    reactionTime,
    response: 'enter' as const,
    timedOut: false,
  });

  it('flags answers without a digit and lists that timed out', () => {
    const timedOut = { nBackspaces: 0, firstKeyRt: null, reactionTime: null, response: null };
    expect(getTrialFlags({ ...timedOut, nDigitsEntered: 0, timedOut: true })).toEqual([
      'emptyAnswer',
      'timedOut',
    ]);
    expect(getTrialFlags(answered(3, 1000, 3000))).toEqual([]);
  });

  it('holds the first key to its floor and the answer to a floor per key', () => {
    // 7 digits and the submit: 7 keys after the first, at least 50 ms each.
    const floorMs = FIRST_KEY_FLOOR_MS + 7 * KEY_INTERVAL_FLOOR_MS;
    expect(getAnswerTimeFloorMs(answered(7, 100, floorMs))).toBe(floorMs);
    expect(timesUnderFloor(answered(7, 100, floorMs))).toEqual([]);
    expect(timesUnderFloor(answered(7, 100, floorMs - 1))).toEqual(['reactionTime']);
    // A later first key moves the answer's floor with it.
    expect(timesUnderFloor(answered(7, 2000, 2000 + 7 * 50 - 1))).toEqual(['reactionTime']);
    // Each Backspace is a key too.
    expect(timesUnderFloor(answered(3, 1000, 1000 + 3 * 50))).toEqual([]);
    expect(timesUnderFloor(answered(3, 1000, 1000 + 3 * 50, 1))).toEqual(['reactionTime']);
    expect(timesUnderFloor(answered(3, 99, 3000))).toEqual(['firstKeyRt']);
  });

  it('flags a forged list: reactionTime 0.02 ms, firstKeyRt 0.01 ms', () => {
    const forged = answered(7, 0.01, 0.02);
    expect(timesUnderFloor(forged)).toEqual(['firstKeyRt', 'reactionTime']);
    expect(getTrialFlags(forged)).toEqual(['tooFast']);
    // A list that timed out after a first key too early.
    const early = { ...answered(0, 50, 0), reactionTime: null, response: null, timedOut: true };
    expect(getTrialFlags(early)).toEqual(['emptyAnswer', 'timedOut', 'tooFast']);
  });
});
