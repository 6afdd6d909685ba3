import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { DEFAULT_CONFIG, type Direction } from './config';
import { plan } from './plan';
import { score } from './scoring';
import { runVirtualSession } from './virtual-runtime';

/**
 * The headline's chance value (docs/scoring/flanker.md, docs/product.md "Headline scores"): left
 * and right targets are balanced, so one key for everything scores 50, no answer 0, and a coin
 * toss 50 on average. Each strategy is played through the engine on the run's own plan.
 */
function headlineOf(seed: string, answer: (rng: () => number) => Direction | null) {
  // The coin toss's own generator, apart from the plan's.
  const rng = createRng(`${seed}:coin`);
  const trials = runVirtualSession({
    config: DEFAULT_CONFIG,
    plan: plan(seed, DEFAULT_CONFIG),
    timeOriginMs: 0,
    startMs: 0,
    introMs: 1000,
    behave() {
      const response = answer(rng);
      return {
        presses: response === null ? [] : [{ afterOnsetMs: 450, answer: { response } }],
        onsetLateMs: 0,
      };
    },
  }).trials;
  return score(DEFAULT_CONFIG, trials);
}

describe('flanker headline under strategies that ignore the arrows', () => {
  it('gives exactly 50 to one key for everything, and 0 to no answer', () => {
    for (const seed of ['chance-a', 'chance-b', 'chance-c']) {
      expect(headlineOf(seed, () => 'left').overallScore).toBe(50);
      expect(headlineOf(seed, () => 'right').overallScore).toBe(50);
      expect(headlineOf(seed, () => null).overallScore).toBe(0);
    }
  });

  it('gives 50 on average to answering at random', () => {
    // One run's percent correct under a coin toss has an SD of 100 x sqrt(0.25 / 96) = 5.1
    // points; over 200 runs the mean's SE is 0.36, and floor() lowers it by 0.5 on average.
    const scores = Array.from(
      { length: 200 },
      (_, i) => headlineOf(`random-${i}`, (rng) => (rng() < 0.5 ? 'left' : 'right')).overallScore,
    );
    const meanScore = scores.reduce((sum, s) => sum + s, 0) / scores.length;
    expect(Math.abs(meanScore - 49.5)).toBeLessThan(2);
  });
});
