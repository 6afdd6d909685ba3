import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import {
  ConfigSchema,
  DEFAULT_CONFIG,
  findConfigProblems,
  maximumTestStimuli,
  resolveConfig,
  SETTINGS,
} from './config';
import { drawForeperiod, foreperiodAt, plan, plannedDraws, SPARE_DRAWS } from './plan';
import { configStoredBy100, readStoredConfig } from './testing';

/** Pearson's chi-square statistic of observed counts against equal expected shares. */
function chiSquare(counts: readonly number[], expected: readonly number[]): number {
  return counts.reduce((sum, count, i) => {
    const e = expected[i] as number;
    return sum + (count - e) ** 2 / e;
  }, 0);
}

describe('PVT foreperiods', () => {
  it('are whole ms within the bounds, both ends drawn', () => {
    const rng = createRng('bounds');
    const narrow = Array.from({ length: 5000 }, () => drawForeperiod(rng, [500, 503]));
    expect([...new Set(narrow)].sort()).toEqual([500, 501, 502, 503]);
    const wide = createRng('wide');
    const draws = Array.from({ length: 20_000 }, () => drawForeperiod(wide, [2000, 10_000]));
    expect(draws.every(Number.isInteger)).toBe(true);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...draws)).toBeLessThanOrEqual(10_000);
  });

  it('are uniform: a chi-square goodness of fit over 200,000 draws, by value and by second', () => {
    // Every one of 100 values equally likely: 99 degrees of freedom, p = 0.001 at 148.2.
    const rng = createRng('uniform-values');
    const counts = new Array<number>(100).fill(0);
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const fp = drawForeperiod(rng, [2000, 2099]);
      counts[fp - 2000] = (counts[fp - 2000] as number) + 1;
    }
    expect(
      chiSquare(
        counts,
        counts.map(() => n / 100),
      ),
    ).toBeLessThan(148.2);
    // The PVT-10 range by second: eight bins of 1000 values, the last with 10000 too (1001);
    // 7 degrees of freedom, p = 0.001 at 24.32.
    const wide = createRng('uniform-seconds');
    const bins = new Array<number>(8).fill(0);
    for (let i = 0; i < n; i++) {
      const bin = Math.min(7, Math.floor((drawForeperiod(wide, [2000, 10_000]) - 2000) / 1000));
      bins[bin] = (bins[bin] as number) + 1;
    }
    const expected = bins.map((_, i) => (n * (i === 7 ? 1001 : 1000)) / 8001);
    expect(chiSquare(bins, expected)).toBeLessThan(24.32);
    // A biased draw fails the same test: one that never draws the upper end.
    const biased = createRng('uniform-values');
    const short = new Array<number>(100).fill(0);
    for (let i = 0; i < n; i++) {
      const fp = 2000 + Math.floor(biased() * 99);
      short[fp - 2000] = (short[fp - 2000] as number) + 1;
    }
    expect(
      chiSquare(
        short,
        short.map(() => n / 100),
      ),
    ).toBeGreaterThan(148.2);
  });
});

