import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { fixtureRun } from './fixture-run';
import { plan } from './plan';
import { findTrialProblems, type Trial, TrialSchema } from './trial';

const SEED = 'trial-check';
const run = plan(SEED, DEFAULT_CONFIG);
const trials = fixtureRun(SEED, DEFAULT_CONFIG);
const answered = trials.find((t) => t.phase === 'test' && t.responseType === 'correct') as Trial;
const check = (trial: Trial) => findTrialProblems(TrialSchema.parse(trial), run, DEFAULT_CONFIG);

describe('the flanker trial check', () => {
  it('accepts every trial of the fixture run, which has errors, omissions and extra presses', () => {
    expect(trials.flatMap(check)).toEqual([]);
    expect(new Set(trials.map((t) => t.responseType))).toEqual(
      new Set(['correct', 'error', 'omission']),
    );
    expect(trials.some((t) => t.nExtraResponses > 0)).toBe(true);
  });

  it('refuses a display, target or congruency other than the planned one', () => {
    const flipped = answered.targetDirection === 'left' ? 'right' : 'left';
    expect(check({ ...answered, targetDirection: flipped })).toContain(
      `targetDirection must be '${answered.targetDirection}' for test trial ${answered.trialNumber}`,
    );
    const other = answered.display === '<<<<<' ? '>>>>>' : '<<<<<';
    expect(check({ ...answered, display: other })[0]).toContain('display must be');
  });

  it('refuses a position the run lacks', () => {
    expect(check({ ...answered, trialNumber: 96 })).toEqual([
      'trialNumber 96 does not exist in the test (0-95)',
    ]);
    expect(check({ ...answered, block: 1 })).toEqual([
      'block 1 does not exist in the test (only 0)',
    ]);
  });

  it('refuses an outcome or correctness that does not follow from the response', () => {
    const wrong = answered.targetDirection === 'left' ? 'right' : 'left';
    expect(check({ ...answered, response: wrong })).toEqual([
      "responseType must be 'error' for this target and response",
      'isCorrect does not follow from the target direction and the response',
    ]);
    expect(check({ ...answered, responded: false })).toContain(
      'A trial that did not respond has no response, reactionTime or timing.responseTimestampMs',
    );
  });

  it('refuses an RT that is not the timestamps’ difference or is beyond the window', () => {
    expect(check({ ...answered, reactionTime: (answered.reactionTime as number) + 1 })).toEqual([
      'reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs',
    ]);
    const onset = answered.timing.stimulusOnsetMs;
    const late = {
      ...answered,
      reactionTime: 2100,
      timing: { ...answered.timing, responseTimestampMs: onset + 2100 },
    };
    expect(check(late)).toEqual([
      'reactionTime 2100 ms is beyond the response window (under 2100 ms)',
    ]);
  });
});
