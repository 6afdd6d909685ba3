import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { type Config, ConfigSchema, resolveConfig } from './config';
import { plan } from './plan';
import { score } from './scoring';
import { MAX_FALSE_STARTS_PER_TRIAL, type Trial } from './trial';
import { type AttemptBehaviour, type AttemptInfo, runVirtualSession } from './virtual-runtime';

/**
 * The chance value of the PVT's headline (overallScore = floor(100 x performance score),
 * docs/scoring/pvt.md, "Chance"), for three strategies that ignore the counter, each played
 * through the engine on a simulated page and scored: a participant who never responds (only the
 * press that goes on after each timeout), one who taps all the time (every 100 ms), and one who
 * presses at random moments (a Poisson process).
 */
const PVT_10 = ConfigSchema.parse({});
const PVT_B = ConfigSchema.parse({ variant: 'PVT-B' });

/** A run of `config` played by `strategy` (a fresh one per run), its test trials. */
function play(
  config: Config,
  seed: string,
  strategy: (info: AttemptInfo) => AttemptBehaviour,
): Trial[] {
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: 1_795_000_000_000,
    startMs: 0,
    introMs: 1000,
    behave: strategy,
  }).trials;
}

/** Never responds: every counter times out, and the press that goes on comes 1 s later. */
const neverResponds = (): AttemptBehaviour => ({ rtMs: null, continueAfterMs: 1000 });

/**
 * Taps every 100 ms whatever is shown: the first tap after the stage goes blank comes within
 * 100 ms, before the counter (a false start) or within 100 ms after it (a response under the
 * false-start threshold). Past the most false starts a trial records, taps are extra presses and
 * the counter comes: the tap after it is the response.
 */
function tapsAllTheTime(seed: string) {
  const rng = createRng(`${seed}:tapper`);
  return ({ attempt, waitMs }: AttemptInfo): AttemptBehaviour => {
    const tapMs = rng() * 100;
    if (attempt >= MAX_FALSE_STARTS_PER_TRIAL)
      return { falseStartAfterMs: waitMs + tapMs, rtMs: null };
    return { falseStartAfterMs: tapMs, rtMs: null };
  };
}

/**
 * Presses at random, as a Poisson process with a press every `meanMs` on average: the first
 * press after the stage goes blank comes an exponential time after it (presses during the
 * feedback are extra presses, and the process has no memory): before the counter a false start,
 * after it the response, after the timeout the press that goes on.
 */
function pressesAtRandom(seed: string, meanMs: number) {
  const rng = createRng(`${seed}:poisson`);
  return (): AttemptBehaviour => ({
    falseStartAfterMs: -meanMs * Math.log(1 - rng()),
    rtMs: null,
  });
}

/**
 * The expected performance score of the random presser: every interval ends in one event (a
 * false start, or a counter answered or timed out), a valid response only if no press came in
 * the blank wait W before the counter and the first press after it comes from the false-start
 * threshold to under the lapse threshold. With presses at rate r = 1 / meanMs, and W the interval
 * less the feedback (uniform over whole ms), P(valid) = E[exp(-r W)] x (exp(-100 r) - exp(-L r)),
 * the exponential having no memory. (The first interval after the intro's button has no feedback
 * in it, and an interval after a timeout none either: too few to matter.)
 */
function expectedRandomScore(config: Config, meanMs: number): number {
  const params = resolveConfig(config);
  const rate = 1 / meanMs;
  let sum = 0;
  for (let ms = params.foreperiodMinMs; ms <= params.foreperiodMaxMs; ms++) {
    sum += Math.exp(-rate * (ms - params.feedbackMs));
  }
  const reached = sum / (params.foreperiodMaxMs - params.foreperiodMinMs + 1);
  return (
    reached * (Math.exp(-rate * params.falseStartMs) - Math.exp(-rate * params.lapseThresholdMs))
  );
}

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

describe("the PVT headline's chance values", () => {
  it('is 0 for a participant who never responds: every counter a timeout', () => {
    for (const config of [PVT_10, PVT_B]) {
      const trials = play(config, 'never', neverResponds);
      const scores = score(config, trials);
      const test = trials.filter((t) => t.phase === 'test');
      expect(test.length).toBeGreaterThan(0);
      expect(test.every((t) => t.type === 'timeout')).toBe(true);
      // 1 - (n lapses + 0 false starts) / (n stimuli + 0) = 0.
      expect(scores.scores.performanceScore).toBe(0);
      expect(scores.overallScore).toBe(0);
      // Every stimulus at the timeout's speed, 1000 / 30000.
      expect(scores.scores.meanSpeed).toBeCloseTo(1 / 30, 12);
    }
  });

  it('is 0 for a participant who taps all the time: no stimulus, only false starts', () => {
    for (const config of [PVT_10, PVT_B]) {
      const trials = play(config, 'tapper', tapsAllTheTime('tapper'));
      const scores = score(config, trials);
      expect(scores.scores.stimuli).toBe(0);
      expect(scores.scores.falseStarts).toBeGreaterThan(0);
      // 1 - (0 + f) / (0 + f) = 0.
      expect(scores.scores.performanceScore).toBe(0);
      expect(scores.overallScore).toBe(0);
    }
  });

  it('is at most about 3 (PVT-10) and 6 (PVT-B) for a participant who presses at random', () => {
    // The press rates that give the most (docs/scoring/pvt.md): a press every 4.06 s on the
    // PVT-10 (3.1 %), every 1.125 s on the PVT-B (6.5 %).
    const cases = [
      { config: PVT_10, meanMs: 4060, expected: 0.0313, headline: 3 },
      { config: PVT_B, meanMs: 1125, expected: 0.0648, headline: 6 },
    ];
    for (const { config, meanMs, expected, headline } of cases) {
      const exact = expectedRandomScore(config, meanMs);
      expect(exact).toBeCloseTo(expected, 4);
      expect(Math.floor(100 * exact)).toBe(headline);
      const scores = Array.from({ length: 300 }, (_, i) => {
        const seed = `random-${i}`;
        return score(config, play(config, seed, pressesAtRandom(seed, meanMs)));
      });
      // The mean over 300 runs: its standard error is about 0.001 (PVT-10), 0.0015 (PVT-B).
      const performance = mean(scores.map((s) => s.scores.performanceScore ?? 0));
      expect(Math.abs(performance - exact)).toBeLessThan(0.006);
      // Each run's headline is a whole percentage under the expected one plus chance.
      expect(mean(scores.map((s) => s.overallScore))).toBeLessThan(headline + 1);
    }
    // Slower or faster random pressing gives less: a press a second on the PVT-10 gives 1.4 %.
    expect(expectedRandomScore(PVT_10, 1000)).toBeCloseTo(0.0137, 4);
    expect(expectedRandomScore(PVT_10, 2000)).toBeLessThan(expectedRandomScore(PVT_10, 4060));
    expect(expectedRandomScore(PVT_10, 8000)).toBeLessThan(expectedRandomScore(PVT_10, 4060));
  });
});
