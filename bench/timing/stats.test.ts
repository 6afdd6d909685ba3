import { describe, expect, it } from 'vitest';
import type { SoaTrial } from './measure-soa';
import {
  type ConditionResult,
  type PvtCounterResults,
  renderMarkdown,
  renderTouchMarkdown,
  type TimingResults,
} from './report';
import { type FixedSoaResults, summarizeSoa } from './soa-report';
import { shareWithin, summarizeErrors } from './stats';

/** Every number anywhere in `value` that JSON cannot hold (NaN, ±Infinity), by its path. */
function nonFinite(value: unknown, at = '$'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${at}: ${value}`];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => nonFinite(v, `${at}.${key}`));
}

/** What a written report must never show for a figure. */
const BROKEN = /NaN|undefined|Infinity|null/;

describe('summarizeErrors', () => {
  it('summarises no errors as n 0 and null figures', () => {
    expect(summarizeErrors([])).toEqual({
      median: null,
      p95: null,
      p99: null,
      max: null,
      sd: null,
      n: 0,
    });
  });

  it('gives one error as every percentile, with an SD of 0', () => {
    expect(summarizeErrors([-2.5])).toEqual({
      median: 2.5,
      p95: 2.5,
      p99: 2.5,
      max: 2.5,
      sd: 0,
      n: 1,
    });
  });

  it('gives a handful its nearest-rank figures and its n', () => {
    const stats = summarizeErrors([1, -2, 3]);
    expect(stats).toMatchObject({ median: 2, p95: 3, p99: 3, max: 3, n: 3 });
    // Signed mean 2/3; population SD.
    expect(stats.sd).toBeCloseTo(Math.sqrt(((1 / 3) ** 2 + (8 / 3) ** 2 + (7 / 3) ** 2) / 3), 4);
  });

  it('keeps the figures of a full sample: nearest rank, rounded to 0.0001 ms', () => {
    const errors = Array.from({ length: 100 }, (_, i) => (i % 2 ? 1 : -1) * (i + 1));
    expect(summarizeErrors(errors)).toMatchObject({
      median: 50,
      p95: 95,
      p99: 99,
      max: 100,
      n: 100,
    });
    expect(summarizeErrors([0.123456]).median).toBe(0.1235);
  });
});

describe('shareWithin', () => {
  it('is null for no errors and the share otherwise', () => {
    expect(shareWithin([], 16.7)).toBeNull();
    expect(shareWithin([1, -20, 16.7, 3], 16.7)).toBe(0.75);
  });
});

const soaTrial = (k: number, overrides: Partial<SoaTrial> = {}): SoaTrial => ({
  delayMs: k % 2 ? 500 : 200,
  duringDigit: k % 2 === 0,
  rtErrorMs: 0.001,
  onsetErrorMs: 0,
  digitDurationErrorMs: 0.3,
  maskDurationErrorMs: -0.2,
  driftMs: 0.5 - 0.1 * k,
  ...overrides,
});

describe('summarizeSoa', () => {
  it('summarises a run stopped before its first trial without a NaN', () => {
    const result = summarizeSoa([]);
    expect(result.trials).toBe(0);
    expect(result.digitDurationErrorMs).toMatchObject({ n: 0, median: null, signedMedian: null });
    expect(result.digitWithinFrame).toBeNull();
    expect(result.driftMs).toEqual({
      atTrial225: null,
      atLast: null,
      maxAbs: null,
      perTrial: null,
    });
    expect(result.rtErrorMs.duringMask.n).toBe(0);
    expect(nonFinite(result)).toEqual([]);
  });

  it('summarises one trial: no mask duration (the last has none) and no drift slope', () => {
    const result = summarizeSoa([soaTrial(0, { maskDurationErrorMs: null })]);
    expect(result.digitDurationErrorMs).toMatchObject({ n: 1, median: 0.3, signedMedian: 0.3 });
    expect(result.maskDurationErrorMs.n).toBe(0);
    expect(result.maskWithinFrame).toBeNull();
    expect(result.rtErrorMs.duringDigit.n).toBe(1);
    expect(result.rtErrorMs.duringMask.n).toBe(0);
    expect(result.driftMs).toEqual({ atTrial225: null, atLast: 0.5, maxAbs: 0.5, perTrial: null });
    expect(nonFinite(result)).toEqual([]);
  });

  it('gives a few trials their drift slope and counts missed presses', () => {
    const trials = [0, 1, 2].map((k) => soaTrial(k, { rtErrorMs: k === 1 ? null : 0.001 }));
    const result = summarizeSoa(trials);
    expect(result.driftMs.perTrial).toBeCloseTo(-0.1, 10);
    expect(result.missedPresses).toBe(1);
    expect(result.rtErrorMs.all.n).toBe(2);
  });
});

const condition = (n: number): ConditionResult => {
  const errors = Array.from({ length: n }, (_, i) => 0.001 * (i + 1));
  return {
    trials: n,
    rtErrorMs: summarizeErrors(errors),
    onsetErrorMs: summarizeErrors(errors.map(() => 0)),
    cueIntervalErrorMs: summarizeErrors(errors.map((e) => 1000 * e)),
  };
};

/** A whole results file whose every condition has `n` trials. */
function results(n: number): TimingResults {
  const byCondition = { idle: condition(n), jank: condition(n), throttled: condition(n) };
  const within = n === 0 ? null : 1;
  const soa = summarizeSoa(n === 0 ? [] : [soaTrial(0, { maskDurationErrorMs: null })]);
  const fixedSoa: FixedSoaResults = {
    machine: 'test machine',
    browser: 'test browser',
    date: '2026-01-01T00:00:00.000Z',
    design: { digitMs: 250, maskMs: 900, soaMs: 1150, delays: 'test' },
    systems: {
      cogni: { idle: soa, jank: soa, throttled: soa },
      jspsych: { idle: soa, jank: soa, throttled: soa },
    },
  };
  const pvtCounter: PvtCounterResults = {
    machine: 'test machine',
    browser: 'test browser',
    date: '2026-01-01T00:00:00.000Z',
    delayMs: 'test',
    conditions: {
      idle: { trials: n, rtErrorMs: byCondition.idle.rtErrorMs, onsetErrorMs: summarizeErrors([]) },
      jank: { trials: n, rtErrorMs: byCondition.jank.rtErrorMs, onsetErrorMs: summarizeErrors([]) },
      throttled: {
        trials: n,
        rtErrorMs: byCondition.throttled.rtErrorMs,
        onsetErrorMs: summarizeErrors([]),
      },
    },
  };
  return {
    systems: { cogni: byCondition, jspsych: byCondition },
    machine: 'test machine',
    browser: 'test browser',
    date: '2026-01-01T00:00:00.000Z',
    settings: { cueMs: 100, delayMs: 'test', jank: 'test', throttle: 'test' },
    realCue: {
      cueMs: 1400,
      systems: {
        cogni: {
          trials: n,
          cueIntervalErrorMs: byCondition.idle.cueIntervalErrorMs,
          withinFrame: within,
        },
        jspsych: {
          trials: n,
          cueIntervalErrorMs: byCondition.idle.cueIntervalErrorMs,
          withinFrame: within,
        },
      },
    },
    cueWithinFrame: {
      cogni: { idle: within, jank: within, throttled: within },
      jspsych: { idle: within, jank: within, throttled: within },
    },
    realPage: { trials: n, storedEqualsRecorded: true, rtErrorMs: byCondition.idle.rtErrorMs },
    touch: byCondition,
    fixedSoa,
    pvtCounter,
  };
}

describe('the written report', () => {
  it('says "no samples" for empty figures, and shows no NaN, null or undefined', () => {
    const markdown = renderMarkdown(results(0));
    expect(markdown).toContain('| Cogni | idle | 0 | no samples | no samples |');
    expect(markdown).toContain('| idle | no samples | no samples |');
    expect(markdown).toContain('no samples (n=0)');
    expect(markdown).toContain('RT error: no samples.');
    expect(markdown).not.toMatch(BROKEN);
    expect(nonFinite(results(0))).toEqual([]);
  });

  it('shows a small sample its figures, with its trial count', () => {
    const markdown = renderMarkdown(results(3));
    expect(markdown).toContain('| Cogni | idle | 3 | 0.0020 | 0.0030 | 0.0030 | 0.0030 |');
    expect(markdown).toContain('100.0 % (n=3, median 2.00, p99 3.00, max 3.00)');
    // One fixed-SOA trial: its digit, no mask duration, a drift but no slope.
    expect(markdown).toMatch(
      /\| Cogni \| idle \| 1 \| 100\.0 % \| 0\.30 .*\| no samples \| no samples \| – \| 0\.50 \| – \|/,
    );
    expect(markdown).not.toMatch(BROKEN);
  });

  it('writes the touch-only report of empty conditions', () => {
    const touch = { idle: condition(0), jank: condition(2), throttled: condition(0) };
    const markdown = renderTouchMarkdown({ machine: 'm', date: 'd', cueMs: 100, touch });
    expect(markdown).toContain('| idle | 0 | no samples |');
    expect(markdown).toContain('| jank | 2 | 0.0010 | 0.0020 |');
    expect(markdown).not.toMatch(BROKEN);
  });
});
