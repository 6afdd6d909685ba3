import { describe, expect, it } from 'vitest';
import type { SavedTrial } from '../contract';
import { savedTrialWithFields } from '../shared/envelope';
import {
  type Config,
  ConfigSchema,
  DEFAULT_CONFIG,
  HANDOVER_LEAD_MS,
  resolveConfig,
} from './config';
import {
  createEngine,
  type Effect,
  type Event,
  LATE_PRESS_GRACE_MS,
  nextDueMs,
  type State,
  step,
} from './engine';
import { foreperiodAt, type Plan, plan } from './plan';
import { getNextPosition, RUN_ORDER_FIELDS } from './run-order';
import { findTrialProblems, type Trial, TrialSchema } from './trial';
import { runVirtualSession, type VirtualSessionOptions } from './virtual-runtime';

const TIME_ORIGIN = 1_795_000_000_000;

/** Drives the engine by hand and keeps every effect. */
class Driver {
  state: State;
  readonly effects: Effect[] = [];

  constructor(
    readonly plan: Plan,
    readonly config: Config = DEFAULT_CONFIG,
    saved: readonly SavedTrial[] = [],
  ) {
    const step = createEngine({ config, saved, timeOriginMs: TIME_ORIGIN });
    this.state = step.state;
    this.effects.push(...step.effects);
  }

  send(event: Event): Effect[] {
    const outcome = step(this.config, this.plan, this.state, event);
    this.state = outcome.state;
    this.effects.push(...outcome.effects);
    return outcome.effects;
  }

  get records(): Trial[] {
    return this.effects.flatMap((e) => (e.type === 'RECORD_TRIAL' ? [e.trial] : []));
  }

  /** The counter the engine asked for last. */
  get counter() {
    const shown = this.effects.findLast((e) => e.type === 'SHOW_COUNTER');
    if (shown?.type !== 'SHOW_COUNTER') throw new Error('no counter asked for');
    return shown;
  }

  get due(): number {
    const due = nextDueMs(this.config, this.state);
    if (due === null) throw new Error(`nothing due in ${this.state.kind}`);
    return due;
  }

  /** Draws and presents the counter asked for last, `lateMs` after its due time. */
  present(lateMs = 0): number {
    const { draw, dueAtMs } = this.counter;
    const atMs = dueAtMs + lateMs;
    this.send({ type: 'DRAWN', draw, atMs: atMs - 8 });
    this.send({ type: 'ONSET', draw, atMs, method: 'element-timing' });
    return atMs;
  }

  press(atMs: number) {
    return this.send({ type: 'PRESS', atMs, modality: 'keyboard' });
  }

  tick(atMs = this.due) {
    return this.send({ type: 'TICK', atMs });
  }

  /** A whole trial: the counter on time, answered after `rtMs`, its feedback over. */
  answer(rtMs: number): number {
    const onset = this.present();
    this.press(onset + rtMs);
    this.tick();
    return onset;
  }
}

const planned = plan('engine-seed', DEFAULT_CONFIG);
const params = resolveConfig(DEFAULT_CONFIG);
const short = ConfigSchema.parse({ durationS: 30, habituationTrials: 0 });
const shortPlan = plan('engine-seed', short);
const minute = ConfigSchema.parse({ durationS: 60, habituationTrials: 0 });
const minutePlan = plan('engine-seed', minute);
const long = ConfigSchema.parse({ habituationTrials: 0 });
const longPlan = plan('engine-seed', long);

/** A default run played by `behave` on a simulated page (up to `stopAfterTrials` trials). */
const simulate = (behave: VirtualSessionOptions['behave'], stopAfterTrials?: number) =>
  runVirtualSession({
    config: DEFAULT_CONFIG,
    plan: planned,
    timeOriginMs: TIME_ORIGIN,
    startMs: 0,
    introMs: 1000,
    behave,
    stopAfterTrials,
  });

