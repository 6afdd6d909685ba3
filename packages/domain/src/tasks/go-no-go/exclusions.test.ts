import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { mean, median, sampleSd } from '../shared/statistics';
import { DEFAULT_CONFIG } from './config';
import { plan } from './plan';
import { score } from './scoring';
import type { Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/**
 * Every exclusion a score applies is recorded with its trial (`trialExclusions`): each RT score
 * and each report cell's RT, recomputed from the trials and those flags alone (a trial is kept
 * iff it is of the score's kind and carries no exclusion), equals the stored one.
 */

/**
 * A participant who makes every kind of trial the exclusions concern: go presses on 90 % of go
 * trials and commissions on 40 % of no-go trials, one press in ten an anticipation (under
 * 100 ms), and one trial in eight interrupted (whatever its outcome).
 */
function playRun(seed: string): Trial[] {
  const draw = createRng(`${seed}:exclusions`);
  const config = DEFAULT_CONFIG;
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: 1_795_000_000_000,
    startMs: 500,
    introMs: 2000,
    behave(trial) {
      const presses = draw() < (trial.stimulusType === 'go' ? 0.9 : 0.4);
      const rt = draw() < 0.1 ? 5 + draw() * 90 : 200 + draw() * 700;
      return {
        pressesAfterOnsetMs: presses ? [rt] : [],
        onsetLateMs: 0,
        interrupted: draw() < 0.125,
      };
    },
  }).trials;
}

describe('Go/No-Go RT scores follow the recorded exclusions alone', () => {
  it.each(['excl-a', 'excl-b', 'excl-c', 'excl-d'])('run %s', (seed) => {
    const trials = playRun(seed);
    const result = score(DEFAULT_CONFIG, trials);
    const flags = new Map(
      result.trialExclusions
        .filter((t) => t.exclusions.length > 0)
        .map((t) => [`${t.phase}:${t.block}:${t.trialNumber}`, t.exclusions]),
    );
    const flagsOf = (t: Trial) => flags.get(`${t.phase}:${t.block ?? 0}:${t.trialNumber}`);
    const kept = (t: Trial) => flagsOf(t) === undefined;
    const test = trials.filter((t) => t.phase === 'test');
    const rtsOf = (list: readonly Trial[]) => list.map((t) => t.reactionTime as number);

    // The run has trials of every kind the exclusions concern.
    const kinds = result.trialExclusions
      .filter((t) => t.exclusions.length > 0)
      .map((t) => t.exclusions.join('+'));
    for (const kind of ['anticipation', 'interrupted', 'anticipation+interrupted']) {
      expect(kinds, kind).toContain(kind);
    }
    // Only test trials carry exclusions, and only the two the scores use.
    expect(result.trialExclusions.every((t) => t.phase === 'test')).toBe(true);
    expect(new Set(kinds.flatMap((k) => k.split('+')))).toEqual(
      new Set(['anticipation', 'interrupted']),
    );

    const goRts = rtsOf(test.filter((t) => t.stimulusType === 'go' && t.responded && kept(t)));
    const commissionRts = rtsOf(
      test.filter((t) => t.stimulusType === 'nogo' && t.responded && kept(t)),
    );
    const s = result.scores;
    expect(s.meanGoRtMs).toBe(mean(goRts));
    expect(s.medianGoRtMs).toBe(median(goRts));
    expect(s.sdGoRtMs).toBeCloseTo(sampleSd(goRts) as number, 9);
    expect(s.cvGoRt).toBeCloseTo((sampleSd(goRts) as number) / (mean(goRts) as number), 12);
    expect(s.meanCommissionRtMs).toBe(mean(commissionRts));
    expect(result.averageReactionTime).toBe(mean(goRts));

    // The sensitivity commission rate leaves out the commissions flagged as anticipations.
    const noGo = test.filter((t) => t.stimulusType === 'nogo');
    const commissions = noGo.filter((t) => t.responded);
    const anticipatory = commissions.filter((t) => flagsOf(t)?.includes('anticipation')).length;
    expect(s.commissionRateExclAnticipations).toBe(
      (commissions.length - anticipatory) / (noGo.length - anticipatory),
    );

    // Each report cell's RT: its correct trials with an RT and no exclusion.
    for (const cell of ['go', 'nogo'] as const) {
      const rts = rtsOf(
        test.filter(
          (t) => t.stimulusType === cell && t.isCorrect && t.reactionTime !== null && kept(t),
        ),
      );
      expect(result.reportCells[cell], cell).toMatchObject({
        trialCount: test.filter((t) => t.stimulusType === cell).length,
        rtTrialCount: rts.length,
        meanRtMs: mean(rts),
      });
    }
  });
});
