import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { type Config, DEFAULT_CONFIG, SETTINGS } from './config';
import { plan } from './plan';
import { score } from './scoring';
import type { Answer } from './trial';
import { runVirtualSession } from './virtual-runtime';

/**
 * Strategies that do not tell targets from non-targets, played through the task's plan and
 * engine (runVirtualSession, as the browser runs it) and scored as stored runs are
 * (docs/scoring/n-back.md, "Headline"): each must score 50, the chance value of
 * floor(100 x balanced accuracy) with "same" as the response.
 */

/** The answer to a letter, given nothing about it (null: no answer). */
type Strategy = (draw: () => number) => Answer | null;

const STRATEGIES = {
  alwaysSame: () => 'match',
  alwaysDifferent: () => 'no-match',
  neverAnswer: () => null,
  randomAnswer: (draw) => (draw() < 0.5 ? 'match' : 'no-match'),
} satisfies Record<string, Strategy>;

/** A whole run by `strategy`: every letter (practice and fillers included) answered at 600 ms. */
function playRun(seed: string, config: Config, strategy: Strategy) {
  const draw = createRng(`${seed}:chance-strategy`);
  const trials = runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: 1_795_000_000_000,
    startMs: 500,
    introMs: 2000,
    behave() {
      const answer = strategy(draw);
      return { presses: answer === null ? [] : [{ afterOnsetMs: 600, answer }], onsetLateMs: 0 };
    },
  }).trials;
  return score(config, trials);
}

/** Another design: levels 2-4, 8 targets in 24 scored trials a block, 3 lures a block. */
const OTHER_CONFIG = SETTINGS.schema.parse({
  levels: '2-4',
  scoredTrialsPerBlock: 24,
  targetsPerBlock: 8,
  lureMode: 'fixed',
  luresPerBlock: 3,
});

describe('chance strategies score 50 on the headline', () => {
  it.each([
    ['alwaysSame', STRATEGIES.alwaysSame],
    ['alwaysDifferent', STRATEGIES.alwaysDifferent],
    ['neverAnswer', STRATEGIES.neverAnswer],
  ] as const)('%s scores exactly 50, at the defaults and with lures', (_name, strategy) => {
    for (const config of [DEFAULT_CONFIG, OTHER_CONFIG]) {
      for (const seed of ['chance-a', 'chance-b', 'chance-c']) {
        const result = playRun(seed, config, strategy);
        expect(result.overallScore, seed).toBe(50);
        expect(result.scores.overall.balancedAccuracy, seed).toBe(0.5);
      }
    }
  });

  it('answering "different" to everything keeps percent correct as a task score (70 %)', () => {
    const result = playRun('chance-a', DEFAULT_CONFIG, STRATEGIES.alwaysDifferent);
    // 126 correct rejections of 180 scored trials (54 targets, 126 non-targets).
    expect(result.totalTrials).toBe(180);
    expect(result.correctTrials).toBe(126);
    expect(result.scores.overall.accuracy).toBe(0.7);
  });

  /**
   * Random answers ("same" with p = 0.5 on every letter): the headline is 50 x (1 + H - F)
   * floored, with H ~ Binomial(54, 0.5) / 54 and F ~ Binomial(126, 0.5) / 126 at the defaults.
   * Its exact expectation is 49.51 (the floor costs about half a point) and its SD 4.08, so the
   * mean of 400 runs has an SE of 0.20: the bound of ±1.5 around 50 is the floor's half point and
   * 5 SE.
   */
  it('random answers score 50 ± 1.5 on average over 400 seeded runs', () => {
    const scores = Array.from(
      { length: 400 },
      (_, i) => playRun(`random-${i}`, DEFAULT_CONFIG, STRATEGIES.randomAnswer).overallScore,
    );
    const mean = scores.reduce((sum, v) => sum + v, 0) / scores.length;
    expect(Math.abs(mean - 50)).toBeLessThanOrEqual(1.5);
  });
});
