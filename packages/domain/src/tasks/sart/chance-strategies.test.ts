import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { type ParticipantParams, simulateParticipant } from './participant';
import { score } from './scoring';

/**
 * The headline's chance value (docs/scoring/sart.md, docs/product.md "Headline scores"): a
 * participant who does not tell go from no-go digits scores 50, whether they press for every
 * digit, for none, or for each digit with probability 0.5. Each strategy is the simulated
 * participant with its press probabilities set, played through the engine on the run's plan.
 */
const strategy = (pressProbability: number): ParticipantParams => ({
  goRtMuMs: 350,
  goRtSigmaMs: 40,
  goRtTauMs: 50,
  commissionRate: pressProbability,
  omissionRate: 1 - pressProbability,
});

const headlineOf = (seed: string, pressProbability: number) =>
  score(DEFAULT_CONFIG, simulateParticipant(seed, DEFAULT_CONFIG, strategy(pressProbability)));

describe('SART headline under strategies that ignore the digit', () => {
  it('gives exactly 50 to pressing for every digit and to pressing for none', () => {
    for (const seed of ['chance-a', 'chance-b', 'chance-c']) {
      const always = headlineOf(seed, 1);
      // Percent correct would be 200 / 225 = 88.9 % here.
      expect(always.correctTrials).toBe(200);
      expect(always.overallScore).toBe(50);
      const never = headlineOf(seed, 0);
      expect(never.correctTrials).toBe(25);
      expect(never.overallScore).toBe(50);
    }
  });

  it('gives 50 on average to pressing at random', () => {
    // A run's balanced accuracy under p = 0.5 has an SD of sqrt(0.25 / 200 + 0.25 / 25) / 2 =
    // 5.3 points; over 200 runs the mean's SE is 0.38 points, and floor() lowers it by 0.5 on
    // average: the bound of ±2 points around 49.5 is more than 5 SE wide.
    const scores = Array.from({ length: 200 }, (_, i) => headlineOf(`random-${i}`, 0.5));
    const meanScore = scores.reduce((sum, s) => sum + s.overallScore, 0) / scores.length;
    expect(Math.abs(meanScore - 49.5)).toBeLessThan(2);
  });
});
