import { beforeAll, describe, expect, it } from 'vitest';
import { normalQuantile } from '../../shared/normal';
import { DEFAULT_CONFIG } from '../config';
import { type ParticipantParams, simulateParticipant } from '../participant';
import { ANTICIPATION_MS } from '../plausibility';
import { type Scores, score } from '../scoring';

/**
 * Parameter recovery (docs/scoring/go-no-go.md, "Recovery"): 1,000 simulated runs at the
 * default configuration (160 test trials: 128 go, 32 no-go), played through the engine, by a
 * participant with known go RT mean and SD and known commission and omission rates. The
 * bounds, each far outside what chance gives at 1,000 runs but inside what a bias would break:
 * - mean over runs of the estimated go RT mean within ±3 ms of the truth (its SE over runs is
 *   about 0.25 ms);
 * - at least 93 % of runs with their go RT mean within ±2 standard errors (SD / √n of their own
 *   RT-eligible hits) of the truth (nominally 95 %; the SE over 1,000 runs of that share is 0.7
 *   points);
 * - mean over runs of the go RT SD within ±3 ms of the truth;
 * - mean over runs of the commission rate within ±0.01 of the truth (SE 0.0022);
 * - mean over runs of the omission rate within ±0.005 of the truth (SE 0.0005);
 * - mean over runs of the log-linear d' within ±0.1 of Φ⁻¹(1 - omission) - Φ⁻¹(commission);
 * - mean over runs of the balanced accuracy (the headline's basis) within ±0.005 of
 *   (1 - omission + 1 - commission) / 2 (SE 0.0011).
 */
const TRUTH = {
  goRtMeanMs: 420,
  goRtSdMs: 90,
  commissionRate: 0.2,
  omissionRate: 0.03,
  extraResponseRate: 0.02,
  lateResponseRate: 0.01,
  onsetJitterMs: 8,
} satisfies ParticipantParams;
const RUNS = 1000;

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

describe('parameter recovery over 1,000 simulated runs at the default configuration', () => {
  const config = DEFAULT_CONFIG;
  let runs: { scores: Scores; eligible: number }[] = [];
  beforeAll(() => {
    runs = Array.from({ length: RUNS }, (_, i) => {
      const trials = simulateParticipant(`recovery-${i}`, config, TRUTH);
      const { scores } = score(config, trials);
      const eligible = trials.filter(
        (t) =>
          t.phase === 'test' &&
          t.responseType === 'hit' &&
          (t.reactionTime ?? 0) >= ANTICIPATION_MS &&
          !t.timing.wasInterrupted,
      ).length;
      return { scores, eligible };
    });
  });
  const value = (pick: (s: Scores) => number | null) =>
    runs.map((run) => {
      const v = pick(run.scores);
      if (v === null) throw new Error('a score is missing');
      return v;
    });

  it('recovers the go RT mean: on average within ±3 ms, and within ±2 SE in at least 93 % of runs', () => {
    const means = value((s) => s.meanGoRtMs);
    expect(Math.abs(mean(means) - TRUTH.goRtMeanMs)).toBeLessThan(3);
    const covered = runs.filter(({ scores, eligible }) => {
      const se = (scores.sdGoRtMs ?? 0) / Math.sqrt(eligible);
      return Math.abs((scores.meanGoRtMs ?? 0) - TRUTH.goRtMeanMs) <= 2 * se;
    }).length;
    expect(covered / RUNS).toBeGreaterThanOrEqual(0.93);
  });

  it('recovers the go RT SD on average within ±3 ms', () => {
    expect(Math.abs(mean(value((s) => s.sdGoRtMs)) - TRUTH.goRtSdMs)).toBeLessThan(3);
  });

  it('recovers the commission rate within ±0.01 and the omission rate within ±0.005', () => {
    expect(Math.abs(mean(value((s) => s.commissionRate)) - TRUTH.commissionRate)).toBeLessThan(
      0.01,
    );
    expect(Math.abs(mean(value((s) => s.omissionRate)) - TRUTH.omissionRate)).toBeLessThan(0.005);
  });

  it("recovers d' on average within ±0.1", () => {
    const truth = normalQuantile(1 - TRUTH.omissionRate) - normalQuantile(TRUTH.commissionRate);
    expect(truth).toBeCloseTo(2.722414841724165, 12);
    expect(Math.abs(mean(value((s) => s.dPrime)) - truth)).toBeLessThan(0.1);
  });

  it("recovers the headline's balanced accuracy within ±0.005 of (1 - omission + 1 - commission) / 2", () => {
    // (0.97 + 0.80) / 2 = 0.885; the SE of the mean over 1,000 runs is about 0.0011.
    const truth = (1 - TRUTH.omissionRate + 1 - TRUTH.commissionRate) / 2;
    const observed = mean(value((s) => s.balancedAccuracy ?? null));
    expect(Math.abs(observed - truth)).toBeLessThan(0.005);
  });

  it('counts every run as 160 scored trials with exact counts', () => {
    for (const { scores } of runs) {
      expect(scores.counts.goTrials).toBe(128);
      expect(scores.counts.noGoTrials).toBe(32);
    }
  });
});
