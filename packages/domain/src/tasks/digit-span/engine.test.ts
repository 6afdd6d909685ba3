import { describe, expect, it } from 'vitest';
import { MAX_REACTION_TIME_MS, savedTrialOf } from '../shared/envelope';
import { createRng, pick } from '../shared/random';
import { type Config, ConfigSchema, DEFAULT_CONFIG } from './config';
import {
  answerLimitMs,
  createEngine,
  type Effect,
  type Event,
  type Key,
  LATE_KEY_GRACE_MS,
  nextDueMs,
  type State,
  step,
} from './engine';
import { fixtureRun } from './fixture-run';
import { parseDigits, plan } from './plan';
import { findTrialProblems, MAX_BACKSPACES, type Trial, TrialSchema } from './trial';
import {
  runVirtualSession,
  SIMULATED_TIME_ORIGIN_MS,
  type VirtualSessionOptions,
} from './virtual-runtime';

/** Drives the engine by hand and keeps every effect. */
function drive(config: Config, seed = 'engine') {
  const planned = plan(seed, config);
  const first = createEngine({
    config,
    timeOriginMs: SIMULATED_TIME_ORIGIN_MS,
  });
  let state: State = first.state;
  const effects: Effect[] = [...first.effects];
  const send = (event: Event) => {
    const outcome = step(config, planned, state, event);
    state = outcome.state;
    effects.push(...outcome.effects);
    return outcome.effects;
  };
  return { plan: planned, send, effects, state: () => state };
}

/** A session through the virtual runtime, its page's clock at 0 from the start, 1 s per intro. */
const playSession = (
  options: Omit<VirtualSessionOptions, 'timeOriginMs' | 'startMs' | 'introMs'>,
) => runVirtualSession({ timeOriginMs: 0, startMs: 0, introMs: 1000, ...options });

/**
 * Presents the list on screen from a 'Ready' onset at `readyMs`, each presentation (digits, the
 * blanks after them) at its due time plus `lateMs[k]` for digit k; returns the keypad's due time.
 */
function present(d: ReturnType<typeof drive>, readyMs: number, lateMs: number[] = []) {
  const [blank, first] = d.send({
    type: 'ONSET',
    shown: { kind: 'ready' },
    atMs: readyMs,
    method: 'element-timing',
  });
  expect(blank).toEqual({ type: 'SHOW_BLANK', dueAtMs: readyMs + 800 });
  expect(first).toMatchObject({ type: 'SHOW_DIGIT', index: 0, dueAtMs: readyMs + 1300 });
  const d0 = readyMs + 1300 + (lateMs[0] ?? 0);
  const schedule = d.send({
    type: 'ONSET',
    shown: { kind: 'digit', index: 0 },
    atMs: d0,
    method: 'element-timing',
  });
  for (const e of schedule) {
    if (e.type !== 'SHOW_DIGIT' && e.type !== 'HIDE_DIGIT') continue;
    d.send({
      type: 'ONSET',
      shown: { kind: e.type === 'SHOW_DIGIT' ? 'digit' : 'blank', index: e.index },
      atMs: e.type === 'SHOW_DIGIT' ? e.dueAtMs + (lateMs[e.index] ?? 0) : e.dueAtMs,
      method: 'element-timing',
    });
  }
  const pad = schedule.find((e) => e.type === 'SHOW_PAD');
  if (pad?.type !== 'SHOW_PAD') throw new Error('no keypad');
  return { schedule, d0, padDue: pad.dueAtMs };
}

/** A driven engine at its first list's answer: presented on time, the keypad's onset known. */
function answering(config: Config) {
  const d = drive(config);
  d.send({ type: 'START', atMs: 0 });
  const { padDue } = present(d, 0);
  d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'element-timing' });
  return { d, padDue };
}

/** The answer's record among `effects`. */
function recordIn(effects: readonly Effect[]): Trial {
  const record = effects.find((e) => e.type === 'RECORD_TRIAL');
  if (record?.type !== 'RECORD_TRIAL') throw new Error('no record');
  return record.trial;
}

