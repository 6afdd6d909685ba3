import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  blockNumber,
  type Config,
  DEFAULT_CONFIG,
  getBlockCounts,
  getBlocksPerLevel,
  getLevels,
  LEVEL_RANGES,
  type Phase,
  SETTINGS,
} from './config';
import { mostPackedLures } from './layout';
import {
  decodeCode,
  MAX_SAME_LETTER_RUN,
  MAX_TARGET_RUN,
  type Plan,
  plan,
  plannedBlockTrials,
  plannedTrialAt,
} from './plan';

/** Trials planned by the property tests of this file (checked at the end). */
let plannedTrials = 0;
const MIN_PLANNED_TRIALS = 100_000;

/** The most lures the settings accept for a test block of every level of `levels`. */
const mostLures = (levels: string, scored: number, targets: number) =>
  Math.min(...getLevels({ levels }).map((n) => mostPackedLures(n, scored, targets, 51)));

/**
 * Valid configurations: every setting within its bounds, kept when the schema accepts them.
 * Lures are a share of the most the settings accept, that most itself half the time.
 */
const configArbitrary: fc.Arbitrary<Config> = fc
  .record({
    levels: fc.constantFrom(...LEVEL_RANGES),
    blocksPerLevel: fc.integer({ min: 1, max: 4 }),
    scoredTrialsPerBlock: fc.integer({ min: 4, max: 60 }),
    targetsPerBlock: fc.integer({ min: 1, max: 14 }),
    lureMode: fc.constantFrom('none' as const, 'fixed' as const),
    lureShare: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
    practiceScoredTrials: fc.integer({ min: 4, max: 20 }),
    practiceTargets: fc.integer({ min: 1, max: 7 }),
    practiceMaxRounds: fc.integer({ min: 1, max: 3 }),
    keyMapping: fc.constantFrom('counterbalanced' as const, 'A' as const, 'B' as const),
  })
  .map(({ lureShare, ...partial }) => {
    const most = mostLures(partial.levels, partial.scoredTrialsPerBlock, partial.targetsPerBlock);
    return SETTINGS.schema.safeParse({
      ...partial,
      luresPerBlock: Math.round(lureShare * most),
    });
  })
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as Config);

/** Every rule a planned block keeps, checked on its decoded trials. */
function checkBlock(config: Config, plan: Plan, phase: Phase, n: number, index: number) {
  const counts = getBlockCounts(config, phase, n);
  const trials = plannedBlockTrials(plan, phase, n, index);
  plannedTrials += trials.length;
  expect(trials).toHaveLength(counts.fillers + counts.scored);
  const letters = trials.map((t) => t.letter);
  const hasLures = counts.luresNMinus1 + counts.luresNPlus1 > 0;
  let targets = 0;
  let targetRun = 0;
  let sameRun = 0;
  const lures = { 'n-1': 0, 'n+1': 0 };
  trials.forEach((trial, i) => {
    expect(trial.level).toBe(n);
    expect(trial.block).toBe(blockNumber(n, index));
    sameRun = i > 0 && letters[i - 1] === trial.letter ? sameRun + 1 : 1;
    expect(sameRun).toBeLessThanOrEqual(MAX_SAME_LETTER_RUN);
    // In a block with lures a drawn letter (a filler's, a plain non-target's) never repeats
    // the one before it.
    if (hasLures && i > 0 && !trial.isTarget && trial.lureType === 'none') {
      expect(trial.letter).not.toBe(letters[i - 1]);
    }
    if (i < n) {
      expect(trial.isTarget).toBeNull();
      expect(trial.nBackLetter).toBeNull();
      expect(trial.lureType).toBe('none');
      return;
    }
    expect(trial.nBackLetter).toBe(letters[i - n]);
    targetRun = trial.isTarget ? targetRun + 1 : 0;
    expect(targetRun).toBeLessThanOrEqual(MAX_TARGET_RUN);
    if (trial.isTarget) {
      targets += 1;
      expect(trial.letter).toBe(letters[i - n]);
      expect(trial.lureType).toBe('none');
      return;
    }
    expect(trial.letter).not.toBe(letters[i - n]);
    const minus = n > 1 ? letters[i - n + 1] : undefined;
    const plus = i - n - 1 >= 0 ? letters[i - n - 1] : undefined;
    if (trial.lureType === 'n-1') {
      lures['n-1'] += 1;
      expect(trial.letter).toBe(minus);
    } else if (trial.lureType === 'n+1') {
      lures['n+1'] += 1;
      expect(trial.letter).toBe(plus);
    } else {
      // No lure by chance: a plain non-target differs from the items n-1 and n+1 back too.
      expect(trial.letter).not.toBe(minus);
      expect(trial.letter).not.toBe(plus);
    }
  });
  expect(targets).toBe(counts.targets);
  expect(lures).toEqual({ 'n-1': counts.luresNMinus1, 'n+1': counts.luresNPlus1 });
}

