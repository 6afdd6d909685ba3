import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../config';
import { SIMULATED_PARTICIPANT } from '../simulated-participant';
import { recoverSwitchCost } from './parameter-recovery';

// Parameter recovery of the switch cost (docs/scoring/stroop.md): 1,000 simulated runs per
// condition on the real design, with errors, post-error slowing, anticipations, slow outliers
// and interruptions; the mean estimate must be within 2 ms of the true cost.
describe('the switch cost of scoring version 2', () => {
  for (const trueSwitchCostMs of [0, 50, 150]) {
    for (const cueDifferenceMs of [0, 150, 300]) {
      it(`recovers a true cost of ${trueSwitchCostMs} ms with Colour ${cueDifferenceMs} ms slower than Word`, () => {
        const cell = recoverSwitchCost({
          config: DEFAULT_CONFIG,
          participant: SIMULATED_PARTICIPANT,
          trueSwitchCostMs,
          cueDifferenceMs,
          runs: 1000,
          seed: `recovery:${trueSwitchCostMs}:${cueDifferenceMs}`,
        });
        expect(cell.version2.runs).toBe(1000);
        expect(Math.abs(cell.version2.biasMs)).toBeLessThanOrEqual(2);
      });
    }
  }

  it('is not biased by a cue difference where the pooled cost of version 1 is', () => {
    const cell = recoverSwitchCost({
      config: DEFAULT_CONFIG,
      participant: SIMULATED_PARTICIPANT,
      trueSwitchCostMs: 0,
      cueDifferenceMs: 300,
      runs: 1000,
      seed: 'recovery:pooled',
      compareVersion1: true,
    });
    // The post-break trials are all Colour switches and are left out, so the pooled switch
    // trials hold fewer Colour trials than the repeats: the cue difference leaks into v1.
    expect(Math.abs(cell.version1?.biasMs ?? 0)).toBeGreaterThan(4);
    expect(Math.abs(cell.version2.biasMs)).toBeLessThanOrEqual(2);
  });
});