describe('the Digit Span engine', () => {
  it('shows each list on an absolute time line from its first digit, late onsets moving nothing', () => {
    const config = ConfigSchema.parse({ practiceMaxTries: 0 });
    const d = drive(config);
    expect(d.effects[0]).toMatchObject({
      type: 'SHOW_BLOCK_INTRO',
      position: { phase: 'test', block: 0, trialNumber: 0 },
    });
    expect(d.send({ type: 'START', atMs: 100 })[0]).toMatchObject({
      type: 'SHOW_READY',
      dueAtMs: 100,
    });
    // The first digit 7 ms late, the second 40 ms late: the third is still due 2000 ms after the first.
    const { schedule, d0, padDue } = present(d, 110, [7, 40]);
    const digits = [...(d.plan.forward?.test[0] ?? '')].map(Number);
    expect(d0).toBe(110 + 1300 + 7);
    expect(schedule).toEqual([
      { type: 'HIDE_DIGIT', index: 0, dueAtMs: d0 + 800 },
      { type: 'SHOW_DIGIT', index: 1, digit: digits[1], dueAtMs: d0 + 1000 },
      { type: 'HIDE_DIGIT', index: 1, dueAtMs: d0 + 1800 },
      { type: 'SHOW_DIGIT', index: 2, digit: digits[2], dueAtMs: d0 + 2000 },
      { type: 'SHOW_PAD', dueAtMs: d0 + 2800 },
    ]);
    expect(padDue).toBe(d0 + 2800);
    // Without a blank between digits, each replaces the one before.
    const noBlank = drive(ConfigSchema.parse({ practiceMaxTries: 0, digitOffMs: 0 }));
    noBlank.send({ type: 'START', atMs: 0 });
    expect(present(noBlank, 0).schedule.map((e) => e.type)).toEqual([
      'SHOW_DIGIT',
      'SHOW_DIGIT',
      'SHOW_PAD',
    ]);
  });

  it('takes keys only once the keypad is drawn, waiting for its onset, and records the answer', () => {
    const config = DEFAULT_CONFIG;
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    const key = (k: string, atMs: number) =>
      d.send({ type: 'KEY', key: k as never, atMs, modality: 'keyboard' });
    // A key during the 'Ready' cue is nobody's.
    expect(key('4', 5)).toEqual([]);
    const { d0, padDue } = present(d, 10);
    const expected = parseDigits(d.plan.forward?.practice[0]?.split('').join('-') ?? '');
    // A key while the last digit is on waits for the keypad's onset, and is dropped as earlier.
    expect(key('5', padDue - 100)).toEqual([]);
    // Keys after the keypad's drawing wait for its onset.
    const padMs = padDue + 9;
    key(String(expected[0]), padMs + 300);
    key('backspace', padMs + 500);
    key(String(expected[0]), padMs + 700);
    key(String(expected[1]), padMs + 900);
    expect(d.state().kind).toBe('trial');
    const onPad = d.send({
      type: 'ONSET',
      shown: { kind: 'pad' },
      atMs: padMs,
      method: 'element-timing',
    });
    expect(onPad.at(-1)).toEqual({ type: 'UPDATE_ENTRY', entered: expected, confirmEmpty: false });
    expect(onPad.filter((e) => e.type === 'UPDATE_ENTRY')).toHaveLength(4);
    const done = key('submit', padMs + 1200.5);
    expect(recordIn(done)).toMatchObject({
      phase: 'practice',
      block: 0,
      trialNumber: 0,
      direction: 'forward',
      length: 2,
      entered: expected.join('-'),
      isCorrect: true,
      nDigitsEntered: 2,
      nCorrectPositions: 2,
      nBackspaces: 1,
      response: 'enter',
      reactionTime: 1200.5,
      firstKeyRt: 300,
      timedOut: false,
      timing: {
        stimulusOnsetMs: padMs,
        responseTimestampMs: padMs + 1200.5,
        sequenceOnsetMs: d0,
        digitOnsetsMs: [d0, d0 + 1000],
        digitOffsetsMs: [d0 + 800, padMs],
        firstKeyMs: padMs + 300,
        wasInterrupted: false,
      },
    });
    // Practice: feedback with the answer, and the next part's intro after it.
    expect(done.at(-1)).toMatchObject({
      type: 'SHOW_FEEDBACK',
      next: { phase: 'test', block: 0, trialNumber: 0 },
    });
    expect(d.send({ type: 'START', atMs: padMs + 5000 })).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'test', block: 0, trialNumber: 0 },
        resumed: false,
        practice: { tries: 1, passed: true },
      },
    ]);
  });

  it('asks a second submit for an empty answer, a digit cancelling the first', () => {
    const { d, padDue } = answering(DEFAULT_CONFIG);
    const key = (k: string, atMs: number) =>
      d.send({ type: 'KEY', key: k as never, atMs, modality: 'touch' });
    expect(key('submit', padDue + 100)).toEqual([
      { type: 'UPDATE_ENTRY', entered: [], confirmEmpty: true },
    ]);
    expect(key('4', padDue + 200)).toEqual([
      { type: 'UPDATE_ENTRY', entered: [4], confirmEmpty: false },
    ]);
    expect(key('backspace', padDue + 300)).toEqual([
      { type: 'UPDATE_ENTRY', entered: [], confirmEmpty: false },
    ]);
    expect(key('submit', padDue + 400)).toEqual([
      { type: 'UPDATE_ENTRY', entered: [], confirmEmpty: true },
    ]);
    const record = key('submit', padDue + 500).find((e) => e.type === 'RECORD_TRIAL');
    expect(record).toMatchObject({
      trial: {
        entered: '',
        nDigitsEntered: 0,
        isCorrect: false,
        response: 'submit',
        inputModality: 'touch',
        firstKeyRt: 100,
        nBackspaces: 1,
      },
    });
  });

  it('keeps at most 12 digits of an answer and counts at most 200 backspaces', () => {
    const { d, padDue } = answering(DEFAULT_CONFIG);
    for (let i = 0; i < 15; i++)
      d.send({ type: 'KEY', key: '5', atMs: padDue + 100 + i, modality: 'keyboard' });
    const record = d.send({ type: 'KEY', key: 'submit', atMs: padDue + 200, modality: 'keyboard' });
    expect(recordIn(record)).toMatchObject({ nDigitsEntered: 12, isCorrect: false });
    expect(findTrialProblems(recordIn(record), d.plan, DEFAULT_CONFIG)).toEqual([]);
    d.send({ type: 'START', atMs: padDue + 5000 });
    const next = present(d, padDue + 5000);
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: next.padDue, method: 'element-timing' });
    for (let i = 0; i < 250; i++) {
      d.send({ type: 'KEY', key: 'backspace', atMs: next.padDue + 100 + i, modality: 'keyboard' });
    }
    d.send({ type: 'KEY', key: '3', atMs: next.padDue + 400, modality: 'keyboard' });
    const trial = recordIn(
      d.send({ type: 'KEY', key: 'submit', atMs: next.padDue + 500, modality: 'keyboard' }),
    );
    expect(trial.nBackspaces).toBe(MAX_BACKSPACES);
    expect(TrialSchema.safeParse(trial).success).toBe(true);
    expect(findTrialProblems(trial, d.plan, DEFAULT_CONFIG)).toEqual([]);
  });

  it('ends an answer at the response time limit as timed out, with what was typed', () => {
    const config = ConfigSchema.parse({ responseTimeLimitMs: 5000, practiceMaxTries: 0 });
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    const { padDue } = present(d, 0);
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'animation-frame' });
    // The TICK is due a grace period after the limit, for keys stamped before it.
    expect(nextDueMs(config, d.state())).toBe(padDue + 5000 + LATE_KEY_GRACE_MS);
    d.send({ type: 'KEY', key: '3', atMs: padDue + 1000, modality: 'keyboard' });
    expect(d.send({ type: 'TICK', atMs: padDue + 5050 })).toEqual([]);
    // A key after the limit, delivered before the TICK, is not the answer's.
    d.send({ type: 'KEY', key: 'submit', atMs: padDue + 5001, modality: 'keyboard' });
    const effects = d.send({ type: 'TICK', atMs: padDue + 5000 + LATE_KEY_GRACE_MS });
    expect(effects[0]).toMatchObject({
      type: 'RECORD_TRIAL',
      trial: {
        phase: 'test',
        entered: '3',
        timedOut: true,
        isCorrect: false,
        response: null,
        reactionTime: null,
        timing: { responseTimestampMs: null, onsetMethod: 'animation-frame' },
      },
    });
    expect(recordIn(effects).endTime).toBe(
      new Date(SIMULATED_TIME_ORIGIN_MS + padDue + 5000).toISOString(),
    );
    // No feedback in the test: the next list's 'Ready' 500 ms after the time-out.
    expect(effects[1]).toMatchObject({ type: 'SHOW_READY', dueAtMs: padDue + 5500 });
  });

  it('takes a submit stamped before the limit that the page delivers just after it', () => {
    const config = ConfigSchema.parse({ responseTimeLimitMs: 5000, practiceMaxTries: 0 });
    const { d, padDue } = answering(config);
    d.send({ type: 'KEY', key: '3', atMs: padDue + 1000, modality: 'keyboard' });
    // The clock passed the limit (padDue + 5000) before this Enter's event was delivered.
    const trial = recordIn(
      d.send({ type: 'KEY', key: 'submit', atMs: padDue + 4999.5, modality: 'keyboard' }),
    );
    expect(trial).toMatchObject({ timedOut: false, response: 'enter', reactionTime: 4999.5 });
    expect(findTrialProblems(trial, d.plan, config)).toEqual([]);
  });

  it('records a time-out after one empty submit with its first key, and the server accepts it', () => {
    const config = ConfigSchema.parse({ responseTimeLimitMs: 3000, practiceMaxTries: 0 });
    const { d, padDue } = answering(config);
    d.send({ type: 'KEY', key: 'submit', atMs: padDue + 700, modality: 'keyboard' });
    const trial = recordIn(d.send({ type: 'TICK', atMs: padDue + 3000 + LATE_KEY_GRACE_MS }));
    expect(trial).toMatchObject({
      entered: '',
      nBackspaces: 0,
      response: null,
      timedOut: true,
      firstKeyRt: 700,
      timing: { firstKeyMs: padDue + 700, responseTimestampMs: null },
    });
    expect(findTrialProblems(trial, d.plan, config)).toEqual([]);
  });

  it('ends an answer without a time limit at the longest answer time a record accepts', () => {
    const config = ConfigSchema.parse({ practiceMaxTries: 0 });
    const { d, padDue } = answering(config);
    expect(answerLimitMs(config)).toBe(MAX_REACTION_TIME_MS);
    d.send({ type: 'KEY', key: '3', atMs: padDue + 1000, modality: 'keyboard' });
    expect(d.send({ type: 'TICK', atMs: padDue + MAX_REACTION_TIME_MS - 1 })).toEqual([]);
    const trial = recordIn(
      d.send({ type: 'TICK', atMs: padDue + MAX_REACTION_TIME_MS + LATE_KEY_GRACE_MS }),
    );
    expect(trial).toMatchObject({ timedOut: true, entered: '3', reactionTime: null });
    expect(TrialSchema.safeParse(trial).success).toBe(true);
    expect(findTrialProblems(trial, d.plan, config)).toEqual([]);
  });

  it("keeps the time line through a stall and records the stalled digit's short exposure", () => {
    const config = ConfigSchema.parse({ practiceMaxTries: 0 });
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    // Digit 1 (the second) is presented 300 ms late; its blank and digit 2 are on time.
    const { d0, padDue, schedule } = present(d, 0, [0, 300]);
    expect(schedule.find((e) => e.type === 'SHOW_DIGIT' && e.index === 2)).toMatchObject({
      dueAtMs: d0 + 2000,
    });
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'element-timing' });
    d.send({ type: 'KEY', key: 'submit', atMs: padDue + 100, modality: 'keyboard' });
    const trial = recordIn(
      d.send({ type: 'KEY', key: 'submit', atMs: padDue + 200, modality: 'keyboard' }),
    );
    const { digitOnsetsMs, digitOffsetsMs } = trial.timing;
    expect(digitOnsetsMs).toEqual([d0, d0 + 1300, d0 + 2000]);
    expect(digitOffsetsMs).toEqual([d0 + 800, d0 + 1800, padDue]);
    // Exposures: 800, 500 (the stalled digit), 800.
    expect(digitOffsetsMs.map((off, k) => off - (digitOnsetsMs[k] as number))).toEqual([
      800, 500, 800,
    ]);
    expect(findTrialProblems(trial, d.plan, config)).toEqual([]);
  });

  it('opens the answer only once every presentation is known, and gives a digit replaced before its paint no exposure', () => {
    const config = ConfigSchema.parse({ practiceMaxTries: 0 });
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    d.send({ type: 'ONSET', shown: { kind: 'ready' }, atMs: 0, method: 'element-timing' });
    const schedule = d.send({
      type: 'ONSET',
      shown: { kind: 'digit', index: 0 },
      atMs: 1300,
      method: 'element-timing',
    });
    const pad = schedule.find((e) => e.type === 'SHOW_PAD');
    if (pad?.type !== 'SHOW_PAD') throw new Error('no keypad');
    // The page was hidden from 1500 ms to 4000 ms: everything due then was drawn in one frame,
    // painted at 4000; what was replaced in that frame is reported later, by its fallback.
    const at = (kind: 'digit' | 'blank' | 'pad', index: number, atMs: number) =>
      d.send({
        type: 'ONSET',
        shown: kind === 'pad' ? { kind } : { kind, index },
        atMs,
        method: 'animation-frame',
      });
    expect(at('pad', 0, 4000)).toEqual([]);
    d.send({ type: 'KEY', key: 'submit', atMs: 4100, modality: 'keyboard' });
    at('blank', 0, 4016);
    at('digit', 1, 4016);
    at('blank', 1, 4016);
    // The answer opens with the last presentation known; the waiting key is applied then.
    expect(at('digit', 2, 4016)).toEqual([
      { type: 'UPDATE_ENTRY', entered: [], confirmEmpty: true },
    ]);
    const trial = recordIn(
      d.send({ type: 'KEY', key: 'submit', atMs: 4200, modality: 'keyboard' }),
    );
    expect(pad.dueAtMs).toBe(1300 + 2800);
    expect(trial.timing).toMatchObject({
      stimulusOnsetMs: 4000,
      digitOnsetsMs: [1300, 4000, 4000],
      digitOffsetsMs: [4000, 4000, 4000],
    });
    expect(findTrialProblems(trial, d.plan, config)).toEqual([]);
  });

  it('marks an interrupted list, and resumes a run after its saved lists', () => {
    const config = DEFAULT_CONFIG;
    const fixture = fixtureRun('engine', config);
    const saved = fixture.slice(0, 5).map(savedTrialOf);
    const resumed = createEngine({ config, saved, timeOriginMs: 0 });
    expect(resumed.effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        // The fourth place of the ladder: test numbers are place x 3 (each place and its two
        // possible repeats after an interruption).
        position: { phase: 'test', block: 0, trialNumber: 9 },
        resumed: true,
        practice: { tries: 2, passed: true },
      },
    ]);
    const all = fixture.map(savedTrialOf);
    expect(createEngine({ config, saved: all, timeOriginMs: 0 }).effects).toEqual([
      { type: 'FINISHED' },
    ]);
    const session = playSession({
      config,
      plan: plan('engine', config),
      saved,
      behave: () => ({
        keys: [
          { key: 'submit', afterPadMs: 400 },
          { key: 'submit', afterPadMs: 600 },
        ],
      }),
    });
    // The rest of the run: the fourth forward list, then empty answers stop each direction.
    expect(session.trials.map((t) => `${t.phase}:${t.block}:${t.trialNumber}`)).toEqual([
      'test:0:9',
      'practice:1:0',
      'practice:1:1',
      'practice:1:2',
      'practice:1:3',
      'test:1:0',
      'test:1:3',
    ]);
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    d.send({ type: 'INTERRUPTED', atMs: 5 });
    const { padDue } = present(d, 10);
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'element-timing' });
    d.send({ type: 'KEY', key: 'submit', atMs: padDue + 1, modality: 'keyboard' });
    const record = d.send({ type: 'KEY', key: 'submit', atMs: padDue + 2, modality: 'keyboard' });
    expect(record[0]).toMatchObject({
      trial: { interrupted: true, repeat: 0, timing: { wasInterrupted: true } },
    });
  });

  it('gives a new list of the same length after an interrupted test list, up to the limit per direction', () => {
    const config = ConfigSchema.parse({ practiceMaxTries: 0, directions: 'forward' });
    const planned = plan('interrupted', config);
    // The second list of 3, the first of 4 and the first of 5 interrupted; the two repeats
    // answered wrong, every other list right. The third interruption is over the limit of 2.
    const interruptedAt = new Set(['test:0:3', 'test:0:6', 'test:0:12']);
    const wrongAt = new Set(['test:0:4', 'test:0:7']);
    const session = playSession({
      config,
      plan: planned,
      behave: (trial) => {
        const key = `${trial.phase}:${trial.block}:${trial.trialNumber}`;
        const answer = wrongAt.has(key) ? [9, 9] : parseDigits(trial.expected);
        return {
          interrupted: interruptedAt.has(key),
          keys: [...answer.map(String), 'submit'].map((k, i) => ({
            key: k as Key,
            afterPadMs: 500 + 200 * i,
          })),
        };
      },
    });
    const rows = session.trials.map((t) => [
      t.trialNumber,
      t.length,
      t.attempt,
      t.repeat,
      t.interrupted,
      t.isCorrect,
    ]);
    expect(rows.slice(0, 9)).toEqual([
      [0, 3, 1, 0, false, true],
      [3, 3, 2, 0, true, true],
      // A new list in the place of the interrupted one, though it was answered right.
      [4, 3, 2, 1, false, false],
      [6, 4, 1, 0, true, true],
      // The second and last repeat of the direction: it fails; the other list of 4 is right.
      [7, 4, 1, 1, false, false],
      [9, 4, 2, 0, false, true],
      [12, 5, 1, 0, true, true],
      // No repeat left: the interrupted list at 5 counted by its answer (right), so the
      // ladder goes on to the second list of 5.
      [15, 5, 2, 0, false, true],
      [18, 6, 1, 0, false, true],
    ]);
    // A repeat is a new list: never the digits of the list it stands in place of.
    const byNumber = new Map(session.trials.map((t) => [t.trialNumber, t]));
    expect(byNumber.get(4)?.presented).not.toBe(byNumber.get(3)?.presented);
    expect(byNumber.get(7)?.presented).not.toBe(byNumber.get(6)?.presented);
    for (const trial of session.trials) {
      expect(findTrialProblems(trial, planned, config), `${trial.trialNumber}`).toEqual([]);
    }
    // Resumed just after an interrupted list (its run-order field saved with it), the engine
    // gives the repeat; saved without the field (a list stored before it existed), the next place.
    const withFields = session.trials
      .slice(0, 2)
      .map((t) => ({ ...savedTrialOf(t), fields: { interrupted: t.interrupted } }));
    const resumed = createEngine({ config, saved: withFields, timeOriginMs: 0 });
    expect(resumed.effects[0]).toMatchObject({ position: { phase: 'test', trialNumber: 4 } });
    const withoutFields = session.trials.slice(0, 2).map(savedTrialOf);
    const old = createEngine({ config, saved: withoutFields, timeOriginMs: 0 });
    expect(old.effects[0]).toMatchObject({ position: { phase: 'test', trialNumber: 6 } });
  });

  it('counts an interrupted list by its answer at interruptionRepeats 0, as task version 1.0.0 did', () => {
    const config = ConfigSchema.parse({
      practiceMaxTries: 0,
      directions: 'backward',
      interruptionRepeats: 0,
    });
    const planned = plan('interrupted', config);
    const session = playSession({
      config,
      plan: planned,
      // Both lists of 2 interrupted, and answered wrong: the direction stops there.
      behave: () => ({
        interrupted: true,
        keys: [
          { key: '9', afterPadMs: 500 },
          { key: 'submit', afterPadMs: 700 },
        ],
      }),
    });
    expect(session.trials.map((t) => [t.trialNumber, t.repeat, t.interrupted])).toEqual([
      [0, 0, true],
      [1, 0, true],
    ]);
    expect(session.state.kind).toBe('finished');
  });
});

