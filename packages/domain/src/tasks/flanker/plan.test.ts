import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { blockCounts, ConfigSchema, DEFAULT_CONFIG } from './config';
import {
  CODES,
  codeCounts,
  congruencyOf,
  directionOf,
  displayOf,
  plan,
  planBlock,
  plannedTrialAt,
} from './plan';

/** The longest run of equal values of `key` in a sequence of codes. */
function longestRun(sequence: Uint8Array, key: (code: number) => string): number {
  let longest = 0;
  let length = 0;
  sequence.forEach((code, i) => {
    length = i > 0 && key(code) === key(sequence[i - 1] as number) ? length + 1 : 1;
    longest = Math.max(longest, length);
  });
  return longest;
}

const tally = (sequence: Uint8Array) =>
  CODES.map((code) => sequence.filter((c) => c === code).length);

describe('the plan', () => {
  it('draws the defaults: 48 congruent and 48 incongruent test trials, 24 of each pointing left, no run over 4', () => {
    for (let i = 0; i < 200; i++) {
      const { practice, test } = plan(`seed-${i}`, DEFAULT_CONFIG);
      expect(tally(test)).toEqual([24, 24, 24, 24]);
      expect(tally(practice)).toEqual([2, 2, 2, 2]);
      for (const block of [practice, test]) {
        expect(longestRun(block, congruencyOf)).toBeLessThanOrEqual(4);
        expect(longestRun(block, directionOf)).toBeLessThanOrEqual(4);
      }
    }
  });

  it('keeps the run limit at its tightest and at the widest congruency split', () => {
    for (const [incongruentProportion, maxRun] of [
      [0.5, 2],
      [0.6, 2],
      [0.75, 3],
      [0.25, 3],
    ] as const) {
      const config = ConfigSchema.parse({ incongruentProportion, maxRun, testTrials: 100 });
      const counts = blockCounts(config, 'test');
      for (let i = 0; i < 100; i++) {
        const { test } = plan(`tight-${i}`, config);
        const perCode = tally(test);
        expect((perCode[2] ?? 0) + (perCode[3] ?? 0)).toBe(counts.incongruent);
        expect(longestRun(test, congruencyOf)).toBeLessThanOrEqual(maxRun);
        expect(longestRun(test, directionOf)).toBeLessThanOrEqual(maxRun);
      }
    }
  });

  it('is the same from the same seed, another from another, and draws each block apart', () => {
    expect(plan('a', DEFAULT_CONFIG)).toEqual(plan('a', DEFAULT_CONFIG));
    expect(plan('a', DEFAULT_CONFIG).test).not.toEqual(plan('b', DEFAULT_CONFIG).test);
    const longer = ConfigSchema.parse({ practiceTrials: 20 });
    expect(plan('a', longer).test).toEqual(plan('a', DEFAULT_CONFIG).test);
  });

  it('splits an odd congruency either way, and two odd ones opposite ways', () => {
    const sides = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const [cl, cr, il, ir] = codeCounts(createRng(`odd-${i}`), {
        trials: 10,
        congruent: 5,
        incongruent: 5,
      });
      expect((cl ?? 0) + (cr ?? 0)).toBe(5);
      expect((il ?? 0) + (ir ?? 0)).toBe(5);
      expect((cl ?? 0) + (il ?? 0)).toBe(5);
      sides.add(`${cl}-${il}`);
    }
    expect(sides).toEqual(new Set(['3-2', '2-3']));
  });

  it('refuses a split the run limit cannot hold: 75 incongruent among 100 trials, 2 in a row at most', () => {
    const result = ConfigSchema.safeParse({
      incongruentProportion: 0.75,
      maxRun: 2,
      testTrials: 100,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['maxRun']]);
    expect(result.error?.issues[0]?.message).toContain(
      "test block's 25 congruent and 75 incongruent",
    );
  });

  it('throws where no order can keep the limit', () => {
    expect(() => planBlock(createRng('x'), { trials: 7, congruent: 7, incongruent: 0 }, 2)).toThrow(
      'No order of 7 congruent and 0 incongruent trials',
    );
  });

  it('names each planned trial by its code, and nothing outside the plan', () => {
    const run = plan('names', DEFAULT_CONFIG);
    const first = plannedTrialAt(run, { phase: 'test', block: 0, trialNumber: 0 });
    const code = run.test[0] as number;
    expect(first).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
      congruency: congruencyOf(code),
      targetDirection: directionOf(code),
      display: displayOf(directionOf(code), congruencyOf(code)),
    });
    expect(plannedTrialAt(run, { phase: 'test', block: 0, trialNumber: 96 })).toBeUndefined();
    expect(plannedTrialAt(run, { phase: 'test', block: 1, trialNumber: 0 })).toBeUndefined();
    expect([displayOf('left', 'congruent'), displayOf('right', 'incongruent')]).toEqual([
      '<<<<<',
      '<<><<',
    ]);
  });
});
