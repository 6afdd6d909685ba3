import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { fixtureRun } from './fixture-run';
import { DEFAULT_PARTICIPANT, simulateParticipant } from './participant';
import { plan } from './plan';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

const config = DEFAULT_CONFIG;
const SEED = 'trial-check';
const planned = plan(SEED, config);
const fixture = fixtureRun(SEED, config);

/** A fixture trial that matches `pick`. */
function sample(pick: (t: Trial) => boolean): Trial {
  const trial = fixture.find(pick);
  if (!trial) throw new Error('no such fixture trial');
  return JSON.parse(JSON.stringify(trial)) as Trial;
}
const hit = () => sample((t) => t.phase === 'test' && t.responseType === 'hit');
const correctRejection = () =>
  sample((t) => t.phase === 'test' && t.responseType === 'correct_rejection');
const check = (trial: Trial) => findTrialProblems(trial, planned, config);

describe('findTrialProblems', () => {
  it('accepts every trial of the fixture run and of simulated participants', () => {
    expect(fixture.length).toBeGreaterThan(config.testTrials);
    for (const trial of fixture) {
      const parsed = TrialSchema.parse(JSON.parse(JSON.stringify(trial)));
      expect(check(parsed)).toEqual([]);
    }
    for (const seed of ['a', 'b', 'c']) {
      const runPlan = plan(seed, config);
      for (const trial of simulateParticipant(seed, config, DEFAULT_PARTICIPANT)) {
        expect(findTrialProblems(trial, runPlan, config)).toEqual([]);
      }
    }
  });

  it('refuses a practice round beyond the last allowed', () => {
    const trial = { ...sample((t) => t.phase === 'practice'), block: config.practiceMaxRounds };
    expect(check(trial)).toEqual(['block 3 does not exist in practice (rounds 0-2)']);
  });

  it('refuses a test block other than 0', () => {
    expect(check({ ...hit(), block: 1 })).toEqual(['block 1 does not exist in the test (only 0)']);
  });

  it('refuses a trial number past the block', () => {
    expect(check({ ...hit(), trialNumber: config.testTrials })).toEqual([
      'trialNumber 160 does not exist in test block 0 (0-159)',
    ]);
  });

  it('refuses a stimulus type other than the planned one', () => {
    const trial = hit();
    const forged = { ...trial, stimulusType: 'nogo' as const, responseType: 'commission' as const };
    expect(check({ ...forged, isCorrect: false })).toEqual([
      `stimulusType must be 'go' for test block 0 trial ${trial.trialNumber}`,
    ]);
  });

  it('refuses a stimulus other than the set shows', () => {
    const trial = hit();
    expect(check({ ...trial, stimulusId: 'P' })).toEqual([
      `stimulusId must be 'solid' for test block 0 trial ${trial.trialNumber}`,
    ]);
  });

  it('refuses a response without responded, and responded without a response', () => {
    const answered = hit();
    expect(check({ ...answered, responded: false })).toContain(
      'A trial that did not respond has no response, reactionTime or timing.responseTimestampMs',
    );
    const silent = correctRejection();
    expect(
      check({ ...silent, responded: true, responseType: 'commission', isCorrect: false }),
    ).toEqual([
      'A trial that responded needs a response, a reactionTime and timing.responseTimestampMs',
    ]);
  });

  it('refuses a reaction time or response timestamp missing from a response', () => {
    const trial = hit();
    expect(check({ ...trial, reactionTime: null })).toEqual([
      'A trial that responded needs a response, a reactionTime and timing.responseTimestampMs',
    ]);
    expect(check({ ...trial, timing: { ...trial.timing, responseTimestampMs: null } })).toEqual([
      'A trial that responded needs a response, a reactionTime and timing.responseTimestampMs',
    ]);
  });

  it('refuses a response that the input modality cannot give', () => {
    expect(check({ ...hit(), inputModality: 'touch' })).toEqual([
      "The response 'space' is a keyboard's, not touch",
    ]);
    expect(check({ ...hit(), response: 'tap' })).toEqual([
      "The response 'tap' is a touch or mouse response, not a keyboard's",
    ]);
  });

  it('refuses extra responses on a trial without a response', () => {
    expect(check({ ...correctRejection(), nExtraResponses: 1 })).toEqual([
      'nExtraResponses counts presses after the first in the window: there was none',
    ]);
  });

  it('refuses a response type that does not follow from the stimulus and the response', () => {
    expect(check({ ...hit(), responseType: 'correct_rejection' })).toEqual([
      "responseType must be 'hit' for a go trial with a response",
    ]);
    expect(check({ ...correctRejection(), responseType: 'omission' })).toEqual([
      "responseType must be 'correct_rejection' for a nogo trial without a response",
    ]);
  });

  it('refuses an isCorrect that does not follow from the outcome', () => {
    expect(check({ ...hit(), isCorrect: false })).toEqual([
      'isCorrect does not follow from the stimulus type and the response',
    ]);
  });

  it('refuses a reaction time other than the response timestamp minus the onset', () => {
    const trial = hit();
    expect(check({ ...trial, reactionTime: (trial.reactionTime ?? 0) + 0.011 })).toEqual([
      'reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs',
    ]);
    expect(check({ ...trial, reactionTime: (trial.reactionTime ?? 0) + 0.009 })).toEqual([]);
  });

  it('refuses a reaction time beyond the response window', () => {
    const trial = hit();
    const { stimulusOnsetMs } = trial.timing;
    const rt = config.responseWindowMs;
    expect(
      check({
        ...trial,
        reactionTime: rt,
        timing: { ...trial.timing, responseTimestampMs: stimulusOnsetMs + rt },
      }),
    ).toEqual([`reactionTime ${rt} ms is not within the response window (${rt} ms)`]);
  });

  it('refuses timing events out of order', () => {
    const trial = hit();
    const { stimulusOnsetMs } = trial.timing;
    expect(
      check({ ...trial, timing: { ...trial.timing, stimulusOffsetMs: stimulusOnsetMs - 1 } }),
    ).toEqual(['The timing events are out of order: nothing comes before the stimulus onset']);
    expect(
      check({
        ...trial,
        timing: { ...trial.timing, responseTimestampMs: stimulusOnsetMs - 5 },
      }),
    ).toEqual(['The timing events are out of order: nothing comes before the stimulus onset']);
  });

  it('refuses an end before the start', () => {
    const trial = hit();
    const before = new Date(Date.parse(trial.startTime) - 1).toISOString();
    expect(check({ ...trial, endTime: before })).toEqual(['endTime is before startTime']);
  });
});

describe('TrialSchema', () => {
  it('refuses unknown fields and says what a field must be', () => {
    const trial = hit();
    expect(TrialSchema.safeParse({ ...trial, extra: 1 }).success).toBe(false);
    const messages = (value: unknown) =>
      TrialSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ ...trial, stimulusType: 'maybe' })).toEqual([
      "stimulusType must be 'go' or 'nogo'",
    ]);
    expect(messages({ ...trial, response: 'enter' })).toEqual([
      "response must be 'space', 'tap' or null",
    ]);
    expect(messages({ ...trial, nExtraResponses: -1 })).toEqual([
      'nExtraResponses cannot be negative',
    ]);
    expect(
      messages({ ...trial, timing: { ...trial.timing, responseTimestampMs: undefined } }),
    ).toHaveLength(1);
  });

  it('takes a trial without block or input modality (their defaults: 0 and keyboard)', () => {
    const { block: _block, inputModality: _modality, ...trial } = hit();
    const parsed = TrialSchema.parse(trial);
    expect(check(parsed)).toEqual([]);
  });
});
