import { describe, expect, it } from 'vitest';
import { DEFAULT_DIGIT_SPAN_CONFIG, type DigitSpanConfig, DigitSpanConfigSchema } from './config';
import {
  createDigitSpanEngine,
  type DigitSpanEffect,
  type DigitSpanEvent,
  type DigitSpanState,
  digitSpanNextDueMs,
  stepDigitSpan,
} from './engine';
import { digitSpanFixtureRun } from './fixture-run';
import { parseDigits, planDigitSpan } from './plan';
import { runDigitSpanVirtualSession } from './virtual-runtime';

/** Drives the engine by hand and keeps every effect. */
function drive(config: DigitSpanConfig, seed = 'engine') {
  const plan = planDigitSpan(seed, config);
  const first = createDigitSpanEngine({ config, timeOriginMs: 1_795_000_000_000 });
  let state: DigitSpanState = first.state;
  const effects: DigitSpanEffect[] = [...first.effects];
  const send = (event: DigitSpanEvent) => {
    const step = stepDigitSpan(config, plan, state, event);
    state = step.state;
    effects.push(...step.effects);
    return step.effects;
  };
  return { plan, send, effects, state: () => state };
}

/** Presents the list on screen on time from a 'Ready' onset at `readyMs`; returns the pad's onset. */
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
  const shows = schedule.filter((e) => e.type === 'SHOW_DIGIT');
  shows.forEach((e, i) => {
    if (e.type !== 'SHOW_DIGIT') return;
    d.send({
      type: 'ONSET',
      shown: { kind: 'digit', index: i + 1 },
      atMs: e.dueAtMs + (lateMs[i + 1] ?? 0),
      method: 'element-timing',
    });
  });
  const pad = schedule.find((e) => e.type === 'SHOW_PAD');
  if (pad?.type !== 'SHOW_PAD') throw new Error('no keypad');
  return { schedule, d0, padDue: pad.dueAtMs };
}

describe('the Digit Span engine', () => {
  it('shows each list on an absolute time line from its first digit, late onsets moving nothing', () => {
    const config = DigitSpanConfigSchema.parse({ practiceMaxTries: 0 });
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
    const noBlank = drive(DigitSpanConfigSchema.parse({ practiceMaxTries: 0, digitOffMs: 0 }));
    noBlank.send({ type: 'START', atMs: 0 });
    expect(present(noBlank, 0).schedule.map((e) => e.type)).toEqual([
      'SHOW_DIGIT',
      'SHOW_DIGIT',
      'SHOW_PAD',
    ]);
  });

  it('takes keys only once the keypad is drawn, waiting for its onset, and records the answer', () => {
    const config = DEFAULT_DIGIT_SPAN_CONFIG;
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    const { d0, padDue } = present(d, 10);
    const expected = parseDigits(d.plan.forward?.practice[0]?.split('').join('-') ?? '');
    const key = (k: string, atMs: number) =>
      d.send({ type: 'KEY', key: k as never, atMs, modality: 'keyboard' });
    // A key during the list is nobody's; keys after the pad is drawn wait for its onset.
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
    const done = key('submit', padMs + 1200.5);
    const record = done.find((e) => e.type === 'RECORD_TRIAL');
    if (record?.type !== 'RECORD_TRIAL') throw new Error('no record');
    expect(record.trial).toMatchObject({
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
    const d = drive(DEFAULT_DIGIT_SPAN_CONFIG);
    d.send({ type: 'START', atMs: 0 });
    const { padDue } = present(d, 0);
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'element-timing' });
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

  it('keeps at most 12 digits of an answer', () => {
    const d = drive(DEFAULT_DIGIT_SPAN_CONFIG);
    d.send({ type: 'START', atMs: 0 });
    const { padDue } = present(d, 0);
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'element-timing' });
    for (let i = 0; i < 15; i++)
      d.send({ type: 'KEY', key: '5', atMs: padDue + 100 + i, modality: 'keyboard' });
    const record = d.send({ type: 'KEY', key: 'submit', atMs: padDue + 200, modality: 'keyboard' });
    expect(record.find((e) => e.type === 'RECORD_TRIAL')).toMatchObject({
      trial: { nDigitsEntered: 12, isCorrect: false },
    });
  });

  it('ends an answer at the response time limit as timed out, with what was typed', () => {
    const config = DigitSpanConfigSchema.parse({ responseTimeLimitMs: 5000, practiceMaxTries: 0 });
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    const { padDue } = present(d, 0);
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'animation-frame' });
    expect(digitSpanNextDueMs(config, d.state())).toBe(padDue + 5000);
    d.send({ type: 'KEY', key: '3', atMs: padDue + 1000, modality: 'keyboard' });
    expect(d.send({ type: 'TICK', atMs: padDue + 4999 })).toEqual([]);
    // A key after the limit, delivered before the TICK, is not the answer's.
    d.send({ type: 'KEY', key: 'submit', atMs: padDue + 5001, modality: 'keyboard' });
    const effects = d.send({ type: 'TICK', atMs: padDue + 5003 });
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
    // No feedback in the test: the next list's 'Ready' 500 ms after the time-out.
    expect(effects[1]).toMatchObject({ type: 'SHOW_READY', dueAtMs: padDue + 5500 });
  });

  it('marks an interrupted list, and resumes a run after its saved lists', () => {
    const config = DEFAULT_DIGIT_SPAN_CONFIG;
    const fixture = digitSpanFixtureRun('engine', config);
    const saved = fixture.slice(0, 5).map((t) => ({
      phase: t.phase,
      block: t.block ?? 0,
      trialNumber: t.trialNumber,
      isCorrect: t.isCorrect,
    }));
    const resumed = createDigitSpanEngine({ config, saved, timeOriginMs: 0 });
    expect(resumed.effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'test', block: 0, trialNumber: 3 },
        resumed: true,
        practice: { tries: 2, passed: true },
      },
    ]);
    const all = fixture.map((t) => ({
      phase: t.phase,
      block: t.block ?? 0,
      trialNumber: t.trialNumber,
      isCorrect: t.isCorrect,
    }));
    expect(createDigitSpanEngine({ config, saved: all, timeOriginMs: 0 }).effects).toEqual([
      { type: 'FINISHED' },
    ]);
    const session = runDigitSpanVirtualSession({
      config,
      plan: planDigitSpan('engine', config),
      timeOriginMs: 0,
      startMs: 0,
      introMs: 1000,
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
      'test:0:3',
      'practice:1:0',
      'practice:1:1',
      'practice:1:2',
      'practice:1:3',
      'test:1:0',
      'test:1:1',
    ]);
    const d = drive(config);
    d.send({ type: 'START', atMs: 0 });
    d.send({ type: 'INTERRUPTED', atMs: 5 });
    const { padDue } = present(d, 10);
    d.send({ type: 'ONSET', shown: { kind: 'pad' }, atMs: padDue, method: 'element-timing' });
    d.send({ type: 'KEY', key: 'submit', atMs: padDue + 1, modality: 'keyboard' });
    const record = d.send({ type: 'KEY', key: 'submit', atMs: padDue + 2, modality: 'keyboard' });
    expect(record[0]).toMatchObject({ trial: { timing: { wasInterrupted: true } } });
  });
});
