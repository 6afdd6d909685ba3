import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './config';
import { type ScoredTrial, score } from './scoring';
import { scoredTrial } from './testing';
import type { TrialType } from './trial';

/**
 * Hand-built runs scored by hand from the formulas of docs/scoring/pvt.md (scoring version 3),
 * the arithmetic in the comments: the speed scores with timeouts at the timeout's speed, and the
 * headline. Test trial n is at minute `minute` of time on task.
 */
const trial = (
  trialNumber: number,
  minute: number,
  type: TrialType,
  reactionTime: number | null,
  extra: Partial<ScoredTrial> = {},
) => scoredTrial(trialNumber, type, reactionTime, { elapsedMs: minute * 60_000, ...extra });

describe('PVT scores computed by hand', () => {
  it('counts timeouts in the speed scores at 1000 / timeout, and scores the headline', () => {
    // The default PVT-10: timeout 30000 ms (a timeout's speed 1000 / 30000 = 1/30 s⁻¹), lapses
    // from 500 ms, false starts under 100 ms.
    const config = ConfigSchema.parse({});
    const run = [
      trial(0, 1, 'valid', 250), // speed 4
      trial(1, 2, 'valid', 200), // speed 5
      trial(2, 3, 'timeout', null), // speed 1/30
      trial(3, 4, 'lapse', 1000), // speed 1
      trial(4, 5, 'valid', 400), // speed 2.5
      trial(5, 6, 'false_start', 50), // a false start: no stimulus, no speed
      trial(6, 7, 'valid', 250, { nFalseStarts: 2 }), // speed 4, two presses before it
      // Interrupted: left out of every score.
      trial(7, 8, 'timeout', null, { nFalseStarts: 1, timing: { wasInterrupted: true } }),
    ];
    const result = score(config, run);
    const { scores } = result;
    // Speeds of the stimuli: 4, 5, 1/30, 1, 2.5, 4 (n = 6); sum = 16.5 + 1/30 = 496/30.
    // meanSpeed = 496/30 / 6 = 496/180 = 2.7555...
    expect(scores.meanSpeed).toBeCloseTo(496 / 180, 12);
    // k = max(1, round(6 / 10)) = 1: the fastest is 200 ms (5 s⁻¹), the slowest the timeout.
    expect(scores.fastest10PercentSpeed).toBe(5);
    expect(scores.fastest10PercentRtMs).toBe(200);
    expect(scores.slowest10PercentSpeed).toBeCloseTo(1 / 30, 12);
    // Slope of speed on minutes, points (1, 4), (2, 5), (3, 1/30), (4, 1), (5, 2.5), (7, 4):
    // mean x = 22/6 = 11/3, mean y = 124/45; Sxx = 104 - 6 x 121/9 = 70/3;
    // Σxy = 4 + 10 + 0.1 + 4 + 12.5 + 28 = 58.6, Sxy = 58.6 - 6 x 11/3 x 124/45 = -91/45;
    // slope = (-91/45) / (70/3) = -13/150 s⁻¹ per minute.
    expect(scores.speedSlopePerMinute).toBeCloseTo(-13 / 150, 12);
    // RT scores still leave the timeout out: mean of 250, 200, 1000, 400, 250 = 420.
    expect(scores.meanRtMs).toBe(420);
    // Stimuli: 4 valid + 1 lapse + 1 timeout = 6; lapses 2; false starts 2 before a counter + 1
    // response under 100 ms = 3. Performance = 1 - (2 + 3) / (6 + 3) = 4/9 = 0.444...
    expect(scores).toMatchObject({ stimuli: 6, lapses: 2, falseStarts: 3 });
    expect(scores.performanceScore).toBeCloseTo(4 / 9, 12);
    // overallScore = floor(100 x 4/9) = floor(44.4...) = 44.
    expect(result.overallScore).toBe(44);
    // Scoring version 2 left the timeout out of the speeds: mean (4 + 5 + 1 + 2.5 + 4) / 5 = 3.3,
    // the slowest 10 % 1 (the 1000 ms lapse), the slope -0.184 (Sxy = -4.2, Sxx = 22.8).
    expect(scores.meanSpeed).not.toBeCloseTo(3.3, 3);
  });

  it("takes k of the fastest and slowest 10 % over the timeouts too, at the run's timeout", () => {
    // A 10 s timeout: a timeout's speed is 1000 / 10000 = 0.1 s⁻¹.
    const config = ConfigSchema.parse({ maxRtMs: 10_000 });
    const run = [
      trial(0, 1, 'valid', 160), // speed 6.25
      trial(1, 2, 'valid', 200), // speed 5
      ...Array.from({ length: 11 }, (_, i) => trial(2 + i, 3 + i, 'valid', 250)), // speed 4 each
      trial(13, 14, 'timeout', null), // speed 0.1
      trial(14, 15, 'timeout', null), // speed 0.1
    ];
    const { scores, overallScore } = score(config, run);
    // n = 15 stimuli with a speed, k = max(1, round(1.5)) = 2 (a half rounds up).
    // Fastest two: 160 and 200 ms: speed (6.25 + 5) / 2 = 5.625, RT (160 + 200) / 2 = 180.
    expect(scores.fastest10PercentSpeed).toBe(5.625);
    expect(scores.fastest10PercentRtMs).toBe(180);
    // Slowest two: the timeouts, (0.1 + 0.1) / 2 = 0.1.
    expect(scores.slowest10PercentSpeed).toBeCloseTo(0.1, 12);
    // meanSpeed = (6.25 + 5 + 11 x 4 + 2 x 0.1) / 15 = 55.45 / 15 = 3.69666...
    expect(scores.meanSpeed).toBeCloseTo(55.45 / 15, 12);
    // Performance = 1 - 2 lapses / 15 stimuli = 13/15; overallScore = floor(86.66...) = 86.
    expect(scores.performanceScore).toBeCloseTo(13 / 15, 12);
    expect(overallScore).toBe(86);
  });
});
