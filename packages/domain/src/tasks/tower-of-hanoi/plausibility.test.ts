import { describe, expect, it } from 'vitest';
import { DEFAULT_TOWER_OF_HANOI_CONFIG } from './config';
import {
  findTowerOfHanoiEarlyArrival,
  findTowerOfHanoiRunImplausibility,
  getTowerOfHanoiTrialFlags,
  towerOfHanoiMinimumProblemMs,
} from './plausibility';
import { towerOfHanoiRunOrder } from './run-order';

const config = DEFAULT_TOWER_OF_HANOI_CONFIG;

describe('Tower of Hanoi plausibility', () => {
  it('needs the least time of every problem before a position: a button and 300 ms a move', () => {
    expect(towerOfHanoiMinimumProblemMs({ minMoves: 9 })).toBe(250 + 9 * 300);
    // Before the last Bishop problem: the practice (3 moves) and 13 problems of 81 moves.
    const last = { phase: 'test', block: 0, trialNumber: 12 };
    const leastMs = 14 * 250 + (3 + 81) * 300;
    expect(findTowerOfHanoiEarlyArrival(config, last, leastMs)).toBeNull();
    expect(findTowerOfHanoiEarlyArrival(config, last, leastMs - 5000)).toBeNull();
    expect(findTowerOfHanoiEarlyArrival(config, last, 1000)).toBe(
      `14 trials arrived within 1.0 s; taking them takes at least ${(leastMs / 1000).toFixed(1)} s`,
    );
    expect(
      findTowerOfHanoiEarlyArrival(config, { phase: 'test', block: 3, trialNumber: 0 }, 0),
    ).toBeNull();
  });

  it('judges a whole run: problems sent at once are implausible, at a person’s pace they are not', () => {
    const start = new Date('2026-11-01T10:00:00Z');
    const arrive = (gapMs: number) =>
      towerOfHanoiRunOrder(config).map((position, i) => ({
        ...position,
        startTime: null,
        endTime: null,
        arrivedAt: new Date(start.getTime() + (i + 1) * gapMs),
      }));
    expect(findTowerOfHanoiRunImplausibility(config, start, arrive(10_000))).toBeNull();
    expect(findTowerOfHanoiRunImplausibility(config, start, arrive(10))).toMatch(
      /^\d+ trials arrived within/,
    );
  });

  it('flags a restarted problem and one ended by a limit', () => {
    expect(getTowerOfHanoiTrialFlags({ restarted: true, endReason: 'timeLimit' })).toEqual([
      'restarted',
      'timedOut',
    ]);
    expect(getTowerOfHanoiTrialFlags({ restarted: false, endReason: 'solved' })).toEqual([]);
  });
});
