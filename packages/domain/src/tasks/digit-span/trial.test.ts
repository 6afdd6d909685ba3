import { describe, expect, it } from 'vitest';
import { MAX_REACTION_TIME_MS } from '../shared/envelope';
import { ConfigSchema, DEFAULT_CONFIG } from './config';
import { fixtureRun } from './fixture-run';
import { plan } from './plan';
import { countCorrectPositions, findTrialProblems, type Trial, TrialSchema } from './trial';

const config = DEFAULT_CONFIG;
const seed = 'trial-check';
const runPlan = plan(seed, config);
const fixture = fixtureRun(seed, config);
const backward = fixture.find(
  (t) => t.phase === 'test' && t.direction === 'backward' && t.length === 3,
) as Trial;
const forward = fixture.find(
  (t) => t.phase === 'test' && t.direction === 'forward' && t.isCorrect,
) as Trial;
const check = (trial: Trial, c = config) => findTrialProblems(trial, runPlan, c);

describe('the Digit Span trial check', () => {
  it('accepts every trial of the fixture run, and counts positions by hand', () => {
    for (const trial of fixture) {
      expect(TrialSchema.parse(JSON.parse(JSON.stringify(trial)))).toEqual(trial);
      expect(check(trial)).toEqual([]);
    }
    expect(countCorrectPositions('2-7-3', '2-7-3')).toBe(3);
    expect(countCorrectPositions('7-2-3', '2-7-3')).toBe(1);
    expect(countCorrectPositions('2-7', '2-7-3')).toBe(2);
    expect(countCorrectPositions('2-7-3-5', '2-7-3')).toBe(3);
    expect(countCorrectPositions('', '2-7-3')).toBe(0);
  });

  it('refuses a list other than the planned one, with what it must be', () => {
    const presented = backward.presented.split('-').reverse().join('-');
    expect(check({ ...backward, presented })).toContain(
      `presented must be '${backward.presented}' for test block 1 trial ${backward.trialNumber}`,
    );
    // The expected answer of a backward list is its presented digits reversed, from the plan.
    expect(check({ ...backward, expected: backward.presented })[0]).toMatch(/^expected must be/);
    expect(check({ ...backward, direction: 'forward' })[0]).toMatch(
      /^direction must be 'backward'/,
    );
    expect(check({ ...backward, length: 4 })).toContain(
      `length must be '3' for test block 1 trial ${backward.trialNumber}`,
    );
  });

  it('checks a repeat after an interruption against the plan, and the interruption against its timing', () => {
    // The new list given in the place of the backward list, after it was interrupted.
    const position = { ...backward, trialNumber: backward.trialNumber + 1 };
    const problems = check(position);
    expect(problems).toContain(`repeat must be '1' for test block 1 trial ${position.trialNumber}`);
    const planned = runPlan.backward?.test[position.trialNumber] as string;
    expect(planned).not.toBe(backward.presented.split('-').join(''));
    expect(problems).toContain(
      `presented must be '${[...planned].join('-')}' for test block 1 trial ${position.trialNumber}`,
    );
    expect(check({ ...backward, interrupted: true })).toEqual([
      'interrupted must equal timing.wasInterrupted',
    ]);
    expect(
      check({
        ...backward,
        interrupted: true,
        timing: { ...backward.timing, wasInterrupted: true },
      }),
    ).toEqual([]);
    // The run-order field is required of a trial the browser sends.
    const { interrupted: _interrupted, ...without } = backward;
    expect(TrialSchema.safeParse(without).success).toBe(false);
  });

  it('refuses positions the run cannot have', () => {
    expect(check({ ...forward, block: 2 })).toEqual([
      'block 2 does not exist (0 forward, 1 backward)',
    ]);
    // 14 places of the ladder, each with room for two new lists after interruptions.
    expect(check({ ...forward, trialNumber: 42 })).toEqual([
      'trialNumber 42 does not exist in forward test (0-41)',
    ]);
    // Without repeats (a run of task version 1.0.0), the places are the positions.
    const noRepeats = ConfigSchema.parse({ interruptionRepeats: 0 });
    expect(check({ ...forward, trialNumber: 14 }, noRepeats)).toEqual([
      'trialNumber 14 does not exist in forward test (0-13)',
    ]);
    const forwardOnly = ConfigSchema.parse({ directions: 'forward' });
    expect(check(backward, forwardOnly)).toEqual(['This run has no backward test lists']);
  });

  it('refuses an answer whose counts or correctness do not follow from it', () => {
    const wrong = { ...forward, entered: forward.expected.split('-').reverse().join('-') };
    expect(check(wrong)).toContain(
      'isCorrect must be true exactly when the answer, submitted in time, equals expected',
    );
    expect(check({ ...forward, nDigitsEntered: forward.nDigitsEntered + 1 })).toEqual([
      `nDigitsEntered must be ${forward.length}, the digits in entered`,
    ]);
    expect(check({ ...forward, nCorrectPositions: 0 })).toEqual([
      `nCorrectPositions must be ${forward.length} for this answer`,
    ]);
    expect(TrialSchema.safeParse({ ...forward, entered: '3-0-2' }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...forward, entered: '372' }).success).toBe(false);
    expect(
      TrialSchema.safeParse({ ...forward, entered: '1-2-3-4-5-6-7-8-9-1-2-3-4' }).success,
    ).toBe(false);
  });

  it('refuses a forged answer time, a time-out without a limit, a response of the wrong modality', () => {
    expect(check({ ...forward, reactionTime: (forward.reactionTime as number) + 50 })).toEqual([
      'reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs',
    ]);
    expect(check({ ...forward, firstKeyRt: 10 })).toEqual([
      'firstKeyRt must be timing.firstKeyMs minus timing.stimulusOnsetMs',
    ]);
    const timedOut = {
      ...forward,
      timedOut: true,
      isCorrect: false,
      response: null,
      reactionTime: null,
      timing: { ...forward.timing, responseTimestampMs: null },
    };
    expect(check(timedOut)).toEqual([
      `Without a response time limit, a list times out only after ${MAX_REACTION_TIME_MS} ms`,
    ]);
    const capped = {
      ...timedOut,
      endTime: new Date(Date.parse(forward.startTime) + MAX_REACTION_TIME_MS + 3000).toISOString(),
    };
    expect(check(capped)).toEqual([]);
    const limited = ConfigSchema.parse({ responseTimeLimitMs: 2000 });
    expect(check(timedOut, limited)).toEqual([]);
    // A timed-out list has no answer time, and an answered one has one.
    expect(
      check(
        {
          ...timedOut,
          reactionTime: forward.reactionTime,
          timing: { ...timedOut.timing, responseTimestampMs: forward.timing.responseTimestampMs },
        },
        ConfigSchema.parse({ responseTimeLimitMs: 60_000 }),
      ),
    ).toEqual([
      'reactionTime must be null exactly when the list timed out',
      'timing.responseTimestampMs must be null exactly when the list timed out',
    ]);
    expect(
      check({
        ...forward,
        reactionTime: null,
        timing: { ...forward.timing, responseTimestampMs: null },
      }),
    ).toEqual([
      'reactionTime must be null exactly when the list timed out',
      'timing.responseTimestampMs must be null exactly when the list timed out',
    ]);
    // One empty submit, then the time-out: the first key is set with nothing else pressed.
    const emptyTimedOut = {
      ...timedOut,
      entered: '',
      nDigitsEntered: 0,
      nCorrectPositions: 0,
      nBackspaces: 0,
    };
    expect(check(emptyTimedOut, limited)).toEqual([]);
    expect(
      check({ ...emptyTimedOut, timedOut: false, response: 'enter' as const }, limited),
    ).toContain('reactionTime must be null exactly when the list timed out');
    expect(check(forward, limited)).toEqual([
      `reactionTime ${forward.reactionTime} ms exceeds the response time limit (2000 ms)`,
    ]);
    expect(check({ ...forward, inputModality: 'touch' })).toEqual([
      "The response 'enter' is a keyboard's, not touch",
    ]);
    expect(check({ ...forward, response: 'submit' })).toEqual([
      "The response 'submit' is a touch or mouse response, not a keyboard's",
    ]);
  });

  it('refuses timing events out of order or a digit onset missing', () => {
    const { timing } = forward;
    const early = { ...forward, timing: { ...timing, stimulusOnsetMs: timing.sequenceOnsetMs } };
    expect(check(early)[0]).toMatch(/^The timing events are out of order/);
    const missing = {
      ...forward,
      timing: { ...timing, digitOnsetsMs: timing.digitOnsetsMs.slice(1) },
    };
    expect(check(missing)).toContain(
      `timing.digitOnsetsMs and timing.digitOffsetsMs must hold one time per digit (${forward.length})`,
    );
    // A digit's offset after the next digit's onset, or the last one not at the keypad's onset.
    const offsets = [...timing.digitOffsetsMs];
    offsets[0] = (timing.digitOnsetsMs[1] as number) + 1;
    expect(check({ ...forward, timing: { ...timing, digitOffsetsMs: offsets } })[0]).toMatch(
      /^The timing events are out of order/,
    );
    const lastOff = [...timing.digitOffsetsMs.slice(0, -1), timing.stimulusOnsetMs - 1];
    expect(check({ ...forward, timing: { ...timing, digitOffsetsMs: lastOff } })[0]).toMatch(
      /^The timing events are out of order/,
    );
    // Equal times (a stalled page replaced a digit before painting it) are in order.
    const replaced = [...timing.digitOnsetsMs];
    replaced[1] = timing.digitOffsetsMs[1] as number;
    const offsetsOfReplaced = [...timing.digitOffsetsMs];
    offsetsOfReplaced[0] = replaced[1] as number;
    expect(
      check({
        ...forward,
        timing: { ...timing, digitOnsetsMs: replaced, digitOffsetsMs: offsetsOfReplaced },
      }),
    ).toEqual([]);
    const noFirstKey = { ...forward, firstKeyRt: null, timing: { ...timing, firstKeyMs: null } };
    expect(check(noFirstKey)).toEqual([
      'timing.firstKeyMs must be set exactly when a key was pressed',
    ]);
    expect(check({ ...forward, endTime: '2000-01-01T00:00:00.000Z' })).toEqual([
      'endTime is before startTime',
    ]);
  });

  it('refuses unknown fields and a block or number out of range, by the schema', () => {
    expect(TrialSchema.safeParse({ ...forward, injected: true }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...forward, trialNumber: -1 }).success).toBe(false);
    expect(TrialSchema.safeParse({ ...forward, direction: 'sideways' }).success).toBe(false);
  });
});
