import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { type ParticipantParams, simulateParticipant } from '../participant';
import { type Scores, score } from '../scoring';

/**
 * Parameter recovery (docs/scoring/sart.md, "Recovery"): 1,000 simulated runs at the default
 * configuration (225 test trials: 200 go + 25 no-go), played through the engine, by a
 * participant with a known commission rate (40 %), omission rate (2 %) and ex-Gaussian go RTs
 * (mu 310, sigma 50, tau 60: mean 370 ms). The bounds, each far outside what chance gives at
 * 1,000 runs but inside what a bias would break:
 * - mean over runs of the commission percentage within ±1.5 points of 40 (its SE over runs is
 *   0.31 points: a run's 25 no-go digits give an SD of sqrt(0.4 x 0.6 / 25) = 9.8 points);
 * - SD over runs of the commission percentage within ±1 point of that binomial 9.8 points
 *   (exact counts and independent trials; its SE over 1,000 runs is about 0.2 points);
 * - mean over runs of the omission percentage within ±0.3 points of 2 (SE 0.03);
 * - mean over runs of the go RT mean within ±3 ms of 370 (SE about 0.2 ms; leaving out RTs
 *   under 200 ms raises it by about 1 ms).
 */
const TRUTH = {
  goRtMuMs: 310,
  goRtSigmaMs: 50,
  goRtTauMs: 60,
  commissionRate: 0.4,
  omissionRate: 0.02,
  anticipationRate: 0.01,
  extraResponseRate: 0.02,
  onsetJitterMs: 8,
} satisfies ParticipantParams;
const RUNS = 1000;

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const sd = (values: readonly number[]) => {
  const m = mean(values);
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
};

describe('parameter recovery over 1,000 simulated runs at the default configuration', () => {
  const config = DEFAULT_CONFIG;
  let runs: Scores[] = [];
  beforeAll(() => {
    runs = Array.from(
      { length: RUNS },
      (_, i) => score(config, simulateParticipant(`recovery-${i}`, config, TRUTH)).scores,
    );
  });
  const value = (pick: (s: Scores) => number | null) =>
    runs.map((scores) => {
      const v = pick(scores);
      if (v === null) throw new Error('a score is missing');
      return v;
    });

  it('recovers the commission rate: its mean within ±1.5 points and its spread within ±1 point of the binomial', () => {
    const percents = value((s) => s.commissionPercent);
    expect(Math.abs(mean(percents) - 40)).toBeLessThan(1.5);
    const binomialSd = Math.sqrt((0.4 * 0.6) / 25) * 100;
    expect(Math.abs(sd(percents) - binomialSd)).toBeLessThan(1);
  });

  it('recovers the omission rate within ±0.3 points and the go RT mean within ±3 ms', () => {
    expect(Math.abs(mean(value((s) => s.omissionPercent)) - 2)).toBeLessThan(0.3);
    expect(Math.abs(mean(value((s) => s.meanGoRtMs)) - 370)).toBeLessThan(3);
  });

  it('counts every run as 225 scored trials with exact counts', () => {
    for (const scores of runs) {
      expect(scores.counts.goTrials).toBe(200);
      expect(scores.counts.noGoTrials).toBe(25);
    }
  });
});