describe('planNBack (property tests)', () => {
  afterAll(() => {
    expect(plannedTrials).toBeGreaterThanOrEqual(MIN_PLANNED_TRIALS);
  });

  it('plans every block with exact targets and lures, fillers first, and keeps every sequence rule', () => {
    fc.assert(
      fc.property(configArbitrary, fc.string({ minLength: 1, maxLength: 24 }), (config, seed) => {
        const planned = plan(seed, config);
        expect(planned.levels.map((l) => l.n)).toEqual(getLevels(config));
        for (const { n } of planned.levels) {
          for (const phase of ['practice', 'test'] as const) {
            for (let index = 0; index < getBlocksPerLevel(config, phase); index++) {
              checkBlock(config, planned, phase, n, index);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the rules at the defaults and with fixed lures over 150 seeds each', () => {
    const withLures = SETTINGS.schema.parse({ lureMode: 'fixed', luresPerBlock: 4 });
    for (const config of [DEFAULT_CONFIG, withLures]) {
      for (let i = 0; i < 150; i++) {
        const planned = plan(`defaults-${i}`, config);
        for (const { n } of planned.levels) {
          for (let index = 0; index < 3; index++) {
            checkBlock(config, planned, 'practice', n, index);
            checkBlock(config, planned, 'test', n, index);
          }
        }
      }
    }
  });

  it('plans every block of configurations near the most lures accepted, and refuses more', () => {
    const cases = [
      ...[1, 2, 3].map((targets) => ({ levels: '2', scored: 30, targets })),
      ...[1, 2, 3, 4, 5, 6].map((targets) => ({ levels: '2', scored: 40, targets })),
      { levels: '2', scored: 60, targets: 6 },
      { levels: '4', scored: 60, targets: 6 },
      { levels: '1-6', scored: 60, targets: 14 },
      { levels: '1', scored: 100, targets: 1 },
    ];
    for (const { levels, scored, targets } of cases) {
      const most = mostLures(levels, scored, targets);
      expect(most).toBeGreaterThan(0);
      for (const lures of [most, most - 1]) {
        const config = SETTINGS.schema.parse({
          levels,
          scoredTrialsPerBlock: scored,
          targetsPerBlock: targets,
          lureMode: 'fixed',
          luresPerBlock: lures,
          blocksPerLevel: 2,
          practiceMaxRounds: 1,
        });
        for (let i = 0; i < 20; i++) {
          const planned = plan(`edge-${i}`, config);
          for (const { n } of planned.levels) {
            checkBlock(config, planned, 'test', n, 0);
            checkBlock(config, planned, 'test', n, 1);
          }
        }
      }
      if (most < 50) {
        const refused = SETTINGS.schema.safeParse({
          levels,
          scoredTrialsPerBlock: scored,
          targetsPerBlock: targets,
          lureMode: 'fixed',
          luresPerBlock: most + 1,
        });
        expect(refused.error?.issues[0]?.message).toMatch(
          new RegExp(`has room for at most ${most} lures at level \\d, not ${most + 1}`),
        );
      }
    }
  });

  it('plans the same run from the same seed and config', () => {
    fc.assert(
      fc.property(configArbitrary, fc.string({ maxLength: 24 }), (config, seed) => {
        const first = plan(seed, config);
        const again = plan(seed, { ...config });
        for (const level of first.levels) {
          for (const block of [...level.practice, ...level.test]) plannedTrials += 2 * block.length;
        }
        expect(again).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it('plans different letters for every one of 300 seeds, and each block on its own', () => {
    const orders = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const planned = plan(`seed-${i}`, DEFAULT_CONFIG);
      const level = planned.levels[1];
      if (!level) throw new Error('no level 2');
      plannedTrials += level.test.length * 22;
      orders.add(Array.from(level.test[0] ?? []).join(','));
      // A block's letters do not repeat another block's.
      expect(Array.from(level.test[0] ?? []).join()).not.toBe(
        Array.from(level.test[1] ?? []).join(),
      );
    }
    expect(orders.size).toBe(300);
  });

  it('counterbalances the key mapping by seed, or takes the configured one', () => {
    let a = 0;
    for (let i = 0; i < 2000; i++) {
      if (plan(`mapping-${i}`, DEFAULT_CONFIG).keyMapping === 'A') a += 1;
    }
    // Binomial(2000, 0.5): SD 22.4; within 5 SD of 1000.
    expect(Math.abs(a - 1000)).toBeLessThan(5 * 22.4);
    const fixed = SETTINGS.schema.parse({ keyMapping: 'B' });
    expect(plan('mapping-0', fixed).keyMapping).toBe('B');
  });

  it('puts a level in its block number: level x 10 + block, and has no block beyond the plan', () => {
    const planned = plan('blocks', DEFAULT_CONFIG);
    expect(plannedTrialAt(planned, { phase: 'test', block: 32, trialNumber: 22 })).toMatchObject({
      level: 3,
      block: 32,
    });
    expect(plannedTrialAt(planned, { phase: 'test', block: 33, trialNumber: 0 })).toBeUndefined();
    expect(plannedTrialAt(planned, { phase: 'test', block: 40, trialNumber: 0 })).toBeUndefined();
    expect(plannedTrialAt(planned, { phase: 'test', block: 12, trialNumber: 21 })).toBeUndefined();
    expect(() => decodeCode(255)).toThrow(/Not an N-back trial code/);
  });

  it('refuses a configuration it cannot plan, with the reason', () => {
    const impossible = { ...DEFAULT_CONFIG, targetsPerBlock: 9, scoredTrialsPerBlock: 12 };
    expect(() => plan('x', impossible)).toThrow(/holds at most 8 targets/);
    const tooManyLures = {
      ...DEFAULT_CONFIG,
      lureMode: 'fixed' as const,
      luresPerBlock: 14,
    };
    expect(() => plan('x', tooManyLures)).toThrow(/room for at most 5 lures at level 1, not 14/);
    expect(SETTINGS.schema.safeParse({ stimulusMs: 3000, soaMs: 2000 }).success).toBe(false);
  });
});
