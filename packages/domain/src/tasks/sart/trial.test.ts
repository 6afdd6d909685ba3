import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { fixtureRun } from './fixture-run';
import { plan } from './plan';
import { findTrialProblems, latencyTypeOf, type Trial, TrialSchema } from './trial';

const config = DEFAULT_CONFIG;
const SEED = 'trial-seed';
const planned = plan(SEED, config);
const fixture = fixtureRun(SEED, config);

/** The fixture's first test trial that matches `pick`. */
function testTrial(pick: (t: Trial) => boolean): Trial {
  const found = fixture.find((t) => t.phase === 'test' && pick(t));
  if (!found) throw new Error('no such fixture trial');
  return JSON.parse(JSON.stringify(found)) as Trial;
}

const check = (trial: Trial) => findTrialProblems(trial, planned, config);

describe('findTrialProblems', () => {
  const answered = () => testTrial((t) => t.responseType === 'go_success' && t.latencyType === 3);

  it('accepts every trial of the fixture run, and refuses them against another run’s plan', () => {
    for (const t of fixture) expect(check(TrialSchema.parse(t))).toEqual([]);
    const other = plan('another-seed', config);
    expect(
      fixture.filter((t) => findTrialProblems(t, other, config).length > 0).length,
    ).toBeGreaterThan(150);
  });

  it('refuses a forged digit, no-go status or font size', () => {
    const trial = answered();
    const forged = { ...trial, digit: trial.digit === 9 ? 8 : trial.digit + 1 };
    expect(check(forged).join('; ')).toContain(`digit must be ${trial.digit}`);
    expect(check({ ...trial, isNogo: true }).join('; ')).toContain('isNogo must be false');
    expect(check({ ...trial, fontSizeIndex: (trial.fontSizeIndex + 1) % 5 })).toEqual([
      `fontSizeIndex must be ${trial.fontSizeIndex} for test trial ${trial.trialNumber}`,
    ]);
    // A no-go trial passed off as withheld go: the digit decides.
    const nogo = testTrial((t) => t.responseType === 'nogo_success');
    expect(check({ ...nogo, isNogo: false, responseType: 'omission', isCorrect: false })).toContain(
      'isNogo must be true for the digit 3',
    );
  });

  it('refuses positions the run does not have', () => {
    const trial = answered();
    expect(check({ ...trial, trialNumber: 225 })).toEqual([
      'trialNumber 225 does not exist in test (0-224)',
    ]);
    expect(check({ ...trial, block: 1 })).toEqual(['block 1 does not exist in test (only 0)']);
    const noPractice = { ...config, practiceEnabled: false };
    const practice = fixture.find((t) => t.phase === 'practice') as Trial;
    expect(findTrialProblems(practice, plan(SEED, noPractice), noPractice)).toEqual([
      'This run has no practice trials',
    ]);
  });

  it('refuses a reaction time beyond the window, or other than its timestamps’ difference', () => {
    const trial = answered();
    const onset = trial.timing.stimulusOnsetMs;
    const late = {
      ...trial,
      reactionTime: 1250,
      timing: { ...trial.timing, responseTimestampMs: onset + 1250 },
    };
    expect(check(late)).toEqual([
      'reactionTime 1250 ms is not within the response window (the SOA, 1150 ms, + 100 ms)',
    ]);
    const inside = {
      ...late,
      reactionTime: 1249.99,
      timing: { ...late.timing, responseTimestampMs: onset + 1249.99 },
    };
    expect(check(inside)).toEqual([]);
    expect(check({ ...trial, reactionTime: (trial.reactionTime ?? 0) + 5 })).toContain(
      'reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs',
    );
  });

  it('refuses a response record, outcome or latency type that contradicts itself', () => {
    const trial = answered();
    expect(check({ ...trial, response: null })).toContain(
      'A trial that responded needs a response, a reactionTime and timing.responseTimestampMs',
    );
    expect(check({ ...trial, inputModality: 'touch' })).toContain(
      "The response 'space' is a keyboard's, not touch",
    );
    expect(check({ ...trial, responseType: 'omission' })).toContain(
      "responseType must be 'go_success' for a go digit with a response",
    );
    expect(check({ ...trial, isCorrect: false })).toContain(
      'isCorrect does not follow from the digit and the response',
    );
    expect(check({ ...trial, latencyType: 2 })).toEqual([
      'latencyType must be 3 for this reactionTime',
    ]);
    const missed = testTrial((t) => t.responseType === 'omission');
    expect(check({ ...missed, nExtraResponses: 1 })).toContain(
      'nExtraResponses counts presses after the first in the window: there was none',
    );
  });

  it('refuses timing events out of order and an end before the start', () => {
    const trial = answered();
    const onset = trial.timing.stimulusOnsetMs;
    expect(check({ ...trial, timing: { ...trial.timing, stimulusOffsetMs: onset - 1 } })).toContain(
      'The timing events are out of order: nothing comes before the digit onset',
    );
    expect(check({ ...trial, endTime: '2000-01-01T00:00:00.000Z' })).toContain(
      'endTime is before startTime',
    );
  });

  it('takes only plausible font sizes and pixel ratios in the schema', () => {
    const trial = answered();
    expect(TrialSchema.safeParse({ ...trial, fontSizePx: 0 }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...trial, fontSizePx: 6000 }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...trial, devicePixelRatio: 0 }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...trial, latencyType: 4 }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...trial, digit: 0 }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...trial, extra: 1 }).success).toBe(false);
  });
});

describe('latencyTypeOf', () => {
  it('codes no response 0, < 100 ms 1, 100-199 ms 2, >= 200 ms 3', () => {
    expect([null, 0, 99.99, 100, 199.99, 200, 1200].map(latencyTypeOf)).toEqual([
      0, 1, 1, 2, 2, 3, 3,
    ]);
  });
});
