import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { DEFAULT_PARTICIPANT } from '../participant';
import { recoverFlankerEffect } from './parameter-recovery';

/**
 * Parameter recovery (docs/scoring/flanker.md, "Parameter recovery"): 1,000 simulated runs at
 * the default configuration (48 congruent and 48 incongruent test trials) for each true flanker
 * effect of 0, 60 and 120 ms, by the default participant otherwise (congruent RT 470 ms, SD 90,
 * 2 % and 8 % errors, 1 % omissions, 0.5 % anticipations). The bounds, each far outside what
 * chance gives at 1,000 runs (the SD of one run's effect is about 19 ms, so the mean's SE is
 * 0.6 ms) but inside what a bias would break:
 * - mean effect within ±3 ms of the truth, the median-based one within ±4 ms;
 * - at least 93 % of runs within ±2 SE (their own) of the truth (nominally 95 %);
 * - mean accuracy effect within ±0.006 of (1 - omissions) x (8 % - 2 %) = 0.0594.
 */
describe('parameter recovery of the flanker effect', () => {
  for (const trueEffectMs of [0, 60, 120]) {
    it(`recovers a true effect of ${trueEffectMs} ms`, () => {
      const cell = recoverFlankerEffect({
        config: DEFAULT_CONFIG,
        participant: DEFAULT_PARTICIPANT,
        trueEffectMs,
        runs: 1000,
        seed: `recovery-${trueEffectMs}`,
      });
      expect(Math.abs(cell.biasMs)).toBeLessThan(3);
      expect(Math.abs(cell.medianEffectBiasMs)).toBeLessThan(4);
      expect(cell.coverage).toBeGreaterThanOrEqual(0.93);
      expect(cell.trueAccuracyEffect).toBeCloseTo(0.0594, 12);
      expect(Math.abs(cell.accuracyEffectMean - cell.trueAccuracyEffect)).toBeLessThan(0.006);
    });
  }
});
