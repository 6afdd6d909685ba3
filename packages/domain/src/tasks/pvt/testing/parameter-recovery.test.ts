import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { RECOVERY_PARTICIPANT, recoveryTrueSpeed, simulateParticipant } from '../participant';
import { type Scores, score } from '../scoring';

/**
 * Parameter recovery (docs/scoring/pvt.md, "Recovery"): 1,000 simulated runs of the default
 * PVT-10 (intervals of 2-10 s from the response; about 90 counters each), played through the
 * engine, by a participant with a known lapse probability (0.1: a timeout with probability 0.1,
 * otherwise a reaction time uniform on [500, 1200) ms) and a known speed otherwise (1000 / RT
 * uniform on [3, 5] s⁻¹, reaction times 200-333 ms), who also false-starts on 3 % of
 * foreperiods. The truth:
 * - lapse rate 0.1 (timeouts are lapses);
 * - mean 1/RT over every stimulus, a timeout at the 30 s timeout's 1000 / 30000 (scoring
 *   version 3) = 0.9 x 4 + 0.1 x (0.9 x 1000 ln(1200 / 500) / 700 + 0.1 x 1000 / 30000)
 *   = 3.71289 s⁻¹ (the mean of 1000 / RT over a uniform RT on [500, 1200) is
 *   1000 ln(1200 / 500) / 700).
 * The bounds, each far outside what chance gives at 1,000 runs but inside what a bias would
 * break:
 * - mean over runs of the lapse rate within ±0.005 of the truth (its SE over runs is about 0.001);
 * - mean over runs of the mean 1/RT within ±0.02 s⁻¹ of the truth (SE about 0.003);
 * - at least 93 % of runs with their mean 1/RT within ±2 standard errors (SD / √n of their own
 *   speeds) of the truth (nominally 95 %; the SE over 1,000 runs of that share is 0.7 points);
 * - every run's false starts counted: the presses before a counter the participant made.
 */
const TRUTH = RECOVERY_PARTICIPANT;
/** A timeout's speed: 1000 / the default 30 s timeout. */
const TIMEOUT_SPEED = 1000 / 30_000;
const TRUE_SPEED = recoveryTrueSpeed(500);
const RUNS = 1000;

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

describe('parameter recovery over 1,000 simulated runs of the default PVT-10', () => {
  let runs: { scores: Scores; speeds: number[]; pressesBefore: number }[] = [];
  beforeAll(() => {
    runs = Array.from({ length: RUNS }, (_, i) => {
      const trials = simulateParticipant(`recovery-${i}`, DEFAULT_CONFIG, TRUTH);
      const { scores } = score(DEFAULT_CONFIG, trials);
      const test = trials.filter((t) => t.phase === 'test');
      // Every stimulus's speed: a timeout at the timeout's.
      const speeds = test.map((t) =>
        t.reactionTime === null ? TIMEOUT_SPEED : 1000 / t.reactionTime,
      );
      return { scores, speeds, pressesBefore: test.reduce((s, t) => s + t.falseStarts.length, 0) };
    });
  });
  const value = (pick: (s: Scores) => number | null) =>
    runs.map(({ scores }) => {
      const v = pick(scores);
      if (v === null) throw new Error('a score is missing');
      return v;
    });

  it('recovers the lapse rate within ±0.005', () => {
    expect(TRUE_SPEED).toBeCloseTo(3.712894, 6);
    expect(Math.abs(mean(value((s) => s.lapseRate)) - TRUTH.lapseProbability)).toBeLessThan(0.005);
  });

  it('recovers the mean 1/RT within ±0.02 s⁻¹ on average, and within ±2 SE in at least 93 % of runs', () => {
    expect(Math.abs(mean(value((s) => s.meanSpeed)) - TRUE_SPEED)).toBeLessThan(0.02);
    const covered = runs.filter(({ scores, speeds }) => {
      const m = mean(speeds);
      const sd = Math.sqrt(speeds.reduce((s, v) => s + (v - m) ** 2, 0) / (speeds.length - 1));
      return Math.abs((scores.meanSpeed ?? 0) - TRUE_SPEED) <= (2 * sd) / Math.sqrt(speeds.length);
    }).length;
    expect(covered / RUNS).toBeGreaterThanOrEqual(0.93);
  });

  it('runs each test for its duration, and counts every false start', () => {
    for (const { scores, pressesBefore } of runs) {
      expect(scores.stimuli).toBeGreaterThan(60);
      expect(scores.counts.falseStartsBeforeCounter).toBe(pressesBefore);
      expect(scores.falseStarts).toBe(pressesBefore);
    }
    // About 3 % of foreperiods: 0.03 x (counters + false starts) per run.
    const rate = mean(
      runs.map(({ scores }) => scores.falseStarts / (scores.stimuli + scores.falseStarts)),
    );
    expect(Math.abs(rate - TRUTH.falseStartProbability)).toBeLessThan(0.005);
  });
});
