import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { ConfigSchema } from './config';
import { scoreV2 } from './scoring';
import { planPhase, RESPONSE_KEYS, type ResponseKey } from './stimuli';

/**
 * The headline's chance value (docs/scoring/stroop.md, docs/product.md "Headline scores"): a
 * participant who does not read the stimulus scores 33 on average, whether they press one key
 * for every trial or keys at random. (The stimulus stays until a key is pressed, so not pressing
 * is not a strategy that finishes a run.) Each strategy answers the run's own planned test
 * trials. One key for everything scores that key's share of the run: the plan draws the
 * stimuli, so a run's shares vary about a third, and no key is favoured.
 */
const config = ConfigSchema.parse({});

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
  return scoreV2(config, trials);
}

describe('Stroop headline under strategies that ignore the stimulus', () => {
  const SEEDS = Array.from({ length: 200 }, (_, i) => `chance-${i}`);
  const meanOf = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

  it('gives one key for everything its share of the run, 33 on average for every key', () => {
    for (const key of RESPONSE_KEYS) {
      const scores = SEEDS.map((seed) => playTest(seed, () => key));
      for (const score of scores) {
        // The headline is the share of trials whose correct key is the one pressed.
        expect(score.overallScore).toBe(Math.floor((score.correctTrials * 100) / 144));
      }
      // A run's share of one key spreads over a few points (22 to 42 % over 2,000 seeds, SD
      // under 4); over 200 runs the mean's SE is under 0.3 points, and floor() lowers it by
      // 0.5: ±1.5 points around 32.8 is over 5 SE.
      const mean = meanOf(scores.map((s) => s.overallScore));
      expect(Math.abs(mean - (100 / 3 - 0.5)), key).toBeLessThan(1.5);
    }
  });

  it('gives 33 on average to keys pressed at random', () => {
    // A run's headline under random keys has an SD of sqrt((2/9) / 144) = 3.9 points; over 200
    // runs the mean's SE is 0.28 points, and floor() lowers it by 0.5: ±1.5 points is over 5 SE.
    const scores = SEEDS.map((seed, i) => {
      const rng = createRng(`stroop-random-${i}`);
      return playTest(seed, () => RESPONSE_KEYS[Math.floor(rng() * 3)] ?? 'R').overallScore;
    });
    expect(Math.abs(meanOf(scores) - (100 / 3 - 0.5))).toBeLessThan(1.5);
  });
});
