import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { StroopConfigSchema } from './config';
import { scoreStroopV2 } from './scoring-v2';
import { planPhase, RESPONSE_KEYS, type ResponseKey } from './stimuli';

/**
 * The headline's chance value (docs/scoring/stroop.md, docs/product.md "Headline scores"): a
 * participant who does not read the stimulus scores 33, whether they press one key for every
 * trial or keys at random. (The stimulus stays until a key is pressed, so not pressing is not a
 * strategy that finishes a run.) Each strategy answers the run's own planned test trials.
 */
const config = StroopConfigSchema.parse({});

function playTest(seed: string, answer: (trialNumber: number) => ResponseKey) {
  let clockMs = Date.parse('2026-11-28T10:00:00.000Z');
  const trials = planPhase(seed, 'test', config).map((planned) => {
    const startMs = clockMs;
    clockMs += config.cueDurationMs + 650 + 17;
    return {
      ...planned,
      isCorrect: answer(planned.trialNumber) === planned.correctKey,
      reactionTime: 650,
      startTime: new Date(startMs).toISOString(),
      endTime: new Date(clockMs).toISOString(),
      wasInterrupted: false,
    };
  });
  return scoreStroopV2(config, trials);
}

describe('Stroop headline under strategies that ignore the stimulus', () => {
  it('gives exactly 33 to one key for everything, whatever that key s share of the run', () => {
    for (const seed of ['chance-a', 'chance-b', 'chance-c']) {
      const correctShares = RESPONSE_KEYS.map((key) => {
        const score = playTest(seed, () => key);
        expect(score.overallScore).toBe(33);
        return score.correctTrials;
      });
      // Each trial is right for exactly one key; the three keys' shares of the run differ.
      expect(correctShares.reduce((a, b) => a + b, 0)).toBe(144);
    }
  });

  it('gives 33 on average to keys pressed at random', () => {
    // A run's headline under random keys has an SD of about sqrt((2/9) / 48) = 6.8 points over
    // three keys of about 48 trials each, averaged: about 3.9 points; over 200 runs the mean's
    // SE is 0.28 points, and floor() lowers it by 0.5: ±2 points around 32.8 is over 5 SE.
    const scores = Array.from({ length: 200 }, (_, i) => {
      const rng = createRng(`stroop-random-${i}`);
      return playTest(`random-${i}`, () => RESPONSE_KEYS[Math.floor(rng() * 3)] ?? 'R')
        .overallScore;
    });
    const meanScore = scores.reduce((sum, s) => sum + s, 0) / scores.length;
    expect(Math.abs(meanScore - (100 / 3 - 0.5))).toBeLessThan(2);
  });
});
