import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import {
  findEarlyArrival,
  findRunImplausibility,
  getTrialFlags,
  INPUT_FLOOR_MS,
  minimumProblemMs,
  PLANNING_FLOOR_MS,
  timesUnderFloor,
} from './plausibility';
import { shortestSolution } from './puzzle';
import { runOrder } from './run-order';
import { playScriptedProblem, scriptMoves } from './testing';
import type { Trial } from './trial';

const config = DEFAULT_CONFIG;

describe('Tower of Hanoi plausibility', () => {
  it('needs the least time of every problem before a position: a button and 300 ms a move', () => {
    expect(minimumProblemMs({ minMoves: 9 })).toBe(250 + 9 * 300);
    // Before the last Bishop problem: the practice (3 moves) and 13 problems of 81 moves.
    const last = { phase: 'test', block: 0, trialNumber: 12 };
    const leastMs = 14 * 250 + (3 + 81) * 300;
    expect(findEarlyArrival(config, last, leastMs)).toBeNull();
    expect(findEarlyArrival(config, last, leastMs - 5000)).toBeNull();
    expect(findEarlyArrival(config, last, 1000)).toBe(
      `14 trials arrived within 1.0 s; taking them takes at least ${(leastMs / 1000).toFixed(1)} s`,
    );
    expect(findEarlyArrival(config, { phase: 'test', block: 3, trialNumber: 0 }, 0)).toBeNull();
  });

  it('judges a whole run: problems sent at once are implausible, at a person’s pace they are not', () => {
    const start = new Date('2026-11-01T10:00:00Z');
    const arrive = (gapMs: number) =>
      runOrder(config).map((position, i) => ({
        ...position,
        startTime: null,
        endTime: null,
        arrivedAt: new Date(start.getTime() + (i + 1) * gapMs),
      }));
    expect(findRunImplausibility(config, start, arrive(10_000))).toBeNull();
    expect(findRunImplausibility(config, start, arrive(10))).toMatch(/^\d+ trials arrived within/);
  });

  it('flags a restarted problem and one ended by a limit', () => {
    const untimed = { reactionTime: null, events: [] };
    expect(getTrialFlags({ ...untimed, restarted: true, endReason: 'timeLimit' })).toEqual([
      'restarted',
      'timedOut',
    ]);
    expect(getTrialFlags({ ...untimed, restarted: false, endReason: 'solved' })).toEqual([]);
  });

  describe('time floors', () => {
    /**
     * bishop-1 ('11' -> '33') in its 3 moves: the first pickup at `firstMs`, a move every
     * `everyMs`, each drop halfway to the next pickup.
     */
    const solved = (firstMs: number, everyMs: number) =>
      playScriptedProblem(
        config,
        { phase: 'test', block: 0, trialNumber: 0 },
        scriptMoves(shortestSolution('11', '33'), firstMs, everyMs, everyMs / 2),
      );

    it('passes a problem played at a person’s pace, however quick', () => {
      // A pickup at the planning floor, then an input every 50 ms (a move every 100 ms).
      const quick = solved(PLANNING_FLOOR_MS, 2 * INPUT_FLOOR_MS);
      expect(timesUnderFloor(quick)).toEqual([]);
      expect(getTrialFlags(quick)).toEqual([]);
    });

    it('flags a planning time under its floor', () => {
      const early = solved(PLANNING_FLOOR_MS - 1, 1000);
      expect(timesUnderFloor(early)).toEqual(['reactionTime', 'events']);
      expect(getTrialFlags(early)).toEqual(['tooFast']);
    });

    it('flags inputs closer than the input floor, even after a long planning time', () => {
      const rushed = solved(30_000, 2 * INPUT_FLOOR_MS - 2);
      expect(timesUnderFloor(rushed)).toEqual(['events']);
      expect(getTrialFlags(rushed)).toEqual(['tooFast']);
    });

    it('flags a forged record: every time scaled by 1e-4', () => {
      const trial = solved(2000, 1000);
      const forged = {
        reactionTime: (trial.reactionTime as number) * 1e-4,
        events: trial.events.map((e) => ({ ...e, atMs: e.atMs * 1e-4 })),
      };
      expect(timesUnderFloor(forged)).toEqual(['reactionTime', 'events']);
    });

    it('holds the first input after a reset to the planning floor: a new board', () => {
      const reset = { type: 'reset', atMs: 20_000 } as const;
      const pickup = (atMs: number) => ({ type: 'pickup', atMs }) as const;
      const events = (afterReset: number) =>
        [pickup(1000), reset, pickup(20_000 + afterReset)] as unknown as Trial['events'];
      expect(timesUnderFloor({ reactionTime: 1000, events: events(100) })).toEqual([]);
      expect(timesUnderFloor({ reactionTime: 1000, events: events(60) })).toEqual(['events']);
    });
  });
});