/** Every record is one the server accepts. */
function expectAccepted(records: readonly Trial[], p: Plan, config: Config) {
  for (const record of records) {
    const parsed = TrialSchema.parse(JSON.parse(JSON.stringify(record)));
    expect(findTrialProblems(parsed, p, config), `${record.phase} ${record.trialNumber}`).toEqual(
      [],
    );
  }
}

describe('the PVT engine', () => {
  it('opens on the intro, and shows nothing before START; then the counter after the first draw', () => {
    const driver = new Driver(planned);
    expect(driver.effects).toEqual([
      {
        type: 'SHOW_INTRO',
        position: { phase: 'habituation', block: 0, trialNumber: 0 },
        resumed: false,
        remainingMs: null,
      },
    ]);
    expect(driver.press(10)).toEqual([]);
    expect(driver.send({ type: 'TICK', atMs: 99_999 })).toEqual([]);
    expect(driver.send({ type: 'START', atMs: 1000 })).toEqual([
      {
        type: 'SHOW_COUNTER',
        position: { phase: 'habituation', block: 0, trialNumber: 0 },
        draw: 0,
        dueAtMs: 1000 + (planned.habituation[0] as number),
      },
    ]);
  });

  it('stops the counter at the response, shows the RT for the feedback, and counts the next interval from the response', () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 1000 });
    const onset = driver.present(3.5);
    expect(driver.press(onset + 287.25)).toEqual([{ type: 'FREEZE_COUNTER', rtMs: 287.25 }]);
    // Presses during the feedback are extra responses of this trial.
    driver.press(onset + 600);
    // The next interval is taken up 250 ms before the feedback ends, for its counter's sake.
    expect(driver.due).toBe(onset + 287.25 + params.feedbackMs - HANDOVER_LEAD_MS);
    const feedbackEnd = onset + 287.25 + 1000;
    expect(driver.tick(feedbackEnd - HANDOVER_LEAD_MS + 4)).toEqual([
      { type: 'RECORD_TRIAL', trial: expect.objectContaining({ trialNumber: 0 }) },
      { type: 'CLEAR', dueAtMs: feedbackEnd },
      {
        type: 'SHOW_COUNTER',
        position: { phase: 'habituation', block: 0, trialNumber: 1 },
        draw: 1,
        // The interval runs from the response, the feedback in its first second, however late
        // the TICK; the stage is cleared when the feedback ends.
        dueAtMs: onset + 287.25 + (planned.habituation[1] as number),
      },
    ]);
    // A press in the last 250 ms of the feedback is an extra press, of the next trial's interval.
    driver.press(feedbackEnd - 100);
    expect(driver.state.kind === 'trial' && driver.state.trial.falseStarts).toEqual([]);
    expect(driver.state.kind === 'trial' && driver.state.trial.nExtraResponses).toBe(1);
    const [trial] = driver.records;
    expect(trial).toMatchObject({
      phase: 'habituation',
      trialNumber: 0,
      variant: 'PVT-10',
      type: 'valid',
      response: 'space',
      reactionTime: 287.25,
      isCorrect: true,
      foreperiodMs: planned.habituation[0],
      rsiMs: null,
      lapseThresholdMs: 500,
      planIndex: 0,
      nFalseStarts: 0,
      falseStarts: [],
      elapsedMs: onset - 1000,
      endElapsedMs: onset - 1000 + 287.25,
      resumed: false,
      nExtraResponses: 1,
      inputModality: 'keyboard',
      startTime: new Date(TIME_ORIGIN + 1000).toISOString(),
      endTime: new Date(TIME_ORIGIN + onset + 287.25).toISOString(),
      timing: {
        stimulusOnsetMs: onset,
        responseTimestampMs: onset + 287.25,
        onsetMethod: 'element-timing',
        wasInterrupted: false,
        foreperiodStartMs: 1000,
        trialStartMs: 1000,
        falseStartsMs: [],
      },
    });
    // The next counter's response-to-stimulus interval is its draw (the counter on time).
    const next = driver.answer(300);
    expect(driver.records[1]?.rsiMs).toBe(next - (onset + 287.25));
    expect(driver.records[1]?.rsiMs).toBe(planned.habituation[1]);
    expect(driver.records[1]?.timing.foreperiodStartMs).toBe(onset + 287.25);
    // A press stamped during the feedback, delivered after it, is an extra response.
    const second = driver.records[1] as Trial;
    const secondResponse = second.timing.responseTimestampMs as number;
    driver.tick(secondResponse + 1000);
    driver.press(secondResponse + 900);
    expect(driver.state.kind === 'trial' && driver.state.trial.falseStarts).toEqual([]);
    expect(driver.state.kind === 'trial' && driver.state.trial.nExtraResponses).toBe(1);
    expectAccepted(driver.records, planned, DEFAULT_CONFIG);
  });

  it('restarts a trial after a false start with the next draw, and records the false start', () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 0 });
    // Before the counter was drawn: 'Too soon!' at once, and the counter due is called off.
    expect(driver.press(1200.5)).toEqual([{ type: 'SHOW_TOO_SOON' }]);
    // More presses during 'Too soon!' restart nothing.
    expect(driver.press(1500)).toEqual([]);
    expect(driver.due).toBe(2200.5 - HANDOVER_LEAD_MS);
    expect(driver.tick(2201)).toEqual([
      { type: 'CLEAR', dueAtMs: 2200.5 },
      {
        type: 'SHOW_COUNTER',
        position: { phase: 'habituation', block: 0, trialNumber: 0 },
        draw: 1,
        // The new interval runs from the false start, 'Too soon!' in its first second.
        dueAtMs: 1200.5 + (planned.habituation[1] as number),
      },
    ]);
    // A press after the counter was drawn but before its onset: the onset decides.
    const { draw, dueAtMs } = driver.counter;
    driver.send({ type: 'DRAWN', draw, atMs: dueAtMs - 10 });
    expect(driver.press(dueAtMs - 2)).toEqual([]);
    expect(driver.send({ type: 'ONSET', draw, atMs: dueAtMs, method: 'element-timing' })).toEqual([
      { type: 'SHOW_TOO_SOON' },
    ]);
    driver.tick();
    const onset = driver.answer(250);
    const [trial] = driver.records;
    expect(trial).toMatchObject({
      planIndex: 0,
      nFalseStarts: 2,
      falseStarts: [
        { foreperiodMs: planned.habituation[0], afterMs: 1200.5 },
        { foreperiodMs: planned.habituation[1], afterMs: (planned.habituation[1] as number) - 2 },
      ],
      foreperiodMs: planned.habituation[2],
      // The press during the first 'Too soon!'.
      nExtraResponses: 1,
      // From the last press before the counter: the second false start, its interval's start.
      rsiMs: onset - (dueAtMs - 2),
      timing: {
        trialStartMs: 0,
        foreperiodStartMs: dueAtMs - 2,
        falseStartsMs: [1200.5, dueAtMs - 2],
      },
    });
    expect(driver.records[0]?.rsiMs).toBe(planned.habituation[2]);
    // The next trial takes the draw after the restarts.
    expect(driver.counter).toMatchObject({ draw: 3, position: { trialNumber: 1 } });
    expectAccepted(driver.records, planned, DEFAULT_CONFIG);
  });

  it('takes a press that waited for the onset as the response when it came after it', () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 0 });
    const { draw, dueAtMs } = driver.counter;
    driver.send({ type: 'DRAWN', draw, atMs: dueAtMs - 8 });
    driver.press(dueAtMs + 190);
    expect(driver.send({ type: 'ONSET', draw, atMs: dueAtMs, method: 'animation-frame' })).toEqual([
      { type: 'FREEZE_COUNTER', rtMs: 190 },
    ]);
    // An onset of a counter called off, or reported twice, changes nothing.
    expect(
      driver.send({ type: 'ONSET', draw, atMs: dueAtMs + 5, method: 'element-timing' }),
    ).toEqual([]);
    driver.tick();
    expect(driver.records[0]).toMatchObject({
      reactionTime: 190,
      timing: { onsetMethod: 'animation-frame' },
    });
  });

  it('types responses by the thresholds: under 100 ms a false start, from the lapse threshold a lapse', () => {
    const driver = new Driver(shortPlan, short);
    driver.send({ type: 'START', atMs: 0 });
    for (const rt of [99.75, 100, 499.75, 500, 1200]) driver.answer(rt);
    expect(driver.records.map((t) => [t.reactionTime, t.type, t.isCorrect])).toEqual([
      [99.75, 'false_start', false],
      [100, 'valid', true],
      [499.75, 'valid', true],
      [500, 'lapse', false],
      [1200, 'lapse', false],
    ]);
    expectAccepted(driver.records, shortPlan, short);
  });

  it('times out after the timeout, waits for a press, and starts the next foreperiod at it', () => {
    const driver = new Driver(minutePlan, minute);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.present();
    expect(driver.due).toBe(onset + 30_000 + LATE_PRESS_GRACE_MS);
    // A press stamped before the timeout but delivered after it is still the response.
    const late = new Driver(minutePlan, minute);
    late.send({ type: 'START', atMs: 0 });
    const lateOnset = late.present();
    late.press(lateOnset + 29_999);
    late.tick();
    expect(late.records[0]).toMatchObject({ type: 'lapse', reactionTime: 29_999 });

    expect(driver.tick(onset + 30_000 + LATE_PRESS_GRACE_MS)).toEqual([{ type: 'SHOW_TIMEOUT' }]);
    expect(driver.records).toHaveLength(0);
    const pressAt = onset + 33_000;
    const effects = driver.press(pressAt);
    expect(effects.map((e) => e.type)).toEqual(['RECORD_TRIAL', 'CLEAR', 'SHOW_COUNTER']);
    expect(driver.records[0]).toMatchObject({
      type: 'timeout',
      response: null,
      reactionTime: null,
      isCorrect: false,
      // The trial ends with the press that goes on: the next foreperiod starts then.
      endElapsedMs: pressAt,
      endTime: new Date(TIME_ORIGIN + onset + 30_000).toISOString(),
      timing: { responseTimestampMs: null },
    });
    expect(driver.counter.dueAtMs).toBe(pressAt + (minutePlan.test[1] as number));
    expectAccepted(driver.records, minutePlan, minute);
  });

  it('ends the test after the trial whose response reaches the duration, completing it', () => {
    const driver = new Driver(shortPlan, short);
    driver.send({ type: 'START', atMs: 500 });
    let guard = 0;
    while (driver.state.kind === 'trial' && guard++ < 100) driver.answer(400);
    expect(driver.state.kind).toBe('finished');
    expect(driver.effects.at(-1)).toEqual({ type: 'FINISHED' });
    const { records } = driver;
    const last = records.at(-1) as Trial;
    const durationMs = 30_000;
    // The next interval starts at the response: no new one once the time is up.
    expect(last.endElapsedMs).toBeGreaterThanOrEqual(durationMs);
    for (const trial of records.slice(0, -1)) {
      expect(trial.endElapsedMs).toBeLessThan(durationMs);
    }
    // Each interval is the plan's next draw, from the response before it.
    records.forEach((trial, k) => {
      expect(trial.planIndex).toBe(k);
      expect(trial.foreperiodMs).toBe(foreperiodAt(shortPlan, 'test', k));
      if (k > 0) expect(trial.startElapsedMs).toBe(records[k - 1]?.endElapsedMs);
    });
    expect(
      getNextPosition(
        short,
        records.map((t) => savedTrialWithFields(t, RUN_ORDER_FIELDS)),
      ),
    ).toBeNull();
    expectAccepted(records, shortPlan, short);
  });

  it('completes the trial in progress when the time runs out, false starts and all', () => {
    const driver = new Driver(shortPlan, short);
    driver.send({ type: 'START', atMs: 0 });
    while (driver.state.kind === 'trial') {
      const { dueAtMs } = driver.counter;
      if (
        driver.state.trial.position.trialNumber > 0 &&
        dueAtMs > 29_000 &&
        driver.state.trial.falseStarts.length < 3
      ) {
        // The last trial: false starts past the duration still restart it.
        driver.press(driver.state.trial.attempt.openMs + 100);
        driver.tick();
        continue;
      }
      driver.answer(300);
    }
    const last = driver.records.at(-1) as Trial;
    expect(last.nFalseStarts).toBe(3);
    expect(last.elapsedMs).toBeGreaterThan(30_000);
    expectAccepted(driver.records, shortPlan, short);
  });

  it('runs the habituation trials straight into the test, each phase its own draws and clock', () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 0 });
    for (let k = 0; k < 5; k++) driver.answer(330);
    // No intro: the test's first interval runs from the last habituation response.
    const lastEnd = (driver.records[4] as Trial).timing.responseTimestampMs as number;
    expect(driver.counter).toEqual({
      type: 'SHOW_COUNTER',
      position: { phase: 'test', block: 0, trialNumber: 0 },
      draw: 0,
      dueAtMs: lastEnd + (planned.test[0] as number),
    });
    driver.answer(280);
    const first = driver.records[5] as Trial;
    expect(first).toMatchObject({ phase: 'test', trialNumber: 0, planIndex: 0 });
    // Time on task restarts with the test's first interval; its RSI is from that response.
    expect(first.elapsedMs).toBe(planned.test[0]);
    expect(first.rsiMs).toBe(planned.test[0]);
    // Habituation foreperiods are 2-5 s, the test's 2-10 s.
    for (const fp of planned.habituation) {
      expect(fp).toBeGreaterThanOrEqual(2000);
      expect(fp).toBeLessThanOrEqual(5000);
    }
    expectAccepted(driver.records, planned, DEFAULT_CONFIG);
  });

  it('starts with the test when habituation is off', () => {
    const driver = new Driver(shortPlan, short);
    expect(driver.effects[0]).toMatchObject({
      type: 'SHOW_INTRO',
      position: { phase: 'test', trialNumber: 0 },
      remainingMs: 30_000,
    });
  });

  it('marks the trial in progress when the page loses focus', () => {
    const driver = new Driver(shortPlan, short);
    driver.send({ type: 'START', atMs: 0 });
    driver.send({ type: 'INTERRUPTED', atMs: 10 });
    driver.answer(300);
    driver.answer(300);
    expect(driver.records.map((t) => t.timing.wasInterrupted)).toEqual([true, false]);
  });

  it('marks the next trial too when the page loses focus during a feedback its interval runs through', () => {
    const marks = (config: Config) => {
      const driver = new Driver(plan('engine-seed', config), config);
      driver.send({ type: 'START', atMs: 0 });
      const onset = driver.present();
      driver.press(onset + 300);
      // During the feedback.
      driver.send({ type: 'INTERRUPTED', atMs: onset + 800 });
      driver.tick();
      driver.answer(300);
      driver.answer(300);
      return driver.records.map((t) => t.timing.wasInterrupted);
    };
    expect(marks(short)).toEqual([true, true, false]);
    // Counted from the feedback's end, the feedback is not in the next interval.
    expect(marks(ConfigSchema.parse({ ...short, intervalFrom: 'feedbackEnd' }))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('marks a trial whose counter came more than 100 ms off its due time: its foreperiod ran hidden', () => {
    const driver = new Driver(longPlan, long);
    driver.send({ type: 'START', atMs: 0 });
    driver.present(100);
    driver.press(driver.counter.dueAtMs + 400);
    driver.tick();
    // The page was hidden through the foreperiod: the counter comes at the first frame after.
    driver.present(90_000);
    driver.press(driver.counter.dueAtMs + 90_300);
    driver.tick();
    driver.present(-101);
    driver.press(driver.counter.dueAtMs + 200);
    driver.tick();
    expect(driver.records.map((t) => t.timing.wasInterrupted)).toEqual([false, true, true]);
    expectAccepted(driver.records, longPlan, long);
  });

  it('takes a press made while a counter long due was held back as a false start, and marks its trial', () => {
    const driver = new Driver(longPlan, long);
    driver.send({ type: 'START', atMs: 1000 });
    driver.send({ type: 'INTERRUPTED', atMs: 2000 });
    // Hidden for about 70 s in the foreperiod; Space as the page comes back, before the counter.
    const { draw } = driver.counter;
    driver.send({ type: 'DRAWN', draw, atMs: 71_000 });
    driver.press(71_005);
    driver.send({ type: 'ONSET', draw, atMs: 71_020, method: 'element-timing' });
    driver.tick();
    driver.answer(300);
    driver.answer(300);
    const [first, second] = driver.records;
    expect(first).toMatchObject({
      nFalseStarts: 1,
      falseStarts: [{ afterMs: 70_005 }],
      timing: { wasInterrupted: true },
    });
    // The next trial, on time and with the page shown, is not marked.
    expect(second?.timing.wasInterrupted).toBe(false);
    expectAccepted(driver.records, longPlan, long);
  });

  it('after a timeout starts the next foreperiod at the press: the test goes on while it starts in time', () => {
    const timeouts = ConfigSchema.parse({
      durationS: 30,
      habituationTrials: 0,
      maxRtMs: 1000,
      foreperiodMinMs: 2000,
      foreperiodMaxMs: 2000,
    });
    const p = plan('engine-seed', timeouts);
    const driver = new Driver(p, timeouts);
    driver.send({ type: 'START', atMs: 0 });
    while (driver.counter.dueAtMs <= 26_000) driver.answer(300);
    driver.present();
    driver.tick();
    // The press after the timeout at 29.5 s: a foreperiod starting then starts before 30 s.
    const effects = driver.press(29_500);
    expect(effects.map((e) => e.type)).toEqual(['RECORD_TRIAL', 'CLEAR', 'SHOW_COUNTER']);
    const timedOut = driver.records.at(-1) as Trial;
    expect(timedOut).toMatchObject({ type: 'timeout', endElapsedMs: 29_500 });
    driver.answer(300);
    const last = driver.records.at(-1) as Trial;
    expect(last.startElapsedMs).toBe(29_500);
    expect(driver.state.kind).toBe('finished');
    expectAccepted(driver.records, p, timeouts);
    // A resume after the timeout carries its end over, without a feedback.
    const resumed = new Driver(p, timeouts, [savedTrialWithFields(timedOut, RUN_ORDER_FIELDS)]);
    expect(resumed.effects[0]).toMatchObject({ type: 'SHOW_INTRO', remainingMs: 500 });
  });

  it('resumes after a reload for the time left, with the next draw, the first trial flagged', () => {
    const full = simulate(
      ({ position, attempt }) =>
        position.trialNumber === 3 && attempt === 0
          ? { falseStartAfterMs: 700, rtMs: null }
          : { rtMs: 260 },
      12,
    );
    const saved = full.trials.map((t) => savedTrialWithFields(t, RUN_ORDER_FIELDS));
    const last = full.trials.at(-1) as Trial;
    expect(last).toMatchObject({ phase: 'test', trialNumber: 6 });
    const resumed = new Driver(planned, DEFAULT_CONFIG, saved);
    // Where the next interval would have started: the last response.
    const carried = last.endElapsedMs;
    expect(resumed.effects).toEqual([
      {
        type: 'SHOW_INTRO',
        position: { phase: 'test', block: 0, trialNumber: 7 },
        resumed: true,
        remainingMs: 600_000 - carried,
      },
    ]);
    // A new page: its own time line.
    resumed.send({ type: 'START', atMs: 50 });
    const onset = resumed.answer(240);
    const trial = resumed.records[0] as Trial;
    expect(trial).toMatchObject({
      phase: 'test',
      trialNumber: 7,
      resumed: true,
      rsiMs: null,
      planIndex: last.planIndex + last.nFalseStarts + 1,
      startElapsedMs: carried,
      elapsedMs: carried + onset - 50,
    });
    resumed.answer(250);
    expect(resumed.records[1]?.resumed).toBe(false);
    expectAccepted(resumed.records, planned, DEFAULT_CONFIG);
  });

  it('gives every foreperiod a new draw in the plan order over a simulated run', () => {
    const session = simulate(({ position, attempt }) =>
      position.trialNumber % 4 === 1 && attempt < 2
        ? { falseStartAfterMs: 300 * (attempt + 1), rtMs: null }
        : { rtMs: 240 + (position.trialNumber % 7) * 60, onsetLateMs: 2 },
    );
    const byPhase = (phase: string) => session.trials.filter((t) => t.phase === phase);
    for (const phase of ['habituation', 'test']) {
      let next = 0;
      for (const trial of byPhase(phase)) {
        expect(trial.planIndex).toBe(next);
        next += trial.nFalseStarts + 1;
      }
    }
    expect(byPhase('habituation')).toHaveLength(5);
    expect(byPhase('test').length).toBeGreaterThan(50);
    expect(session.state.kind).toBe('finished');
    expectAccepted(session.trials, planned, DEFAULT_CONFIG);
  });
});

describe("the PVT engine, intervals counted from the feedback's end (intervalFrom: 'feedbackEnd')", () => {
  const legacy = ConfigSchema.parse({ intervalFrom: 'feedbackEnd' });
  const legacyPlan = plan('engine-seed', legacy);

  it('starts each interval when the feedback or "Too soon!" ends: the RSI is the feedback plus the draw', () => {
    const driver = new Driver(legacyPlan, legacy);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.answer(300);
    const feedbackEnd = onset + 300 + 1000;
    expect(driver.counter.dueAtMs).toBe(feedbackEnd + (legacyPlan.habituation[1] as number));
    const next = driver.answer(250);
    expect(driver.records[1]).toMatchObject({
      rsiMs: next - (onset + 300),
      timing: { trialStartMs: feedbackEnd, foreperiodStartMs: feedbackEnd },
    });
    expect(driver.records[1]?.rsiMs).toBe(1000 + (legacyPlan.habituation[1] as number));
    // A false start: the new interval starts when 'Too soon!' ends.
    const falseStartMs = driver.state.kind === 'trial' ? driver.state.trial.attempt.openMs + 50 : 0;
    driver.press(falseStartMs);
    driver.tick();
    expect(driver.counter.dueAtMs).toBe(
      falseStartMs + 1000 + (legacyPlan.habituation[3] as number),
    );
    driver.answer(260);
    expect(driver.records[2]).toMatchObject({
      nFalseStarts: 1,
      timing: { foreperiodStartMs: falseStartMs + 1000 },
    });
    expectAccepted(driver.records, legacyPlan, legacy);
  });

  it('resumes where the next interval would have started: the last end plus the feedback', () => {
    const session = runVirtualSession({
      config: legacy,
      plan: legacyPlan,
      timeOriginMs: TIME_ORIGIN,
      startMs: 0,
      introMs: 1000,
      behave: () => ({ rtMs: 270 }),
      stopAfterTrials: 8,
    });
    expectAccepted(session.trials, legacyPlan, legacy);
    const last = session.trials.at(-1) as Trial;
    const saved = session.trials.map((t) => savedTrialWithFields(t, RUN_ORDER_FIELDS));
    const resumed = new Driver(legacyPlan, legacy, saved);
    expect(resumed.effects[0]).toMatchObject({
      type: 'SHOW_INTRO',
      remainingMs: 600_000 - (last.endElapsedMs + 1000),
    });
    session.trials.slice(1).forEach((trial, k) => {
      const before = session.trials[k] as Trial;
      if (trial.phase === before.phase) {
        expect(trial.startElapsedMs).toBeCloseTo(before.endElapsedMs + 1000, 6);
      }
    });
  });
});
