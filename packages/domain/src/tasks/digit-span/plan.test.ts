import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { type Config, ConfigSchema, DEFAULT_CONFIG, getLadderTrialCount } from './config';
import {
  drawDigitList,
  formatDigits,
  hasDigitRun,
  parseDigits,
  plan,
  plannedTrialAt,
} from './plan';

/**
 * Every rule a list must keep, as a message (empty when it keeps them), checked with a bit mask
 * of the digits seen and plain comparisons so that 100,000 lists are checked quickly.
 */
function listProblems(digits: readonly number[], length: number): string[] {
  const problems: string[] = [];
  if (digits.length !== length) problems.push(`length ${digits.length}, not ${length}`);
  let seen = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits[i] as number;
    if (!Number.isInteger(d) || d < 1 || d > 9) problems.push('a digit not 1-9');
    else if (seen & (1 << d)) problems.push('a repeated digit');
    seen |= 1 << d;
    if (i >= 2) {
      const step = d - (digits[i - 1] as number);
      if (
        (step === 1 || step === -1) &&
        (digits[i - 1] as number) - (digits[i - 2] as number) === step
      ) {
        problems.push('a run');
      }
    }
  }
  return problems;
}

describe('the run rule', () => {
  it('finds three successive digits rising or falling by one, and nothing else', () => {
    expect(hasDigitRun([4, 5, 6])).toBe(true);
    expect(hasDigitRun([6, 5, 4])).toBe(true);
    expect(hasDigitRun([1, 9, 2, 3, 4])).toBe(true);
    expect(hasDigitRun([9, 8, 7, 1])).toBe(true);
    expect(hasDigitRun([4, 5, 7])).toBe(false);
    expect(hasDigitRun([4, 5, 4])).toBe(false);
    expect(hasDigitRun([5, 4, 5, 3])).toBe(false);
    expect(hasDigitRun([2, 4, 6])).toBe(false);
    expect(hasDigitRun([3, 4])).toBe(false);
    expect(hasDigitRun([])).toBe(false);
  });

  it('refuses a list length outside 1-9', () => {
    const rng = createRng('x');
    expect(() => drawDigitList(rng, 0)).toThrow('1 to 9 digits');
    expect(() => drawDigitList(rng, 10)).toThrow('1 to 9 digits');
    expect(() => drawDigitList(rng, 2.5)).toThrow('1 to 9 digits');
  });

  it('draws every length 1-9 without repeats or runs, using every digit in every place', () => {
    const rng = createRng('lengths');
    for (let length = 1; length <= 9; length++) {
      const seen = Array.from({ length }, () => new Set<number>());
      for (let i = 0; i < 2000; i++) {
        const list = drawDigitList(rng, length);
        expect(listProblems(list, length)).toEqual([]);
        for (const [place, d] of list.entries()) seen[place]?.add(d);
      }
      for (const digits of seen) expect(digits.size).toBe(9);
    }
  });
});

