import { describe, expect, it } from 'vitest';
import { ConfigSchema, DEFAULT_CONFIG } from './config';
import { fixtureRun } from './fixture-run';
import { plan } from './plan';
import { getTrialFlags } from './plausibility';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

const SEED = 'trial-check-seed';
const config = DEFAULT_CONFIG;
const planned = plan(SEED, config);
const fixture = fixtureRun(SEED, config);

const find = (predicate: (t: Trial) => boolean) => {
  const trial = fixture.find(predicate);
  if (!trial) throw new Error('no such fixture trial');
  return trial;
};
const valid = find(
  (t) => t.phase === 'test' && t.trialNumber > 0 && t.type === 'valid' && t.nFalseStarts === 0,
);
const restarted = find((t) => t.nFalseStarts > 0);
const timedOut = find((t) => t.type === 'timeout');
const problems = (trial: Trial, cfg = config) => findTrialProblems(trial, planned, cfg);

describe('the PVT trial check', () => {
  it('accepts every trial of the fixture run, and refuses the same trials against another plan', () => {
    for (const trial of fixture) {
      expect(problems(TrialSchema.parse(JSON.parse(JSON.stringify(trial))))).toEqual([]);
    }
    const other = plan('another-seed', config);
    expect(findTrialProblems(valid, other, config).join()).toMatch(/must be the plan's draw/);
  });

  it("refuses foreperiods other than the plan's draws in order", () => {
    expect(problems({ ...valid, foreperiodMs: valid.foreperiodMs + 1 }).join()).toMatch(
      /foreperiodMs must be the plan's draw/,
    );
    expect(problems({ ...valid, planIndex: valid.planIndex + 1 }).join()).toMatch(/plan's draw/);
    // A planIndex before the trial's first possible draw.
    expect(problems({ ...valid, planIndex: valid.trialNumber - 1 }).join()).toMatch(
      /first possible draw/,
    );
    const [first] = restarted.falseStarts;
    if (!first) throw new Error('no false start');
    expect(
      problems({
        ...restarted,
        falseStarts: [{ ...first, foreperiodMs: first.foreperiodMs + 1 }],
      }).join(),
    ).toMatch(/falseStarts\[0]\.foreperiodMs must be the plan's draw/);
    expect(problems({ ...restarted, nFalseStarts: 0 }).join()).toMatch(
      /count the same false starts/,
    );
  });

  it('refuses a reaction time other than the timestamps say, and a type the thresholds do not give', () => {
    expect(
      problems({ ...valid, reactionTime: (valid.reactionTime as number) + 50 }).join(),
    ).toMatch(/reactionTime must be timing.responseTimestampMs minus/);
    expect(problems({ ...valid, type: 'lapse', isCorrect: false }).join()).toMatch(
      /type must be 'valid'/,
    );
    expect(problems({ ...valid, isCorrect: false }).join()).toMatch(/isCorrect must be true/);
    expect(problems({ ...timedOut, reactionTime: 100 }).join()).toMatch(
      /A timeout has no response/,
    );
    expect(problems({ ...valid, type: 'timeout', isCorrect: false }).join()).toMatch(
      /A timeout has no response/,
    );
    expect(problems({ ...valid, inputModality: 'touch' }).join()).toMatch(/keyboard's, not touch/);
    expect(problems({ ...valid, variant: 'PVT-B' }).join()).toMatch(/variant must be 'PVT-10'/);
    expect(problems({ ...valid, lapseThresholdMs: 355 }).join()).toMatch(
      /lapseThresholdMs must be 500/,
    );
  });

  it('refuses timing out of order, a counter before its foreperiod was over, and times on task that disagree', () => {
    const { timing } = valid;
    expect(
      problems({
        ...valid,
        timing: { ...timing, foreperiodStartMs: timing.stimulusOnsetMs + 1 },
      }).join(),
    ).toMatch(/out of order/);
    // The trial's foreperiod (no false start) must begin at the trial's start.
    expect(
      problems({
        ...valid,
        timing: { ...timing, foreperiodStartMs: timing.foreperiodStartMs + 100 },
      }).join(),
    ).toMatch(/foreperiodStartMs must be timing.trialStartMs without a false start/);
    expect(problems({ ...valid, endElapsedMs: valid.endElapsedMs + 5 }).join()).toMatch(
      /endElapsedMs/,
    );
    expect(problems({ ...timedOut, endElapsedMs: timedOut.elapsedMs + 29_000 }).join()).toMatch(
      /endElapsedMs of a timeout must be at least/,
    );
    expect(problems({ ...valid, endTime: '2000-01-01T00:00:00.000Z' }).join()).toMatch(
      /endTime is before startTime/,
    );
  });

  it('refuses a test trial begun after the test time was up, and positions the run cannot have', () => {
    // Shifted in time on task so that its first foreperiod began 1 ms after the 600 s.
    const late = 600_001 - valid.startElapsedMs;
    expect(
      problems({
        ...valid,
        startElapsedMs: valid.startElapsedMs + late,
        elapsedMs: valid.elapsedMs + late,
        endElapsedMs: valid.endElapsedMs + late,
      }),
    ).toEqual(['The trial began 600.0 s into a 600 s test: no trial starts once its time is up']);
    const habituation = find((t) => t.phase === 'habituation');
    expect(problems({ ...habituation, trialNumber: 5 })).toEqual([
      'trialNumber 5 does not exist in the habituation (0-4)',
    ]);
    expect(problems({ ...valid, block: 1 })).toEqual([
      'block 1 does not exist in the test (only 0)',
    ]);
    // A 30 s test of 2 s foreperiods can show 11 counters at most.
    const short = ConfigSchema.parse({ durationS: 30, habituationTrials: 0 });
    expect(findTrialProblems({ ...valid, trialNumber: 20 }, plan(SEED, short), short)).toEqual([
      'trialNumber 20 is more counters than the test can show',
    ]);
  });

  it("ties the foreperiods to the trial's start and its false starts, and the times on task to the timing", () => {
    const { timing } = restarted;
    const [first] = restarted.falseStarts;
    if (!first) throw new Error('no false start');
    // Each interval after a false start is counted from the false start.
    expect(restarted.timing.foreperiodStartMs).toBe(restarted.timing.falseStartsMs.at(-1));
    expect(
      problems({
        ...restarted,
        timing: { ...timing, foreperiodStartMs: timing.foreperiodStartMs + 50 },
      }).join(),
    ).toMatch(/foreperiodStartMs must be the last false start,/);
    expect(
      problems({ ...restarted, falseStarts: [{ ...first, afterMs: first.afterMs - 40 }] }).join(),
    ).toMatch(/falseStarts\[0]\.afterMs must be its timestamp minus the start of its foreperiod/);
    // The RSI is the onset minus the last press before it: the start of the counter's interval.
    expect(restarted.rsiMs).toBe(
      restarted.timing.stimulusOnsetMs - restarted.timing.foreperiodStartMs,
    );
    expect(valid.rsiMs).toBe(valid.timing.stimulusOnsetMs - valid.timing.foreperiodStartMs);
    const rsiRule = /rsiMs must be timing.stimulusOnsetMs minus timing.foreperiodStartMs/;
    expect(problems({ ...restarted, rsiMs: (restarted.rsiMs as number) + 5 }).join()).toMatch(
      rsiRule,
    );
    expect(problems({ ...valid, rsiMs: 10 }).join()).toMatch(rsiRule);
    expect(problems({ ...valid, rsiMs: null }).join()).toMatch(rsiRule);
    // Null only on the first trial after the intro's button, when no press came before it.
    const runFirst = find((t) => t.phase === 'habituation' && t.trialNumber === 0);
    expect(runFirst.rsiMs).toBeNull();
    expect(problems({ ...runFirst, rsiMs: 3000 }).join()).toMatch(/rsiMs must be null/);
    // A second false start within the 'Too soon!' of the first is no press the page counts.
    const twice: Trial = {
      ...restarted,
      nFalseStarts: 2,
      falseStarts: [
        ...restarted.falseStarts,
        {
          foreperiodMs: planned.test[restarted.planIndex + 1] as number,
          afterMs: 400,
        },
      ],
      foreperiodMs: planned.test[restarted.planIndex + 2] as number,
      timing: {
        ...timing,
        foreperiodStartMs: (timing.falseStartsMs[0] as number) + 400,
        falseStartsMs: [...timing.falseStartsMs, (timing.falseStartsMs[0] as number) + 400],
        wasInterrupted: true,
      },
    };
    expect(problems(twice).join()).toMatch(/falseStarts\[1]\.afterMs is within the 'Too soon!'/);
    // The time on task at the trial's start follows from its onset's.
    expect(problems({ ...valid, startElapsedMs: valid.startElapsedMs - 1 }).join()).toMatch(
      /startElapsedMs must be elapsedMs minus/,
    );
    // A phase's first trial takes draw 0 at time on task 0.
    const first0 = find((t) => t.phase === 'test' && t.trialNumber === 0);
    expect(first0).toMatchObject({ planIndex: 0, startElapsedMs: 0 });
    const shifted = {
      ...first0,
      startElapsedMs: 5000,
      elapsedMs: first0.elapsedMs + 5000,
      endElapsedMs: first0.endElapsedMs + 5000,
    };
    expect(problems(shifted)).toEqual(["The test's first trial must start at time on task 0"]);
    expect(problems({ ...valid, trialNumber: 0 }).join()).toMatch(
      /The test's first trial must take its first draw \(planIndex 0\)/,
    );
  });

  it('accepts a counter off its due time only on a trial marked interrupted, however far off', () => {
    const { timing } = valid;
    /** The trial with its foreperiod begun `shiftMs` later: its counter that much earlier. */
    const early = (shiftMs: number, wasInterrupted = false): Trial => ({
      ...valid,
      startElapsedMs: valid.startElapsedMs + shiftMs,
      rsiMs: (valid.rsiMs as number) - shiftMs,
      timing: {
        ...timing,
        trialStartMs: timing.trialStartMs + shiftMs,
        foreperiodStartMs: timing.foreperiodStartMs + shiftMs,
        wasInterrupted,
      },
    });
    expect(problems(early(90))).toEqual([]);
    expect(problems(early(150))).toEqual([
      'A counter presented more than 100 ms from its due time marks its trial interrupted (timing.wasInterrupted)',
    ]);
    expect(problems(early(150, true))).toEqual([]);
    // Minutes late (the foreperiod ran while the page was hidden), and a false start then.
    expect(problems(early(-120_000)).join()).toMatch(/marks its trial interrupted/);
    expect(problems(early(-120_000, true))).toEqual([]);
    const [first] = restarted.falseStarts;
    const atMs = restarted.timing.falseStartsMs[0];
    if (!first || atMs === undefined) throw new Error('no false start');
    const hidden = TrialSchema.parse({
      ...restarted,
      startElapsedMs: restarted.startElapsedMs - 70_000,
      falseStarts: [{ ...first, afterMs: first.afterMs + 70_000 }],
      timing: {
        ...restarted.timing,
        trialStartMs: restarted.timing.trialStartMs - 70_000,
        wasInterrupted: true,
      },
    });
    expect(problems(hidden)).toEqual([]);
    expect(problems({ ...hidden, timing: { ...hidden.timing, wasInterrupted: false } })).toEqual([
      'A counter presented more than 100 ms from its due time marks its trial interrupted (timing.wasInterrupted)',
    ]);
  });

  it('is strict about fields, and flags false starts and timeouts', () => {
    expect(TrialSchema.safeParse({ ...valid, injected: true }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...valid, type: 'miss' }).success).toBe(false);
    expect(getTrialFlags(valid)).toEqual([]);
    expect(getTrialFlags(timedOut)).toEqual(['timeout']);
    expect(getTrialFlags(find((t) => t.type === 'false_start'))).toEqual(['falseStart']);
  });
});

describe("the PVT trial check, intervals counted from the feedback's end", () => {
  const legacy = ConfigSchema.parse({ intervalFrom: 'feedbackEnd' });
  const legacyPlan = plan(SEED, legacy);
  const legacyRun = fixtureRun(SEED, legacy);
  const check = (trial: Trial) => findTrialProblems(trial, legacyPlan, legacy);
  const restartedLegacy = legacyRun.find((t) => t.nFalseStarts > 0) as Trial;
  const validLegacy = legacyRun.find(
    (t) => t.phase === 'test' && t.trialNumber > 0 && t.type === 'valid' && t.nFalseStarts === 0,
  ) as Trial;

  it("ties each interval after a false start to the end of its 'Too soon!', and the RSI to the last press", () => {
    for (const trial of legacyRun) expect(check(trial)).toEqual([]);
    const { timing } = restartedLegacy;
    expect(timing.foreperiodStartMs).toBe((timing.falseStartsMs.at(-1) as number) + 1000);
    expect(
      check({
        ...restartedLegacy,
        timing: { ...timing, foreperiodStartMs: timing.foreperiodStartMs + 50 },
      }).join(),
    ).toMatch(/foreperiodStartMs must be the last false start plus the feedback/);
    expect(
      check({ ...restartedLegacy, rsiMs: (restartedLegacy.rsiMs as number) + 5 }).join(),
    ).toMatch(/rsiMs must be the onset minus the last false start/);
    // The RSI is the feedback and the interval.
    expect(validLegacy.rsiMs).toBeCloseTo(
      validLegacy.timing.stimulusOnsetMs - validLegacy.timing.foreperiodStartMs + 1000,
      6,
    );
    expect(check({ ...validLegacy, rsiMs: 10 }).join()).toMatch(/rsiMs is shorter than the trial/);
  });
});
