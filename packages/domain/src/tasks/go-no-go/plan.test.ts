import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { type Config, DEFAULT_CONFIG, getBlockCounts, SETTINGS } from './config';
import { NOGO_CODE, plan, planBlock, plannedTrialAt, spreadNoGo } from './plan';

/** Trials planned by the property tests of this file (reported and checked at the end). */
let plannedTrials = 0;
const MIN_PLANNED_TRIALS = 100_000;

/** The longest run of no-go trials in a block. */
function longestNoGoRun(block: Uint8Array): number {
  let longest = 0;
  let run = 0;
  for (const code of block) {
    run = code === NOGO_CODE ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Valid configurations: every setting within its bounds, kept when the schema accepts them. */
const configArbitrary: fc.Arbitrary<Config> = fc
  .record({
    testTrials: fc.integer({ min: 10, max: 1000 }),
    goProportion: fc.oneof(
      fc.constantFrom(0.5, 0.6, 2 / 3, 0.75, 0.8, 0.85, 0.9, 0.95),
      fc.double({ min: 0.5, max: 0.95, noNaN: true }),
    ),
    practiceTrials: fc.integer({ min: 2, max: 60 }),
    practiceMaxRounds: fc.integer({ min: 1, max: 10 }),
    firstGoTrials: fc.integer({ min: 0, max: 5 }),
    maxConsecutiveNoGo: fc.oneof(
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 2, arbitrary: fc.integer({ min: 2, max: 4 }) },
      { weight: 1, arbitrary: fc.integer({ min: 5, max: 10 }) },
    ),
    stimulusSet: fc.constantFrom('fill-outline' as const, 'letters-PR' as const),
    goMapping: fc.constantFrom('A' as const, 'B' as const),
  })
  .map((partial) => SETTINGS.schema.safeParse(partial))
  .filter((parsed) => parsed.success)
  .map((parsed) => parsed.data as Config);

describe('the go mapping', () => {
  it('shows the set’s first stimulus on go trials under A and its second under B, the plan unchanged', () => {
    const expected = {
      'fill-outline': { A: ['solid', 'outline'], B: ['outline', 'solid'] },
      'letters-PR': { A: ['P', 'R'], B: ['R', 'P'] },
    } as const;
    for (const stimulusSet of ['fill-outline', 'letters-PR'] as const) {
      for (const goMapping of ['A', 'B'] as const) {
        const config = { ...DEFAULT_CONFIG, stimulusSet, goMapping };
        const planned = plan('mapping', config);
        // The sequence of go and no-go trials is the seed's, whatever the mapping.
        expect(planned).toEqual(plan('mapping', DEFAULT_CONFIG));
        const [go, nogo] = expected[stimulusSet][goMapping];
        planned.test.forEach((code, trialNumber) => {
          const trial = plannedTrialAt(planned, config, { phase: 'test', block: 0, trialNumber });
          expect(trial?.stimulusId).toBe(code === NOGO_CODE ? nogo : go);
        });
      }
    }
  });
});

describe('plan (property tests)', () => {
  afterAll(() => {
    expect(plannedTrials).toBeGreaterThanOrEqual(MIN_PLANNED_TRIALS);
  });

  it('plans every block with its exact counts, leading go trials and no-go runs at most the limit', () => {
    fc.assert(
      fc.property(configArbitrary, fc.string({ minLength: 1, maxLength: 24 }), (config, seed) => {
        const planned = plan(seed, config);
        expect(planned.practice).toHaveLength(config.practiceMaxRounds);
        const blocks = [
          ...planned.practice.map((block) => ({
            block,
            counts: getBlockCounts(config, 'practice'),
          })),
          { block: planned.test, counts: getBlockCounts(config, 'test') },
        ];
        for (const { block, counts } of blocks) {
          plannedTrials += block.length;
          expect(block.length).toBe(counts.trials);
          const noGo = block.reduce((sum, code) => sum + (code === NOGO_CODE ? 1 : 0), 0);
          expect(noGo).toBe(counts.noGo);
          expect(longestNoGoRun(block)).toBeLessThanOrEqual(config.maxConsecutiveNoGo);
          for (let i = 0; i < config.firstGoTrials; i++) expect(block[i]).not.toBe(NOGO_CODE);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('plans the same run from the same seed and config', () => {
    fc.assert(
      fc.property(configArbitrary, fc.string({ maxLength: 24 }), (config, seed) => {
        const first = plan(seed, config);
        const again = plan(seed, { ...config });
        plannedTrials += 2 * (first.test.length + first.practice.length * config.practiceTrials);
        expect(again).toEqual(first);
      }),
      { numRuns: 100 },
    );
  });

  it('plans a different test order for every one of 500 seeds at the default settings', () => {
    const orders = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const planned = plan(`seed-${i}`, DEFAULT_CONFIG);
      plannedTrials += planned.test.length + planned.practice.length * 10;
      orders.add(planned.test.join(''));
    }
    expect(orders.size).toBe(500);
  });

  it('shuffles each practice round on its own: rounds differ and agree only by chance', () => {
    // At the defaults a round has C(6, 2) = 15 possible orders (2 no-go trials in the 6 gaps
    // after the 3rd..8th go trial), so two independent rounds agree 1 time in 15.
    let equalPairs = 0;
    let pairs = 0;
    for (let i = 0; i < 3000; i++) {
      const { practice } = plan(`rounds-${i}`, DEFAULT_CONFIG);
      plannedTrials += practice.length * 10 + 160;
      for (let a = 0; a < practice.length; a++) {
        for (let b = a + 1; b < practice.length; b++) {
          pairs++;
          if (practice[a]?.join('') === practice[b]?.join('')) equalPairs++;
        }
      }
    }
    // 9000 pairs, 600 expected to agree (SD 23.7): within 5 SD.
    expect(pairs).toBe(9000);
    expect(Math.abs(equalPairs - 600)).toBeLessThan(5 * 23.7);
  });

  it('gives round b the same order whatever the number of rounds allowed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.integer({ min: 1, max: 9 }), (seed, rounds) => {
        const few = plan(seed, { ...DEFAULT_CONFIG, practiceMaxRounds: rounds });
        const more = plan(seed, { ...DEFAULT_CONFIG, practiceMaxRounds: 10 });
        plannedTrials += 160 * 2 + (rounds + 10) * 10;
        expect(more.practice.slice(0, rounds)).toEqual(few.practice);
        expect(more.test).toEqual(few.test);
      }),
      { numRuns: 50 },
    );
  });
});

/** Every sequence of `trials` with `noGo` no-go trials that keeps the rules, as strings. */
function validSequences(trials: number, noGo: number, firstGo: number, maxRun: number): string[] {
  const out: string[] = [];
  const walk = (prefix: string, left: number) => {
    if (prefix.length === trials) {
      if (left === 0) out.push(prefix);
      return;
    }
    walk(`${prefix}0`, left);
    const run = prefix.length - prefix.lastIndexOf('0') - 1;
    if (left > 0 && prefix.length >= firstGo && run < maxRun) walk(`${prefix}1`, left - 1);
  };
  walk('', noGo);
  return out;
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: Map<string, number>, categories: readonly string[], draws: number) {
  const expected = draws / categories.length;
  return categories.reduce(
    (sum, key) => sum + ((counts.get(key) ?? 0) - expected) ** 2 / expected,
    0,
  );
}

describe('planBlock draws every valid sequence equally often', () => {
  // The chi-square critical values at p = 0.001 for the degrees of freedom below.
  it.each([
    { trials: 8, noGo: 2, firstGo: 1, maxRun: 1, critical: 45.3 /* df 20 */ },
    { trials: 9, noGo: 4, firstGo: 2, maxRun: 2, critical: 99.6 /* df 65 */ },
    { trials: 7, noGo: 3, firstGo: 0, maxRun: 3, critical: 59.7 /* df 34 */ },
  ])('$trials trials, $noGo no-go, $firstGo leading go, runs of at most $maxRun', (c) => {
    const categories = validSequences(c.trials, c.noGo, c.firstGo, c.maxRun);
    const counts = new Map<string, number>();
    const draws = 300 * categories.length;
    const rng = createRng(`uniform-${c.trials}-${c.noGo}-${c.maxRun}`);
    const blockCounts = { trials: c.trials, go: c.trials - c.noGo, noGo: c.noGo };
    for (let i = 0; i < draws; i++) {
      const key = planBlock(rng, blockCounts, c.firstGo, c.maxRun).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    plannedTrials += draws * c.trials;
    expect([...counts.keys()].every((key) => categories.includes(key))).toBe(true);
    expect(counts.size).toBe(categories.length);
    expect(chiSquare(counts, categories, draws)).toBeLessThan(c.critical);
  });

  it('spreads no-go trials over gaps without rejection, and refuses an impossible spread', () => {
    const rng = createRng('spread');
    const perGap = spreadNoGo(rng, 500, 100, 5);
    expect(perGap.reduce((sum, n) => sum + n, 0)).toBe(500);
    expect(Math.max(...perGap)).toBe(5);
    expect(() => spreadNoGo(rng, 11, 5, 2)).toThrow(/Cannot spread 11 no-go trials/);
  });
});
