import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import {
  type Config,
  DEFAULT_CONFIG,
  FONT_SIZE_COUNT,
  getBlockTrialCount,
  PRACTICE_FONT_SIZE_INDEX,
  SETTINGS,
} from './config';
import { decodeCode, orderBlock, plan, plannedTrialAt } from './plan';

/** How often each key occurs. */
function tally<K>(keys: readonly K[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

/** The longest run of no-go digits in a block. */
function longestNogoRun(block: Uint8Array, nogoDigit: number): number {
  let longest = 0;
  let run = 0;
  for (const code of block) {
    run = decodeCode(code).digit === nogoDigit ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Valid configurations of what the plan depends on, as the schema parses them. */
const configArbitrary: fc.Arbitrary<Config> = fc
  .record({
    repsPerDigit: fc.integer({ min: 1, max: 60 }),
    nogoDigit: fc.integer({ min: 1, max: 9 }),
    maxConsecutiveNogo: fc.oneof(
      { weight: 2, arbitrary: fc.constant(0) },
      { weight: 2, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.integer({ min: 2, max: 10 }) },
    ),
    practiceEnabled: fc.boolean(),
    practiceTrials: fc.integer({ min: 9, max: 90 }),
  })
  .map((partial) => SETTINGS.schema.parse(partial));

describe('plan at the defaults', () => {
  const planned = plan('plan-seed', DEFAULT_CONFIG);
  const test = [...planned.test].map(decodeCode);

  it('shows each digit 25 times, each size 45 times and each digit-size pair 5 times: 225 trials', () => {
    expect(test).toHaveLength(225);
    expect([...tally(test.map((t) => t.digit)).entries()].sort()).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((digit) => [digit, 25]),
    );
    expect([...tally(test.map((t) => t.fontSizeIndex)).entries()].sort()).toEqual(
      [0, 1, 2, 3, 4].map((size) => [size, 45]),
    );
    const pairs = tally(test.map((t) => `${t.digit}:${t.fontSizeIndex}`));
    expect(pairs.size).toBe(45);
    for (const count of pairs.values()) expect(count).toBe(5);
  });

  it('plans 18 practice digits, each digit twice, all in the middle size', () => {
    const practice = [...planned.practice].map(decodeCode);
    expect(practice).toHaveLength(18);
    for (const count of tally(practice.map((t) => t.digit)).values()) expect(count).toBe(2);
    expect(tally(practice.map((t) => t.digit)).size).toBe(9);
    for (const t of practice) expect(t.fontSizeIndex).toBe(PRACTICE_FONT_SIZE_INDEX);
  });

  it('puts no constraint on the order by default: adjacent no-go digits occur', () => {
    // Over many seeds a plain shuffle of 25 no-go among 225 trials puts two 3s side by side in
    // most runs (expected about 2.7 adjacent pairs a run).
    let withAdjacent = 0;
    for (let i = 0; i < 50; i++) {
      if (longestNogoRun(plan(`adjacent-${i}`, DEFAULT_CONFIG).test, 3) >= 2) {
        withAdjacent += 1;
      }
    }
    expect(withAdjacent).toBeGreaterThan(35);
  });

  it('names each planned trial with its digit, no-go status and size', () => {
    const first = decodeCode(planned.test[0] as number);
    expect(
      plannedTrialAt(planned, DEFAULT_CONFIG, { phase: 'test', block: 0, trialNumber: 0 }),
    ).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
      digit: first.digit,
      isNogo: first.digit === 3,
      fontSizeIndex: first.fontSizeIndex,
    });
    expect(
      plannedTrialAt(planned, DEFAULT_CONFIG, { phase: 'test', block: 0, trialNumber: 225 }),
    ).toBeUndefined();
    expect(
      plannedTrialAt(planned, DEFAULT_CONFIG, { phase: 'test', block: 1, trialNumber: 0 }),
    ).toBeUndefined();
  });

  it('plans no practice when practice is off', () => {
    const off = plan('plan-seed', { ...DEFAULT_CONFIG, practiceEnabled: false });
    expect(off.practice).toHaveLength(0);
    // The test does not depend on practice: each phase has its own generator.
    expect([...off.test]).toEqual([...planned.test]);
  });
});

describe('plan (property tests)', () => {
  it('gives every digit its repetitions, spreads the sizes as evenly as they go, and keeps no-go runs within the limit', () => {
    fc.assert(
      fc.property(configArbitrary, fc.string({ minLength: 1, maxLength: 16 }), (config, seed) => {
        const planned = plan(seed, config);
        const test = [...planned.test].map(decodeCode);
        expect(test).toHaveLength(getBlockTrialCount(config, 'test'));
        for (const count of tally(test.map((t) => t.digit)).values()) {
          expect(count).toBe(config.repsPerDigit);
        }
        // Each digit in each size floor(reps / 5) or that + 1 times; each size over all digits
        // floor or ceil of 9 x reps / 5.
        const whole = Math.floor(config.repsPerDigit / FONT_SIZE_COUNT);
        const pairs = tally(test.map((t) => `${t.digit}:${t.fontSizeIndex}`));
        for (const count of pairs.values()) expect([whole, whole + 1]).toContain(count);
        const sizes = tally(test.map((t) => t.fontSizeIndex));
        const even = (9 * config.repsPerDigit) / FONT_SIZE_COUNT;
        for (const count of sizes.values()) {
          expect(count).toBeGreaterThanOrEqual(Math.floor(even));
          expect(count).toBeLessThanOrEqual(Math.ceil(even));
        }
        if (config.maxConsecutiveNogo > 0) {
          expect(longestNogoRun(planned.test, config.nogoDigit)).toBeLessThanOrEqual(
            config.maxConsecutiveNogo,
          );
          expect(longestNogoRun(planned.practice, config.nogoDigit)).toBeLessThanOrEqual(
            config.maxConsecutiveNogo,
          );
        }
        const practice = [...planned.practice].map(decodeCode);
        expect(practice).toHaveLength(getBlockTrialCount(config, 'practice'));
        if (practice.length > 0) {
          const digits = tally(practice.map((t) => t.digit));
          expect(digits.size).toBe(9);
          const least = Math.floor(config.practiceTrials / 9);
          for (const count of digits.values()) expect([least, least + 1]).toContain(count);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('plans the same run from the same seed and config, and another from another seed', () => {
    fc.assert(
      fc.property(configArbitrary, fc.string({ minLength: 1, maxLength: 16 }), (config, seed) => {
        expect(plan(seed, config)).toEqual(plan(seed, config));
        expect([...plan(`${seed}!`, config).test]).not.toEqual([...plan(seed, config).test]);
      }),
      { numRuns: 100 },
    );
  });

  it('never shows two no-go digits in a row with maxConsecutiveNogo 1, over many default-sized runs', () => {
    const config = { ...DEFAULT_CONFIG, maxConsecutiveNogo: 1 };
    for (let i = 0; i < 300; i++) {
      expect(longestNogoRun(plan(`strict-${i}`, config).test, 3)).toBe(1);
    }
  });
});

describe('orderBlock', () => {
  const isNogo = (digit: number) => digit === 1;

  it('makes every allowed order equally likely under a limit (2 no-go among 2 go, none adjacent)', () => {
    // Items 1a 1b (no-go) and 2 3 (go): orders without adjacent no-go are the 3 type patterns
    // N G N G, N G G N, G N G N, times 2 x 2 item orders = 12, each with probability 1/12.
    const items = [
      { digit: 1, fontSizeIndex: 0 },
      { digit: 1, fontSizeIndex: 1 },
      { digit: 2, fontSizeIndex: 0 },
      { digit: 3, fontSizeIndex: 0 },
    ];
    const rng = createRng('uniform-order');
    const draws = 24_000;
    const seen = tally(
      Array.from({ length: draws }, () =>
        orderBlock(rng, items, isNogo, 1)
          .map((item) => `${item.digit}${item.fontSizeIndex}`)
          .join(' '),
      ),
    );
    expect(seen.size).toBe(12);
    for (const [order, count] of seen) {
      expect(order).not.toMatch(/1\d 1\d/);
      // 2000 expected; SD about 43: within ±6 SD.
      expect(Math.abs(count - draws / 12), order).toBeLessThan(260);
    }
  });

  it('shuffles every item without a limit', () => {
    const items = [1, 1, 2, 3].map((digit, i) => ({ digit, fontSizeIndex: i }));
    const rng = createRng('plain-order');
    const seen = tally(
      Array.from({ length: 4800 }, () =>
        orderBlock(rng, items, isNogo, 0)
          .map((item) => item.fontSizeIndex)
          .join(''),
      ),
    );
    // 4! = 24 orders of four distinct items, 200 each expected (SD about 14).
    expect(seen.size).toBe(24);
    for (const count of seen.values()) expect(Math.abs(count - 200)).toBeLessThan(90);
  });
});
