import { describe, expect, it } from 'vitest';
import type { ArrivedTrial, SavedTrial } from '../contract';
import { savedTrialWithFields } from '../shared/envelope';
import { ConfigSchema, DEFAULT_CONFIG, resolveConfig } from './config';
import { fixtureMinimumMs, fixtureRun } from './fixture-run';
import { plan } from './plan';
import {
  findChainBreak,
  findEarlyArrival,
  findRunImplausibility,
  getMinimumArrivalMs,
} from './plausibility';
import {
  endsTest,
  getNextPosition,
  getResumePoint,
  isPosition,
  RUN_ORDER_FIELDS,
} from './run-order';
import { score } from './scoring';
import { findTrialProblems, type Trial } from './trial';

const config = DEFAULT_CONFIG;
const params = resolveConfig(config);
const fixture = fixtureRun('run-order-seed', config);
const saved = fixture.map((t) => savedTrialWithFields(t, RUN_ORDER_FIELDS));

describe('the PVT run order', () => {
  it('goes from the habituation trials to the test, and ends with the trial that reaches the duration', () => {
    expect(getNextPosition(config, [])).toEqual({
      phase: 'habituation',
      block: 0,
      trialNumber: 0,
    });
    expect(getNextPosition(config, saved.slice(0, 4))).toEqual({
      phase: 'habituation',
      block: 0,
      trialNumber: 4,
    });
    expect(getNextPosition(config, saved.slice(0, 5))).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
    const last = fixture.at(-1);
    if (!last) throw new Error('an empty fixture');
    expect(endsTest(params, last)).toBe(true);
    expect(getNextPosition(config, saved)).toBeNull();
    expect(getNextPosition(config, saved.slice(0, -1))).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: last.trialNumber,
    });
    // Saved in any order, and with positions the run cannot have: the same.
    const shuffled: SavedTrial[] = [
      ...saved.slice().reverse(),
      { phase: 'practice', block: 0, trialNumber: 900, isCorrect: true },
    ];
    expect(getNextPosition(config, shuffled)).toBeNull();
  });

  it('starts with the test without habituation', () => {
    const noHabituation = ConfigSchema.parse({ habituationTrials: 0 });
    expect(getNextPosition(noHabituation, [])).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 0,
    });
    expect(
      isPosition(resolveConfig(noHabituation), {
        phase: 'habituation',
        block: 0,
        trialNumber: 0,
      }),
    ).toBe(false);
  });

  it('resumes a phase with its next draw and the time on task so far', () => {
    const test = fixture.filter((t) => t.phase === 'test');
    const restarted = test.find((t) => t.nFalseStarts > 0);
    if (!restarted) throw new Error('no false start in the fixture');
    const upTo = saved.slice(0, fixture.indexOf(restarted) + 1);
    expect(getResumePoint(params, upTo)).toEqual({
      next: { phase: 'test', block: 0, trialNumber: restarted.trialNumber + 1 },
      planIndex: restarted.planIndex + restarted.nFalseStarts + 1,
      // The next interval starts at the response.
      carriedMs: restarted.endElapsedMs,
      isPhaseBegun: true,
    });
    // Positions alone (no fields): nothing is taken to end, one draw a trial.
    const bare = upTo.map(({ fields: _fields, ...position }) => position);
    expect(getResumePoint(params, bare)).toMatchObject({
      next: { trialNumber: restarted.trialNumber + 1 },
      planIndex: restarted.trialNumber + 1,
      carriedMs: 0,
    });
  });
});