describe('every record the engine emits passes the server check', () => {
  const KEYS: readonly Key[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

  it('over random key sequences, time limits, empty submits, backspaces, stalled pages and interruptions', () => {
    const configs: Config[] = [
      DEFAULT_CONFIG,
      ConfigSchema.parse({ responseTimeLimitMs: 2500, testFeedback: true }),
      ConfigSchema.parse({ responseTimeLimitMs: 1000, digitOffMs: 0 }),
      ConfigSchema.parse({ directions: 'backward', digitOnMs: 300, digitOffMs: 50 }),
    ];
    const rng = createRng('every-record');
    let records = 0;
    let timedOutAfterEmptySubmit = 0;
    let stalled = 0;
    let repeats = 0;
    for (let r = 0; r < 400; r++) {
      const config = configs[r % configs.length] as Config;
      const planned = plan(`every-record-${r}`, config);
      const session = runVirtualSession({
        config,
        plan: planned,
        timeOriginMs: SIMULATED_TIME_ORIGIN_MS,
        startMs: rng() * 1000,
        introMs: 500,
        inputModality: rng() < 0.5 ? 'keyboard' : 'touch',
        behave: (trial) => {
          // Mostly the right answer, else random keys; an empty submit, backspaces, a missing
          // submit (the list times out, or keys run past the limit) now and then.
          const digits = rng() < 0.5 ? parseDigits(trial.expected).map(String) : [];
          const keys: Key[] = digits.length > 0 ? (digits as Key[]) : [];
          const extra = Math.floor(rng() * 8);
          for (let i = 0; i < extra; i++) {
            const u = rng();
            keys.splice(
              Math.floor(rng() * (keys.length + 1)),
              0,
              u < 0.2 ? 'backspace' : u < 0.3 ? 'submit' : (pick(KEYS, rng) as Key),
            );
          }
          if (rng() < 0.8) keys.push('submit');
          if (rng() < 0.5) keys.push('submit');
          let atMs = rng() < 0.1 ? -50 : 0;
          const late = rng() < 0.2 ? Math.floor(rng() * trial.length) : -1;
          if (late >= 0) stalled += 1;
          return {
            interrupted: rng() < 0.1,
            keys: keys.map((key) => {
              atMs += 30 + rng() * 600;
              return { key, afterPadMs: atMs };
            }),
            onsetLateMs: (shown) =>
              shown.kind === 'digit' && shown.index === late ? 100 + rng() * 1500 : rng() * 20,
          };
        },
      });
      for (const trial of session.trials) {
        const parsed = TrialSchema.safeParse(JSON.parse(JSON.stringify(trial)));
        expect(parsed.error).toBeUndefined();
        expect(findTrialProblems(trial, planned, config), JSON.stringify(trial)).toEqual([]);
        if (trial.timedOut && trial.nDigitsEntered === 0 && trial.timing.firstKeyMs !== null) {
          timedOutAfterEmptySubmit += 1;
        }
        if (trial.repeat > 0) repeats += 1;
        records += 1;
      }
    }
    expect(records).toBeGreaterThan(3000);
    expect(timedOutAfterEmptySubmit).toBeGreaterThan(10);
    expect(stalled).toBeGreaterThan(300);
    expect(repeats).toBeGreaterThan(100);
  });
});
