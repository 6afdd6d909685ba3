import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { type Config, DEFAULT_CONFIG, SETTINGS } from './config';
import { plan } from './plan';
import { score } from './scoring';
import { runVirtualSession } from './virtual-runtime';

/**
 * Strategies that do not tell go from no-go, played through the task's plan and engine
 * (runVirtualSession, as the browser runs it) and scored as stored runs are
 * (docs/scoring/go-no-go.md, "Headline"): each must score 50, the chance value of
 * floor(100 x balanced accuracy).
 */

/** Whether to press on a trial, given nothing about it: the strategy ignores the stimulus. */
type Strategy = (draw: () => number) => boolean;

const STRATEGIES = {
  alwaysPress: () => true,
  neverPress: () => false,
  randomPress: (draw) => draw() < 0.5,
} satisfies Record<string, Strategy>;

/** A whole run by `strategy`: every press (practice included) 300 ms after the onset. */
function playRun(seed: string, config: Config, strategy: Strategy) {
  const draw = createRng(`${seed}:chance-strategy`);
  const trials = runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: 1_795_000_000_000,
    startMs: 500,
    introMs: 2000,
    behave: () => ({ pressesAfterOnsetMs: strategy(draw) ? [300] : [], onsetLateMs: 0 }),
  }).trials;
  return score(config, trials);
}

/** A configuration with another go share and length: 70 go + 30 no-go test trials. */
const OTHER_CONFIG = SETTINGS.schema.parse({ testTrials: 100, goProportion: 0.7 });

describe('chance strategies score 50 on the headline', () => {
  it.each([
    ['alwaysPress', STRATEGIES.alwaysPress],
    ['neverPress', STRATEGIES.neverPress],
  ] as const)('%s scores exactly 50, at the defaults and at 70 % go', (_name, strategy) => {
    for (const config of [DEFAULT_CONFIG, OTHER_CONFIG]) {
      for (const seed of ['chance-a', 'chance-b', 'chance-c']) {
        const result = playRun(seed, config, strategy);
        expect(result.overallScore, seed).toBe(50);
        expect(result.scores.balancedAccuracy, seed).toBe(0.5);
      }
    }
  });

  it('pressing for everything keeps percent correct as a task score (80 % at 80 % go)', () => {
    const result = playRun('chance-a', DEFAULT_CONFIG, STRATEGIES.alwaysPress);
    // 128 hits + 0 correct rejections of 160 test trials.
    expect(result.correctTrials).toBe(128);
    expect(result.scores.accuracy).toBe(0.8);
  });

  /**
   * Random presses (p = 0.5 on every trial): the headline is 50 x (1 + H - F) floored, with
   * H ~ Binomial(128, 0.5) / 128 and F ~ Binomial(32, 0.5) / 32. Its exact expectation is
   * 49.52 (the floor costs about half a point) and its SD 4.95, so the mean of 400 runs has an
   * SE of 0.25: the bound of ±1.5 around 50 is the floor's half point and 4 SE.
   */
  it('random presses score 50 ± 1.5 on average over 400 seeded runs', () => {
    const scores = Array.from(
      { length: 400 },
      (_, i) => playRun(`random-${i}`, DEFAULT_CONFIG, STRATEGIES.randomPress).overallScore,
    );
    const mean = scores.reduce((sum, v) => sum + v, 0) / scores.length;
    expect(Math.abs(mean - 50)).toBeLessThanOrEqual(1.5);
  });
});
