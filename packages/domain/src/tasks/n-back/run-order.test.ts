import { describe, expect, it } from 'vitest';
import type { SavedTrial } from '../contract';
import { RUN_ARRIVAL_TOLERANCE_MS } from '../shared/plausibility';
import { DEFAULT_CONFIG, SETTINGS } from './config';
import { fixtureRun } from './fixture-run';
import {
  findEarlyArrival,
  findRunImplausibility,
  getMinimumArrivalMs,
  getTrialFlags,
} from './plausibility';
import { getNextPosition, isPosition } from './run-order';

const config = DEFAULT_CONFIG;

/** A practice round of level n (block n x 10 + round) with `correct` of its 10 scored right. */
const round = (n: number, index: number, correct: number): SavedTrial[] =>
  Array.from({ length: n + 10 }, (_, i) => ({
    phase: 'practice',
    block: n * 10 + index,
    trialNumber: i,
    isCorrect: i < n ? null : i - n < correct,
  }));
const testBlock = (n: number, index: number): SavedTrial[] =>
  Array.from({ length: n + 20 }, (_, i) => ({
    phase: 'test',
    block: n * 10 + index,
    trialNumber: i,
    isCorrect: i < n ? null : true,
  }));

describe('getNBackNextPosition', () => {
  it("starts at level 1's first practice round, and continues trial by trial in any order given", () => {
    expect(getNextPosition(config, [])).toEqual({
      phase: 'practice',
      block: 10,
      trialNumber: 0,
    });
    expect(getNextPosition(config, round(1, 0, 10).slice(0, 5).reverse())).toEqual({
      phase: 'practice',
      block: 10,
      trialNumber: 5,
    });
  });

  it("repeats a practice round below 8 of 10 and goes to the level's test after one that meets it", () => {
    expect(getNextPosition(config, round(1, 0, 7))).toEqual({
      phase: 'practice',
      block: 11,
      trialNumber: 0,
    });
    expect(getNextPosition(config, round(1, 0, 8))).toEqual({
      phase: 'test',
      block: 10,
      trialNumber: 0,
    });
    const three = [...round(2, 0, 0), ...round(2, 1, 0), ...round(2, 2, 0)];
    expect(getNextPosition(config, three)).toEqual({
      phase: 'test',
      block: 20,
      trialNumber: 0,
    });
  });

  it("interleaves levels: test blocks of a level, then the next level's practice; null at the end", () => {
    expect(getNextPosition(config, [...round(1, 0, 10), ...testBlock(1, 0)])).toEqual({
      phase: 'test',
      block: 11,
      trialNumber: 0,
    });
    const level1 = [...round(1, 0, 10), ...testBlock(1, 0), ...testBlock(1, 1), ...testBlock(1, 2)];
    expect(getNextPosition(config, level1)).toEqual({
      phase: 'practice',
      block: 20,
      trialNumber: 0,
    });
    const all = [
      ...level1,
      ...round(2, 0, 9),
      ...testBlock(2, 0),
      ...testBlock(2, 1),
      ...testBlock(2, 2),
      ...round(3, 0, 9),
      ...testBlock(3, 0),
      ...testBlock(3, 1),
    ];
    expect(getNextPosition(config, all)).toEqual({ phase: 'test', block: 32, trialNumber: 0 });
    expect(getNextPosition(config, [...all, ...testBlock(3, 2)])).toBeNull();
  });

  it('runs only the configured levels, and ignores positions the run cannot have', () => {
    const two = SETTINGS.schema.parse({ levels: '2-3', blocksPerLevel: 1 });
    expect(getNextPosition(two, [])).toEqual({ phase: 'practice', block: 20, trialNumber: 0 });
    expect(isPosition(two, { phase: 'test', block: 10, trialNumber: 0 })).toBe(false);
    expect(isPosition(two, { phase: 'test', block: 21, trialNumber: 0 })).toBe(false);
    expect(isPosition(two, { phase: 'test', block: 30, trialNumber: 22 })).toBe(true);
    expect(isPosition(two, { phase: 'test', block: 30, trialNumber: 23 })).toBe(false);
    const stray = [{ phase: 'test', block: 90, trialNumber: 0, isCorrect: true }];
    expect(getNextPosition(two, stray)).toEqual({
      phase: 'practice',
      block: 20,
      trialNumber: 0,
    });
  });

  it('follows the fixture run position by position, ending with null', () => {
    const fixture = fixtureRun('order', config);
    const saved: SavedTrial[] = [];
    for (const trial of fixture) {
      expect(getNextPosition(config, saved)).toEqual({
        phase: trial.phase,
        block: trial.block,
        trialNumber: trial.trialNumber,
      });
      saved.push({
        phase: trial.phase,
        block: trial.block ?? 0,
        trialNumber: trial.trialNumber,
        isCorrect: trial.isCorrect,
      });
    }
    expect(getNextPosition(config, saved)).toBeNull();
    // Level 1's first round failed (7 of 10), so it was repeated; the others passed first time.
    const rounds = new Set(fixture.filter((t) => t.phase === 'practice').map((t) => t.block));
    expect([...rounds]).toEqual([10, 11, 20, 30]);
  });
});

describe('N-back plausibility', () => {
  it('knows the least time to each position: SOAs, feedback, one practice round per level', () => {
    // Level 1's first practice round: 11 trials of 3500 ms; its test block 0 starts after it.
    expect(getMinimumArrivalMs(config, { phase: 'practice', block: 10, trialNumber: 0 })).toBe(
      3000,
    );
    expect(getMinimumArrivalMs(config, { phase: 'test', block: 10, trialNumber: 0 })).toBe(
      11 * 3500 + 3000,
    );
    // Level 2's practice follows level 1's round and three blocks of 21 trials.
    expect(getMinimumArrivalMs(config, { phase: 'practice', block: 20, trialNumber: 1 })).toBe(
      11 * 3500 + 63 * 3000 + 3500 + 3000,
    );
  });

  it('finds trials that arrive sooner than a person could answer them, and runs whose clock goes back', () => {
    const position = { phase: 'test', block: 11, trialNumber: 4 };
    const least = getMinimumArrivalMs(config, { phase: 'test', block: 11, trialNumber: 4 });
    expect(findEarlyArrival(config, position, least - RUN_ARRIVAL_TOLERANCE_MS)).toBeNull();
    expect(findEarlyArrival(config, position, 1000)).toMatch(/trials arrived within 1\.0 s/);
    expect(findEarlyArrival(config, { phase: 'test', block: 99, trialNumber: 0 }, 0)).toBeNull();
    const start = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    const trials = [
      {
        phase: 'practice',
        block: 10,
        trialNumber: 0,
        startTime: at(0),
        endTime: at(3000),
        arrivedAt: at(4000),
      },
      {
        phase: 'practice',
        block: 10,
        trialNumber: 1,
        startTime: at(1000),
        endTime: at(4000),
        arrivedAt: at(8000),
      },
    ];
    expect(findRunImplausibility(config, start, trials)).toMatch(/Trial times go backwards/);
    expect(findRunImplausibility(config, start, trials.slice(0, 1))).toBeNull();
  });

  it('flags answers under 150 ms as anticipations', () => {
    expect(getTrialFlags({ reactionTime: 149.9 })).toEqual(['anticipation']);
    expect(getTrialFlags({ reactionTime: 150 })).toEqual([]);
    expect(getTrialFlags({ reactionTime: null })).toEqual([]);
  });
});
