import { beforeAll, describe, expect, it } from 'vitest';
import { normalQuantile } from '../../shared/normal';
import { type Config, DEFAULT_CONFIG, SETTINGS } from '../config';
import {
  type LevelAbility,
  matchProbability,
  type ParticipantParams,
  simulateParticipant,
} from '../participant';
import { type Scores, score } from '../scoring';

/**
 * Parameter recovery (docs/scoring/n-back.md, "Recovery"): simulated participants with a known
 * d' and criterion per level, played through the engine, scored as stored runs are.
 *
 * What d' is compared with. A participant who answers a trial at all says "match" with
 * P(match | target) = Φ(d'/2 - c) and P(match | non-target) = Φ(-d'/2 - c), and answers nothing
 * on 3 % of trials; so the rates the scores can see are H = 0.97 Φ(d'/2 - c) and
 * F = 0.97 Φ(-d'/2 - c), whose d' is Φ⁻¹(H) - Φ⁻¹(F) (the omissions lower it a little).
 * At the default design a level has 18 targets and 42 non-targets, and the log-linear
 * correction pulls both rates towards 0.5: the corrected d' of such counts is, on average,
 * smaller than the rates' d' (by 0.01 to 0.05 for these abilities, more for higher d'). That
 * shrinkage is the correction's price for a finite d' at perfect rates, not an error of the
 * scoring, so:
 * 1. at the default design, the mean over 1,000 runs of each level's d' is compared with the
 *    exact expectation of the corrected d' for these rates and counts (the sum over the
 *    binomial distributions of hits and false alarms), within ±0.1;
 * 2. with many trials (one level, 120 targets and 280 non-targets a run), where the correction
 *    hardly matters, and a participant who answers every trial, the mean over 1,000 runs is
 *    compared with the generating d' itself, within ±0.1.
 */
const ABILITY: Record<number, LevelAbility> = {
  1: { dPrime: 3, criterion: 0.2 },
  2: { dPrime: 2.2, criterion: 0.3 },
  3: { dPrime: 1.4, criterion: 0.1 },
};
const TRUTH: ParticipantParams = {
  ability: (level) => ABILITY[level] ?? { dPrime: 1, criterion: 0 },
  omissionRate: 0.03,
  rt: { mu: 520, sigma: 90, tau: 180 },
  extraResponseRate: 0.02,
  onsetJitterMs: 8,
};
const RUNS = 1000;

const mean = (values: readonly number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** The rates a scored trial shows: omissions are never "match". */
function observedRates(ability: LevelAbility) {
  const answered = 1 - TRUTH.omissionRate;
  return {
    hit: answered * matchProbability(ability, true),
    falseAlarm: answered * matchProbability(ability, false),
  };
}

/** The binomial probabilities of 0..n successes. */
function binomial(n: number, p: number): number[] {
  const out: number[] = [];
  let coefficient = 1;
  for (let k = 0; k <= n; k++) {
    out.push(coefficient * p ** k * (1 - p) ** (n - k));
    coefficient = (coefficient * (n - k)) / (k + 1);
  }
  return out;
}

/** E[Φ⁻¹((X + 0.5) / (n + 1))] for X ~ Binomial(n, p). */
function expectedCorrectedZ(n: number, p: number): number {
  return binomial(n, p).reduce((sum, w, k) => sum + w * normalQuantile((k + 0.5) / (n + 1)), 0);
}

/** The expected log-linear d' of a level with these counts and rates. */
function expectedCorrectedDPrime(targets: number, nonTargets: number, ability: LevelAbility) {
  const rates = observedRates(ability);
  return expectedCorrectedZ(targets, rates.hit) - expectedCorrectedZ(nonTargets, rates.falseAlarm);
}

function runScores(config: Config, prefix: string, params: ParticipantParams = TRUTH): Scores[] {
  return Array.from({ length: RUNS }, (_, i) => {
    const trials = simulateParticipant(`${prefix}-${i}`, config, params);
    return score(config, trials).scores;
  });
}

describe('parameter recovery over 1,000 simulated runs at the default configuration', () => {
  let runs: Scores[] = [];
  beforeAll(() => {
    runs = runScores(DEFAULT_CONFIG, 'recovery');
  });

  it.each([1, 2, 3])(
    "recovers level %i's d' on average within ±0.1 of the expected corrected d'",
    (n) => {
      const ability = ABILITY[n] as LevelAbility;
      const truth = expectedCorrectedDPrime(18, 42, ability);
      const estimates = runs.map((s) => s.levels.find((l) => l.n === n)?.dPrime as number);
      expect(Math.abs(mean(estimates) - truth)).toBeLessThan(0.1);
      // The shrinkage is real and one-sided: the corrected d' lies below the rates' d'.
      const rates = observedRates(ability);
      expect(truth).toBeLessThan(normalQuantile(rates.hit) - normalQuantile(rates.falseAlarm));
    },
  );

  it('recovers the hit and false-alarm rates and the omission rate', () => {
    for (const n of [1, 2, 3]) {
      const rates = observedRates(ABILITY[n] as LevelAbility);
      const levels = runs.map((s) => s.levels.find((l) => l.n === n));
      expect(Math.abs(mean(levels.map((l) => l?.hitRate as number)) - rates.hit)).toBeLessThan(
        0.01,
      );
      expect(
        Math.abs(mean(levels.map((l) => l?.falseAlarmRate as number)) - rates.falseAlarm),
      ).toBeLessThan(0.01);
      expect(
        Math.abs(mean(levels.map((l) => l?.omissionRate as number)) - TRUTH.omissionRate),
      ).toBeLessThan(0.005);
    }
  });

  it("recovers the headline's balanced accuracy within ±0.005 of the pooled rates'", () => {
    // Every level has 18 targets and 42 non-targets, so the pooled rates are the means of the
    // levels' rates: (1 + H - F) / 2 with H and F averaged over levels 1-3. The SE of the mean
    // over 1,000 runs is under 0.0013.
    const rates = [1, 2, 3].map((n) => observedRates(ABILITY[n] as LevelAbility));
    const hit = mean(rates.map((r) => r.hit));
    const falseAlarm = mean(rates.map((r) => r.falseAlarm));
    const truth = (1 + hit - falseAlarm) / 2;
    const observed = mean(runs.map((s) => s.overall.balancedAccuracy as number));
    expect(Math.abs(observed - truth)).toBeLessThan(0.005);
  });

  it('scores every level of every run on 18 targets and 42 non-targets', () => {
    for (const scores of runs) {
      for (const level of scores.levels) {
        expect(level.targets).toBe(18);
        expect(level.nonTargets).toBe(42);
      }
    }
  });
});

describe("d' recovery with many trials, where the correction hardly shrinks it", () => {
  it("recovers 2-back's generating d' on average within ±0.1 (120 targets, 280 non-targets a run)", () => {
    const config = SETTINGS.schema.parse({
      levels: '2',
      blocksPerLevel: 10,
      scoredTrialsPerBlock: 40,
      targetsPerBlock: 12,
    });
    const runs = runScores(config, 'recovery-long', { ...TRUTH, omissionRate: 0 });
    const truth = ABILITY[2]?.dPrime as number;
    const estimates = runs.map((s) => s.levels[0]?.dPrime as number);
    expect(runs[0]?.levels[0]?.targets).toBe(120);
    expect(Math.abs(mean(estimates) - truth)).toBeLessThan(0.1);
  });
});
