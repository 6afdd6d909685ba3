import { describe, expect, it } from 'vitest';
import { createRng } from '../shared/random';
import { mean, median } from '../shared/statistics';
import { SETTINGS } from './config';
import { plan } from './plan';
import { reportCellOf, score } from './scoring';
import type { Answer, Trial } from './trial';
import { runVirtualSession } from './virtual-runtime';

/**
 * Every exclusion a score applies is recorded with its trial (`trialExclusions`): each RT score
 * (per level and overall) and each report cell's RT, recomputed from the trials and those flags
 * alone (a trial is kept iff it is of the score's kind and carries no exclusion), equals the
 * stored one.
 */

/** Levels 1-3 with lures, so that lures, fillers and every outcome occur at every level. */
const CONFIG = SETTINGS.schema.parse({ lureMode: 'fixed' });

/**
 * A participant who makes every kind of trial the exclusions concern: the right answer on 75 %
 * of letters, no answer on 5 %, one answer in ten an anticipation (under 150 ms), and one letter
 * in eight interrupted (whatever its outcome).
 */
function playRun(seed: string): Trial[] {
  const draw = createRng(`${seed}:exclusions`);
  return runVirtualSession({
    config: CONFIG,
    plan: plan(seed, CONFIG),
    timeOriginMs: 1_795_000_000_000,
    startMs: 500,
    introMs: 2000,
    behave(trial) {
      const right: Answer = trial.isTarget === true ? 'match' : 'no-match';
      const wrong: Answer = right === 'match' ? 'no-match' : 'match';
      const roll = draw();
      const answer = roll < 0.05 ? null : roll < 0.8 ? right : wrong;
      const rt = draw() < 0.1 ? 5 + draw() * 140 : 300 + draw() * 1500;
      return {
        presses: answer === null ? [] : [{ afterOnsetMs: rt, answer }],
        onsetLateMs: 0,
        interrupted: draw() < 0.125,
      };
    },
  }).trials;
}

describe('N-back RT scores follow the recorded exclusions alone', () => {
  it.each(['excl-a', 'excl-b', 'excl-c'])('run %s', (seed) => {
    const trials = playRun(seed);
    const result = score(CONFIG, trials);
    const flags = new Map(
      result.trialExclusions
        .filter((t) => t.exclusions.length > 0)
        .map((t) => [`${t.phase}:${t.block}:${t.trialNumber}`, t.exclusions]),
    );
    const kept = (t: Trial) => !flags.has(`${t.phase}:${t.block ?? 0}:${t.trialNumber}`);
    const test = trials.filter((t) => t.phase === 'test');
    const rtsOf = (list: readonly Trial[]) => list.map((t) => t.reactionTime as number);
    const hitsOf = (list: readonly Trial[]) =>
      list.filter((t) => t.isTarget === true && t.answer === 'match' && kept(t));

    // The run has trials of every kind the exclusions concern, and only test trials that are
    // scored (no practice, no filler) carry them.
    const kinds = result.trialExclusions
      .filter((t) => t.exclusions.length > 0)
      .map((t) => t.exclusions.join('+'));
    for (const kind of ['anticipation', 'interrupted', 'anticipation+interrupted']) {
      expect(kinds, kind).toContain(kind);
    }
    const scoredPositions = new Set(
      test.filter((t) => t.isTarget !== null).map((t) => `${t.block}:${t.trialNumber}`),
    );
    for (const t of result.trialExclusions) {
      expect(t.phase).toBe('test');
      expect(scoredPositions.has(`${t.block}:${t.trialNumber}`)).toBe(true);
    }

    for (const level of result.scores.levels) {
      const atLevel = test.filter((t) => t.level === level.n);
      const hitRts = rtsOf(hitsOf(atLevel));
      const rejectionRts = rtsOf(
        atLevel.filter((t) => t.isTarget === false && t.answer === 'no-match' && kept(t)),
      );
      expect(level.meanHitRtMs, `${level.n}-back`).toBe(mean(hitRts));
      expect(level.medianHitRtMs, `${level.n}-back`).toBe(median(hitRts));
      expect(level.meanCorrectRejectionRtMs, `${level.n}-back`).toBe(mean(rejectionRts));
      expect(level.medianCorrectRejectionRtMs, `${level.n}-back`).toBe(median(rejectionRts));
      // Each report cell's RT: its correct trials with an RT and no exclusion.
      for (const isTarget of [true, false]) {
        const inCell = atLevel.filter((t) => t.isTarget === isTarget);
        const rts = rtsOf(inCell.filter((t) => t.isCorrect && t.reactionTime !== null && kept(t)));
        expect(result.reportCells[reportCellOf(level.n, isTarget)]).toMatchObject({
          trialCount: inCell.length,
          rtTrialCount: rts.length,
          meanRtMs: mean(rts),
        });
      }
    }
    const hitRts = rtsOf(hitsOf(test));
    expect(result.scores.overall.meanHitRtMs).toBe(mean(hitRts));
    expect(result.scores.overall.medianHitRtMs).toBe(median(hitRts));
    expect(result.averageReactionTime).toBe(mean(hitRts));
  });
});