describe('the plan over 100,000 generated lists', () => {
  const configs: Config[] = [
    DEFAULT_CONFIG,
    ConfigSchema.parse({
      directions: 'backward',
      trialsPerLength: 3,
      practiceMaxTries: 2,
      interruptionRepeats: 4,
    }),
    ConfigSchema.parse({
      directions: 'forward',
      forwardStartLength: 2,
      trialsPerLength: 1,
      practiceMaxTries: 0,
      interruptionRepeats: 0,
    }),
  ];

  it('plans every list any path can need: its length, digits 1-9, no repeat, no run, the expected answer, a new list for each repeat', () => {
    let lists = 0;
    const problems: string[] = [];
    // How often each digit is used, by digit (index 1-9).
    const digitCounts = new Float64Array(10);
    for (const [c, config] of configs.entries()) {
      const seeds = c === 0 ? 1000 : 400;
      for (let s = 0; s < seeds; s++) {
        const seed = `plan-${c}-${s}`;
        const runPlan = plan(seed, config);
        for (const direction of ['forward', 'backward'] as const) {
          const lists_ = runPlan[direction];
          const given = config.directions === 'both' || config.directions === direction;
          if (!given || !lists_) {
            if (given || lists_) problems.push(`${seed}: the ${direction} plan`);
            continue;
          }
          // Each place of the ladder, and a new list for each repeat after an interruption.
          const perPlace = 1 + config.interruptionRepeats;
          const ladder = getLadderTrialCount(config, direction) * perPlace;
          if (lists_.practice.length !== config.practiceMaxTries || lists_.test.length !== ladder) {
            problems.push(`${seed}: ${direction} list counts`);
          }
          const block = direction === 'forward' ? 0 : 1;
          const start =
            direction === 'forward' ? config.forwardStartLength : config.backwardStartLength;
          for (const phase of ['practice', 'test'] as const) {
            for (let trialNumber = 0; trialNumber < lists_[phase].length; trialNumber++) {
              const planned = plannedTrialAt(runPlan, config, { phase, block, trialNumber });
              if (!planned) throw new Error('a planned list is missing');
              const place = Math.floor(trialNumber / perPlace);
              const repeat = phase === 'practice' ? 0 : trialNumber % perPlace;
              const length =
                phase === 'practice' ? 2 : start + Math.floor(place / config.trialsPerLength);
              const digits = parseDigits(planned.presented);
              const where = `${seed} ${phase} ${direction} ${trialNumber} ${planned.presented}`;
              for (const problem of listProblems(digits, length))
                problems.push(`${where}: ${problem}`);
              const inOrder = direction === 'forward' ? digits : [...digits].reverse();
              const attempt =
                phase === 'practice' ? trialNumber + 1 : (place % config.trialsPerLength) + 1;
              if (
                planned.length !== length ||
                planned.expected !== formatDigits(inOrder) ||
                planned.attempt !== attempt ||
                planned.repeat !== repeat
              ) {
                problems.push(`${where}: length, expected answer, attempt or repeat`);
              }
              // A repeat is a new list: not its place's own list nor an earlier repeat's.
              const earlier = lists_.test.slice(place * perPlace, trialNumber);
              if (phase === 'test' && earlier.includes(lists_.test[trialNumber] as string)) {
                problems.push(`${where}: a repeat of a list given in its place`);
              }
              for (const d of digits) digitCounts[d] = (digitCounts[d] as number) + 1;
              lists += 1;
            }
          }
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(lists).toBeGreaterThanOrEqual(100_000);
    // Every digit is used about as often: within 5 % of the mean over the half million digits.
    const counts = [...digitCounts.slice(1)];
    const meanCount = counts.reduce((s, v) => s + v, 0) / counts.length;
    for (const count of counts) expect(Math.abs(count / meanCount - 1)).toBeLessThan(0.05);
  });

  it('is the same for the same seed and config, and another for another seed', () => {
    for (let s = 0; s < 200; s++) {
      for (const config of configs) {
        expect(plan(`same-${s}`, config)).toEqual(plan(`same-${s}`, config));
      }
      expect(plan(`same-${s}`, DEFAULT_CONFIG)).not.toEqual(plan(`other-${s}`, DEFAULT_CONFIG));
    }
  });

  it('draws each list from its own generator: more lists per length leave the others as they were', () => {
    const two = plan('own', DEFAULT_CONFIG);
    const moreTries = plan('own', { ...DEFAULT_CONFIG, practiceMaxTries: 8 });
    expect(moreTries.forward?.practice.slice(0, 4)).toEqual(two.forward?.practice);
    expect(moreTries.forward?.test).toEqual(two.forward?.test);
  });

  it("keeps the ladder's own lists whatever the repeats: a run of task version 1.0.0 has the plan it had", () => {
    // interruptionRepeats 0 is the plan of 1.0.0: one list per place, numbered by place.
    const none = plan('own', { ...DEFAULT_CONFIG, interruptionRepeats: 0 });
    expect(none.forward?.test).toHaveLength(14);
    expect(none.forward?.test[0]).toBe('413');
    expect(none.backward?.test[13]).toBe('95412637');
    for (const repeats of [1, 2, 4]) {
      const planned = plan('own', {
        ...DEFAULT_CONFIG,
        interruptionRepeats: repeats,
      });
      const own = planned.forward?.test.filter((_, i) => i % (1 + repeats) === 0);
      expect(own).toEqual(none.forward?.test);
    }
    // The repeats of a place do not depend on how many there may be.
    const two = plan('own', DEFAULT_CONFIG);
    const four = plan('own', { ...DEFAULT_CONFIG, interruptionRepeats: 4 });
    expect(two.backward?.test.slice(3, 6)).toEqual(four.backward?.test.slice(5, 8));
  });

  it('has no list at a position the run cannot have', () => {
    const planned = plan('none', DEFAULT_CONFIG);
    const at = (phase: string, block: number, trialNumber: number) =>
      plannedTrialAt(planned, DEFAULT_CONFIG, { phase, block, trialNumber });
    // 14 places of 3 positions each: the place's own list and its two possible repeats.
    expect(at('test', 0, 42)).toBeUndefined();
    expect(at('practice', 1, 4)).toBeUndefined();
    expect(at('test', 2, 0)).toBeUndefined();
    expect(at('warmup', 0, 0)).toBeUndefined();
    expect(at('test', 0, 39)).toMatchObject({ length: 9, attempt: 2, repeat: 0 });
    expect(at('test', 0, 41)).toMatchObject({ length: 9, attempt: 2, repeat: 2 });
    expect(at('test', 1, 40)).toMatchObject({ length: 8, attempt: 2, repeat: 1 });
    expect(at('practice', 1, 3)).toMatchObject({ length: 2, attempt: 4, repeat: 0 });
  });

  it('refuses a configuration that cannot be run', () => {
    const bad = { ...DEFAULT_CONFIG, forwardStartLength: 7, forwardMaxLength: 5 };
    expect(() => plan('x', bad)).toThrow(
      'The forward start length (7) must not exceed the forward maximum length (5)',
    );
    const parsed = ConfigSchema.safeParse({ forwardStartLength: 7, forwardMaxLength: 5 });
    expect(parsed.success).toBe(false);
    expect(ConfigSchema.safeParse({ responseTimeLimitMs: 500 }).success).toBe(false);
    expect(ConfigSchema.safeParse({ responseTimeLimitMs: 30_000 }).success).toBe(true);
  });
});