describe('the PVT plan', () => {
  it('is the same from the same seed, another from another, and each phase draws on its own', () => {
    expect(plan('a', DEFAULT_CONFIG)).toEqual(plan('a', DEFAULT_CONFIG));
    expect(plan('a', DEFAULT_CONFIG).test).not.toEqual(plan('b', DEFAULT_CONFIG).test);
    const fewer = plan('a', { ...DEFAULT_CONFIG, habituationTrials: 1 });
    expect(fewer.test).toEqual(plan('a', DEFAULT_CONFIG).test);
  });

  it('holds a draw for every foreperiod the test can start, and spares', () => {
    const params = resolveConfig(DEFAULT_CONFIG);
    const planned = plan('size', DEFAULT_CONFIG);
    // Foreperiods start at least 1 s apart (a false start's 'Too soon!'): 600 in 10 minutes, the
    // one in progress then, and one cut at once after the intro's button.
    expect(planned.test).toHaveLength(600 + 2 + SPARE_DRAWS);
    expect(planned.habituation).toHaveLength(5 + SPARE_DRAWS);
    expect(plannedDraws(params, 'test')).toBe(planned.test.length);
    for (const fp of planned.test) {
      expect(fp).toBeGreaterThanOrEqual(2000);
      expect(fp).toBeLessThanOrEqual(10_000);
    }
    // Habituation's foreperiods are the test's range capped at 5 s.
    for (const fp of planned.habituation) expect(fp).toBeLessThanOrEqual(5000);
    // A phase that has used every draw takes them again from the first.
    expect(foreperiodAt(planned, 'test', planned.test.length + 3)).toBe(planned.test[3]);
  });

  it('follows the variant: PVT-B is 3 minutes of 1-4 s intervals from the response, lapses from 355 ms', () => {
    const b = ConfigSchema.parse({ variant: 'PVT-B' });
    expect(resolveConfig(b)).toMatchObject({
      variant: 'PVT-B',
      intervalFrom: 'response',
      durationMs: 180_000,
      foreperiodMinMs: 1000,
      foreperiodMaxMs: 4000,
      habituationForeperiodMaxMs: 4000,
      lapseThresholdMs: 355,
      falseStartMs: 100,
      maxRtMs: 30_000,
      feedbackMs: 1000,
    });
    const bDraws = plan('b', b).test;
    expect(Math.min(...bDraws)).toBeGreaterThanOrEqual(1000);
    expect(Math.min(...bDraws)).toBeLessThan(1100);
    expect(Math.max(...bDraws)).toBeLessThanOrEqual(4000);
    expect(Math.max(...bDraws)).toBeGreaterThan(3900);
    // The PVT-10's are 2-10 s from the response, as published.
    expect(resolveConfig(DEFAULT_CONFIG)).toMatchObject({
      intervalFrom: 'response',
      foreperiodMinMs: 2000,
      foreperiodMaxMs: 10_000,
    });
    // Counted from the feedback's end, the variants keep the intervals of task version 1.0.0.
    const legacyB = ConfigSchema.parse({ variant: 'PVT-B', intervalFrom: 'feedbackEnd' });
    expect(resolveConfig(legacyB)).toMatchObject({
      foreperiodMinMs: 2000,
      foreperiodMaxMs: 5000,
    });
    // A set value overrides the variant's; a shortest above the variant's longest takes it too.
    expect(
      resolveConfig(ConfigSchema.parse({ variant: 'PVT-B', lapseThresholdMs: 500 })),
    ).toMatchObject({ lapseThresholdMs: 500, durationMs: 180_000 });
    expect(resolveConfig(ConfigSchema.parse({ foreperiodMinMs: 12_000 }))).toMatchObject({
      foreperiodMinMs: 12_000,
      foreperiodMaxMs: 12_000,
      habituationForeperiodMaxMs: 12_000,
    });
  });

  it('refuses a configuration that cannot be run, on the setting concerned', () => {
    const issue = (config: object) => {
      const parsed = SETTINGS.schema.safeParse(config);
      return parsed.success ? null : parsed.error.issues.map((i) => [i.path[0], i.message]);
    };
    expect(
      issue({ durationS: 30, foreperiodMinMs: 500, foreperiodMaxMs: 500, feedbackMs: 500 }),
    ).toBeNull();
    // Counted from the response, an interval shorter than the feedback shown in it is refused,
    // on the setting that was set; counted from the feedback's end it is not.
    expect(issue({ foreperiodMinMs: 800 })).toEqual([
      ['foreperiodMinMs', expect.stringContaining('must be at least the feedback (1000 ms)')],
    ]);
    expect(issue({ variant: 'PVT-B', feedbackMs: 1500 })).toEqual([
      ['feedbackMs', expect.stringContaining('the shortest interval (1000 ms) must be at least')],
    ]);
    expect(issue({ foreperiodMinMs: 800, intervalFrom: 'feedbackEnd' })).toBeNull();
    expect(issue({ variant: 'PVT-B', feedbackMs: 1000 })).toBeNull();
    expect(issue({ intervalFrom: 'stimulus' })).toEqual([['intervalFrom', expect.any(String)]]);
    expect(issue({ durationS: 29 })).toEqual([['durationS', expect.stringContaining('30 s')]]);
    expect(issue({ foreperiodMinMs: 499, intervalFrom: 'feedbackEnd' })).toEqual([
      ['foreperiodMinMs', expect.stringContaining('500 ms')],
    ]);
    expect(issue({ foreperiodMinMs: 3000, foreperiodMaxMs: 2500 })).toEqual([
      ['foreperiodMaxMs', expect.stringContaining('must not be shorter')],
    ]);
    expect(issue({ falseStartMs: 300, lapseThresholdMs: 300 })).toEqual([
      ['lapseThresholdMs', expect.stringContaining('above the false-start threshold')],
    ]);
    expect(issue({ maxRtMs: 1000, lapseThresholdMs: 1000 })).toEqual([
      ['maxRtMs', expect.stringContaining('longer than the lapse threshold')],
    ]);
    // 1800 s of 500 ms intervals from the response: a counter every 500 ms at most, 3601.
    const crowded = {
      durationS: 1800,
      foreperiodMinMs: 500,
      foreperiodMaxMs: 600,
      feedbackMs: 500,
    };
    const maximum = (config: object) =>
      maximumTestStimuli(resolveConfig(ConfigSchema.parse({ ...crowded, ...config })));
    expect(maximum({ durationS: 499 })).toBe(999);
    // From the feedback's end the feedback comes on top: a counter every 1000 ms at most.
    expect(maximum({ durationS: 999, intervalFrom: 'feedbackEnd' })).toBe(1000);
    expect(issue(crowded)).toEqual([['durationS', expect.stringContaining('more than the 1000')]]);
    expect(() => plan('x', { ...DEFAULT_CONFIG, durationS: 10 })).toThrow(/cannot be run/);
    expect(findConfigProblems(DEFAULT_CONFIG)).toEqual([]);
  });
});

describe('a configuration stored by task version 1.0.0 (before intervalFrom)', () => {
  const storedV1 = configStoredBy100('PVT-B');

  it("is read with the timing it ran with: from the feedback's end, 2-5 s for the PVT-B", () => {
    const read = readStoredConfig(storedV1);
    expect(read.intervalFrom).toBe('feedbackEnd');
    expect(resolveConfig(read)).toMatchObject({ foreperiodMinMs: 2000, foreperiodMaxMs: 5000 });
    // Its plan is the one 1.0.0 drew: as many draws (ceil(180 s / 1 s) + 1 + spares), the range.
    const planned = plan('v1-seed', read);
    expect(planned.test).toHaveLength(180 + 1 + SPARE_DRAWS);
    expect(Math.min(...planned.test)).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...planned.test)).toBeLessThanOrEqual(5000);
  });

  it('leaves a configuration stored with the setting as stored; a new one without it takes the default', () => {
    expect(readStoredConfig({ ...storedV1, intervalFrom: 'response' }).intervalFrom).toBe(
      'response',
    );
    expect(readStoredConfig(DEFAULT_CONFIG)).toEqual(DEFAULT_CONFIG);
    // A new run's settings (an admin preview's, partial) are not a stored configuration.
    expect(ConfigSchema.parse({ variant: 'PVT-B' }).intervalFrom).toBe('response');
    expect(SETTINGS.defaults.intervalFrom).toBe('response');
  });
});