describe('PVT plausibility by the server clock', () => {
  const start = new Date('2026-11-27T10:00:00.000Z');
  /** The fixture's trials, each arriving its least time after the one before (times `pace`). */
  const arrived = (pace: number, trials: readonly Trial[] = fixture): ArrivedTrial[] => {
    let atMs = start.getTime();
    return trials.map((trial) => {
      atMs += fixtureMinimumMs(config, trial) * pace;
      return {
        ...savedTrialWithFields(trial, RUN_ORDER_FIELDS),
        startTime: new Date(trial.startTime),
        endTime: new Date(trial.endTime),
        arrivedAt: new Date(atMs),
      };
    });
  };

  it('accepts a run at a person pace, and refuses one faster than its foreperiods and duration', () => {
    expect(findRunImplausibility(config, start, arrived(1))).toBeNull();
    // Trials at 60 % of their pace are each possible, but the test cannot be over so soon.
    expect(findRunImplausibility(config, start, arrived(0.6))).toMatch(
      /^The test's last trial arrived .* after the start; a 600 s test takes at least/,
    );
    // At 20 %, trials come faster than their shortest intervals.
    const fast = findRunImplausibility(config, start, arrived(0.2));
    expect(fast).toMatch(/trials arrived within/);
    expect(fast).toMatch(/a 600 s test takes at least/);
  });

  it('flags trials that do not follow one another: skipped draws, time on task, numbers, the end', () => {
    const planned = plan('run-order-seed', config);
    const test = fixture.filter((t) => t.phase === 'test');
    const second = test.find((t) => t.trialNumber > 0 && t.nFalseStarts === 0);
    if (!second) throw new Error('no plain test trial');
    const withTrial = (trial: Trial) => fixture.map((t) => (t === second ? trial : t));
    // The same trial taking the shortest of the next draws instead of its own: each trial alone
    // passes its check, but it does not take the draw after the trial before.
    let best = second.planIndex + 1;
    for (let i = best; i < 60; i++)
      if ((planned.test[i] as number) < (planned.test[best] as number)) best = i;
    const fp = planned.test[best] as number;
    const onset = second.timing.stimulusOnsetMs;
    const skipped: Trial = {
      ...second,
      planIndex: best,
      foreperiodMs: fp,
      rsiMs: fp,
      startElapsedMs: second.elapsedMs - fp,
      timing: { ...second.timing, trialStartMs: onset - fp, foreperiodStartMs: onset - fp },
    };
    expect(findTrialProblems(skipped, planned, config)).toEqual([]);
    expect(findRunImplausibility(config, start, arrived(1, withTrial(skipped)))).toMatch(
      new RegExp(
        `^Test trial ${second.trialNumber} takes plan draw ${best}, not ${second.planIndex} after the trial before`,
      ),
    );
    // A trial that starts later in time on task than the one before left off (its gap on task).
    const gapMs = 40_000;
    const later: Trial = {
      ...second,
      startElapsedMs: second.startElapsedMs + gapMs,
      elapsedMs: second.elapsedMs + gapMs,
      endElapsedMs: second.endElapsedMs + gapMs,
    };
    expect(findTrialProblems(later, planned, config)).toEqual([]);
    expect(findChainBreak(params, arrived(1, withTrial(later)))).toMatch(
      /starts at .* on task, not at .* where the trial before left off/,
    );
    // A number left out, and a trial after the one that ended the test.
    const without = (trial: Trial) => fixture.filter((t) => t !== trial);
    expect(findChainBreak(params, arrived(1, without(second)))).toBe(
      `The test has trial ${second.trialNumber + 1} after trial ${second.trialNumber - 1}`,
    );
    expect(findChainBreak(params, arrived(1, without(test[0] as Trial)))).toBe(
      'The test begins with trial 1',
    );
    const last = fixture.at(-1) as Trial;
    const extra = { ...last, trialNumber: last.trialNumber + 1 };
    expect(findChainBreak(params, arrived(1, [...fixture, extra]))).toBe(
      `Test trial ${extra.trialNumber} follows the trial that ended the test`,
    );
    // Without the fields (a caller that does not hand them over) only the numbers are checked.
    const bare = arrived(1, withTrial(skipped)).map(({ fields: _fields, ...t }) => t);
    expect(findChainBreak(params, bare)).toBeNull();
  });

  it('cannot be ended by one test trial that claims the whole duration', () => {
    const planned = plan('run-order-seed', config);
    const first = fixture.find((t) => t.phase === 'test' && t.trialNumber === 0);
    if (!first) throw new Error('no test trial 0');
    const habituation = fixture.filter((t) => t.phase === 'habituation');
    const onset = first.timing.stimulusOnsetMs;
    const claimedMs = 599_900;
    const forged: Trial = {
      ...first,
      elapsedMs: claimedMs,
      endElapsedMs: claimedMs + (first.reactionTime as number),
      rsiMs: first.foreperiodMs,
      timing: {
        ...first.timing,
        trialStartMs: onset - claimedMs,
        foreperiodStartMs: onset - first.foreperiodMs,
      },
    };
    expect(findTrialProblems(forged, planned, config).join()).toMatch(
      /foreperiodStartMs must be timing.trialStartMs without a false start/,
    );
    // Made consistent, its counter is minutes late: accepted only marked interrupted, and then
    // left out of every score.
    const consistent: Trial = {
      ...forged,
      rsiMs: claimedMs,
      timing: { ...forged.timing, foreperiodStartMs: onset - claimedMs },
    };
    expect(findTrialProblems(consistent, planned, config).join()).toMatch(
      /marks its trial interrupted/,
    );
    const interrupted = { ...consistent, timing: { ...consistent.timing, wasInterrupted: true } };
    expect(findTrialProblems(interrupted, planned, config)).toEqual([]);
    const run = [...habituation, interrupted];
    expect(
      getNextPosition(
        config,
        run.map((t) => savedTrialWithFields(t, RUN_ORDER_FIELDS)),
      ),
    ).toBeNull();
    const scores = score(config, run);
    expect(scores).toMatchObject({
      overallScore: 0,
      scores: { stimuli: 0, counts: { interrupted: 1 } },
    });
  });

  it('knows the least time to each trial: the shortest intervals before it, and its feedback', () => {
    // Habituation trial k: (k + 1) x 2 s, then its 1 s of feedback less the 250 ms hand-over
    // (the feedback is within the next interval); test trial k after 5 of them.
    expect(getMinimumArrivalMs(params, { phase: 'habituation', block: 0, trialNumber: 2 })).toBe(
      6750,
    );
    expect(getMinimumArrivalMs(params, { phase: 'test', block: 0, trialNumber: 9 })).toBe(
      10_000 + 20_000 + 750,
    );
    expect(
      findEarlyArrival(config, { phase: 'test', block: 0, trialNumber: 9 }, 30_750),
    ).toBeNull();
    expect(findEarlyArrival(config, { phase: 'test', block: 0, trialNumber: 9 }, 20_000)).toMatch(
      /15 trials arrived within 20.0 s/,
    );
    // Counted from the feedback's end, each trial takes its interval and its feedback.
    const legacy = resolveConfig(ConfigSchema.parse({ intervalFrom: 'feedbackEnd' }));
    expect(getMinimumArrivalMs(legacy, { phase: 'habituation', block: 0, trialNumber: 2 })).toBe(
      9000,
    );
    expect(getMinimumArrivalMs(legacy, { phase: 'test', block: 0, trialNumber: 9 })).toBe(
      15_000 + 30_000,
    );
  });
});
