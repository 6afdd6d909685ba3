import { describe, expect, it } from 'vitest';
import type { SavedTrial } from '../contract';
import { createRng } from '../shared/random';
import { SOA_ONSET_RESYNC_MS } from '../shared/soa-engine';
import { SoaEngineDriver } from '../shared/testing/soa-engine-driver';
import { type Config, DEFAULT_CONFIG } from './config';
import { createEngine, type Effect, nextDueMs, type State, step } from './engine';
import { NOGO_CODE, type Plan, plan } from './plan';
import { findTrialProblems, type Trial, TrialSchema } from './trial';
import { runVirtualSession } from './virtual-runtime';

const config = DEFAULT_CONFIG;
const SOA = config.soaMs;
const WINDOW = config.responseWindowMs;
const TIME_ORIGIN = 1_795_000_000_000;

/** Practice round 0 saved, all correct: an engine created with it starts at the test. */
const PRACTICE_PASSED: SavedTrial[] = Array.from({ length: config.practiceTrials }, (_, i) => ({
  phase: 'practice',
  block: 0,
  trialNumber: i,
  isCorrect: true,
}));

/** Drives the Go/No-Go engine by hand and keeps every effect. */
class Driver extends SoaEngineDriver<State, Effect, Trial> {
  constructor(
    readonly plan: Plan,
    readonly cfg: Config = config,
    saved: readonly SavedTrial[] = [],
  ) {
    super({
      start: () => createEngine({ config: cfg, saved, timeOriginMs: TIME_ORIGIN }),
      step: (state, event) => step(cfg, plan, state, event),
      nextDueMs: (state) => nextDueMs(cfg, state),
    });
  }
}

describe('the Go/No-Go engine', () => {
  const planned = plan('engine-seed', config);

  it('opens on the intro of practice round 0, and shows nothing before START', () => {
    const driver = new Driver(planned);
    expect(driver.effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'practice', block: 0, trialNumber: 0 },
        resumed: false,
      },
    ]);
    expect(driver.press(10)).toEqual([]);
    expect(driver.send({ type: 'TICK', atMs: 99_999 })).toEqual([]);
    expect(driver.send({ type: 'START', atMs: 1000 })).toEqual([
      {
        type: 'SHOW_STIMULUS',
        trial: {
          phase: 'practice',
          block: 0,
          trialNumber: 0,
          stimulusType: 'go',
          stimulusId: 'solid',
        },
        dueAtMs: 1000,
      },
    ]);
  });

  it('does not drift: onset k is due at onset 0 + k x SOA whatever the responses and late onsets', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    const rng = createRng('drift');
    driver.send({ type: 'START', atMs: 5000 });
    // The first presented onset anchors the time line; it is 12.5 ms late.
    const onset0 = driver.onset(12.5);
    for (let k = 0; k < config.testTrials; k++) {
      if (k > 0) {
        // Every later stimulus is presented up to 90 ms late, its ONSET reported after presses.
        const late = rng() * (SOA_ONSET_RESYNC_MS - 10);
        if (driver.state.kind !== 'trial') throw new Error('no trial');
        const atMs = driver.state.trial.dueAtMs + late;
        if (rng() < 0.5) driver.press(atMs + 150 + rng() * 400);
        driver.send({ type: 'ONSET', atMs, method: 'animation-frame' });
      }
      // TICKs arrive late too (a busy main thread), by up to 40 ms.
      driver.tick(driver.due + rng() * 40);
    }
    const dues = driver.shown.map((e) => e.dueAtMs);
    expect(dues).toHaveLength(config.testTrials);
    expect(dues[0]).toBe(5000);
    for (let k = 1; k < dues.length; k++) expect(dues[k]).toBe(onset0 + k * SOA);
    expect(driver.effects.at(-1)).toEqual({ type: 'FINISHED' });
    expect(driver.records).toHaveLength(config.testTrials);
  });

  it('never ends a trial on a response: the trial lasts its SOA and the next onset keeps its time', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.onset();
    expect(driver.press(onset + 200)).toEqual([]);
    expect(driver.tick(onset + SOA - 0.01)).toEqual([]);
    const effects = driver.tick(onset + SOA);
    expect(effects.map((e) => e.type)).toEqual(['RECORD_TRIAL', 'SHOW_STIMULUS']);
    expect(effects[1]).toMatchObject({ dueAtMs: onset + SOA });
  });

  it('scores the first press in the window and counts the later ones as extra responses', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.onset(3);
    // Delivered out of order: presses are placed by their timestamps.
    driver.press(onset + 900.5);
    driver.press(onset + 300.25);
    driver.press(onset + 350);
    driver.tick();
    const [trial] = driver.records;
    expect(trial).toMatchObject({
      stimulusType: 'go',
      response: 'space',
      reactionTime: 300.25,
      responded: true,
      responseType: 'hit',
      isCorrect: true,
      nExtraResponses: 2,
      lateResponse: false,
      timing: { stimulusOnsetMs: onset, responseTimestampMs: onset + 300.25 },
    });
  });

  it('counts a press that arrives before its ONSET report, by its timestamp', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 100 });
    // Element Timing reports the onset after the press was handled.
    driver.press(100 + 420);
    driver.onset(0);
    driver.tick();
    expect(driver.records[0]).toMatchObject({ reactionTime: 420, responded: true });
  });

  it('logs a press after the window on the current trial as late, never on the next', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.onset();
    driver.press(onset + WINDOW + 20); // after the window, before the next onset
    driver.tick();
    // The next trial: a late press of trial 0 delivered only now is dropped, not given to it.
    driver.onset();
    driver.press(onset + WINDOW + 30);
    driver.tick();
    const [first, second] = driver.records;
    expect(first).toMatchObject({
      trialNumber: 0,
      responded: false,
      response: null,
      reactionTime: null,
      responseType: 'omission',
      lateResponse: true,
      nExtraResponses: 0,
    });
    expect(second).toMatchObject({ trialNumber: 1, responded: false, lateResponse: false });
  });

  it('gives a press delivered early, but timed after the trial, to the next trial', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.onset();
    // A press at the next trial's onset + 250 ms, delivered before the TICK that ends trial 0.
    driver.press(onset + SOA + 250);
    driver.tick();
    driver.onset();
    driver.tick();
    expect(driver.records[0]).toMatchObject({ responded: false, lateResponse: false });
    expect(driver.records[1]).toMatchObject({ responded: true, reactionTime: 250 });
  });

  it('cuts the response window at 1450 ms: a press at 1449.99 ms responds, at 1450 ms is late', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.onset();
    driver.press(onset + WINDOW - 0.01);
    driver.tick();
    const next = driver.onset();
    driver.press(next + WINDOW);
    driver.tick();
    expect(driver.records[0]).toMatchObject({ responded: true, lateResponse: false });
    expect(driver.records[1]).toMatchObject({ responded: false, lateResponse: true });
  });

  it('starts a new time line when an onset comes more than the resync limit late (a stall)', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 0 });
    const onset0 = driver.onset();
    driver.tick();
    driver.onset(SOA_ONSET_RESYNC_MS); // late, but within the limit: the time line holds
    driver.tick();
    expect(driver.shown[2]?.dueAtMs).toBe(onset0 + 2 * SOA);
    const stalled = driver.onset(SOA_ONSET_RESYNC_MS + 200);
    driver.tick();
    expect(driver.shown[3]?.dueAtMs).toBe(stalled + SOA);
    expect(driver.records[2]?.startTime).toBe(new Date(TIME_ORIGIN + stalled).toISOString());
  });

  it('marks an interrupted trial, records the offset, and gives the wall-clock times of onset and window end', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 2000 });
    const onset = driver.onset(1.5);
    const hide = driver.effects.at(-1);
    expect(hide).toEqual({ type: 'HIDE_STIMULUS', dueAtMs: onset + config.stimulusMs });
    driver.send({ type: 'OFFSET', atMs: onset + 501 });
    driver.send({ type: 'INTERRUPTED', atMs: onset + 700 });
    driver.tick();
    expect(driver.records[0]).toMatchObject({
      startTime: new Date(TIME_ORIGIN + onset).toISOString(),
      endTime: new Date(TIME_ORIGIN + onset + WINDOW).toISOString(),
      inputModality: 'keyboard',
      timing: {
        stimulusOffsetMs: onset + 501,
        wasInterrupted: true,
        onsetMethod: 'element-timing',
      },
    });
  });

  it('answers a tap as a touch response', () => {
    const driver = new Driver(planned, config, PRACTICE_PASSED);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.onset();
    driver.press(onset + 333, 'touch');
    driver.tick();
    driver.onset();
    driver.tick();
    expect(driver.records[0]).toMatchObject({ response: 'tap', inputModality: 'touch' });
    // An unanswered trial keeps the modality of the latest press.
    expect(driver.records[1]).toMatchObject({ response: null, inputModality: 'touch' });
  });

  it('shows practice feedback after each practice trial and schedules the next onset after it', () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 1000 });
    const onset0 = driver.onset();
    driver.press(onset0 + 400);
    const end = driver.tick();
    expect(end.map((e) => e.type)).toEqual(['RECORD_TRIAL', 'SHOW_FEEDBACK']);
    expect(end[1]).toEqual({
      type: 'SHOW_FEEDBACK',
      kind: 'correct',
      durationMs: config.feedbackMs,
      untilMs: onset0 + SOA + config.feedbackMs,
    });
    expect(driver.tick(onset0 + SOA + config.feedbackMs - 1)).toEqual([]);
    const next = driver.tick();
    expect(next).toEqual([
      expect.objectContaining({
        type: 'SHOW_STIMULUS',
        dueAtMs: onset0 + SOA + config.feedbackMs,
      }),
    ]);
  });

  it("gives 'correct', 'incorrect' and 'too-slow' feedback for each outcome", () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 0 });
    const kinds: string[] = [];
    const types: string[] = [];
    for (let i = 0; i < config.practiceTrials; i++) {
      if (driver.state.kind !== 'trial') throw new Error('no trial');
      const { stimulusType } = driver.state.trial.planned;
      const onset = driver.onset();
      // Press on every other trial: go and no-go trials both get answered and unanswered.
      if (i % 2 === 0) driver.press(onset + 380);
      for (const e of driver.tick()) if (e.type === 'SHOW_FEEDBACK') kinds.push(e.kind);
      types.push(`${stimulusType}:${i % 2 === 0}`);
      driver.tick();
    }
    const expected = types.map((t) =>
      t === 'go:true' || t === 'nogo:false'
        ? 'correct'
        : t === 'nogo:true'
          ? 'incorrect'
          : 'too-slow',
    );
    expect(kinds).toEqual(expected);
    expect(new Set(kinds)).toEqual(new Set(['correct', 'incorrect', 'too-slow']));
  });

  /** Plays one practice round, answering correctly except on `wrong` trials. */
  function playRound(driver: Driver, wrong: (trialNumber: number) => boolean) {
    for (let i = 0; i < driver.cfg.practiceTrials; i++) {
      if (driver.state.kind !== 'trial') throw new Error(`no trial in ${driver.state.kind}`);
      const go = driver.state.trial.planned.stimulusType === 'go';
      const onset = driver.onset();
      if (go !== wrong(i)) driver.press(onset + 400);
      driver.tick();
      driver.tick();
    }
  }

  it('repeats a practice round below the criterion, then goes on to the test once it is met', () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 0 });
    playRound(driver, (i) => i < 3); // 7 of 10 correct: below 80 %
    expect(driver.effects.slice(-2)).toEqual([
      {
        type: 'SHOW_PRACTICE_RESULT',
        round: 0,
        correct: 7,
        total: 10,
        criterionMet: false,
        next: { phase: 'practice', block: 1, trialNumber: 0 },
      },
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'practice', block: 1, trialNumber: 0 },
        resumed: false,
      },
    ]);
    expect(driver.state.kind).toBe('waiting');
    driver.send({ type: 'START', atMs: 60_000 });
    // Round 1 shows its own planned order.
    expect(driver.shown.at(-1)?.trial).toMatchObject({ phase: 'practice', block: 1 });
    playRound(driver, (i) => i === 4); // 9 of 10
    expect(driver.effects.at(-2)).toMatchObject({
      type: 'SHOW_PRACTICE_RESULT',
      round: 1,
      correct: 9,
      criterionMet: true,
      next: { phase: 'test', block: 0, trialNumber: 0 },
    });
    const rounds = driver.records.map((t) => t.block);
    expect(rounds.filter((b) => b === 0)).toHaveLength(10);
    expect(rounds.filter((b) => b === 1)).toHaveLength(10);
    const types = [...(planned.practice[1] ?? [])].map((c) => (c === NOGO_CODE ? 'nogo' : 'go'));
    expect(driver.records.slice(10).map((t) => t.stimulusType)).toEqual(types);
  });

  it('goes on to the test after the last round allowed even below the criterion', () => {
    const cfg = { ...config, practiceMaxRounds: 2 };
    const driver = new Driver(plan('engine-seed', cfg), cfg);
    for (const round of [0, 1]) {
      driver.send({ type: 'START', atMs: round * 100_000 });
      playRound(driver, () => true); // nothing correct
    }
    expect(driver.effects.at(-2)).toMatchObject({
      type: 'SHOW_PRACTICE_RESULT',
      round: 1,
      correct: 0,
      criterionMet: false,
      next: { phase: 'test', block: 0, trialNumber: 0 },
    });
  });

  it('resumes mid-round, counting the round’s saved correct trials toward the criterion', () => {
    // Trials 0-4 of round 0 saved, 4 correct; the rest answered correctly gives 9 of 10.
    const saved: SavedTrial[] = [0, 1, 2, 3, 4].map((i) => ({
      phase: 'practice',
      block: 0,
      trialNumber: i,
      isCorrect: i !== 2,
    }));
    const driver = new Driver(planned, config, saved);
    expect(driver.effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'practice', block: 0, trialNumber: 5 },
        resumed: true,
      },
    ]);
    driver.send({ type: 'START', atMs: 777 });
    expect(driver.shown[0]).toMatchObject({ trial: { trialNumber: 5 }, dueAtMs: 777 });
    for (let i = 5; i < 10; i++) {
      if (driver.state.kind !== 'trial') throw new Error('no trial');
      const go = driver.state.trial.planned.stimulusType === 'go';
      const onset = driver.onset();
      if (go) driver.press(onset + 400);
      driver.tick();
      driver.tick();
    }
    expect(driver.effects.at(-2)).toMatchObject({
      type: 'SHOW_PRACTICE_RESULT',
      correct: 9,
      criterionMet: true,
    });
  });

  it('resumes in the middle of the test on a new time line anchored at its first onset', () => {
    const saved: SavedTrial[] = [
      ...PRACTICE_PASSED,
      ...Array.from({ length: 100 }, (_, i) => ({
        phase: 'test',
        block: 0,
        trialNumber: i,
        isCorrect: true,
      })),
    ];
    const driver = new Driver(planned, config, saved);
    driver.send({ type: 'START', atMs: 50 });
    const onset = driver.onset(7);
    for (let k = 100; k < config.testTrials; k++) {
      if (k > 100) driver.onset(5);
      driver.tick();
    }
    expect(driver.records.map((t) => t.trialNumber)).toEqual(
      Array.from({ length: 60 }, (_, i) => 100 + i),
    );
    expect(driver.shown.slice(1).map((e) => e.dueAtMs)).toEqual(
      Array.from({ length: 59 }, (_, i) => onset + (i + 1) * SOA),
    );
    expect(driver.effects.at(-1)).toEqual({ type: 'FINISHED' });
  });

  it('finishes at once when every trial is saved', () => {
    const saved: SavedTrial[] = [
      ...PRACTICE_PASSED,
      ...Array.from({ length: config.testTrials }, (_, i) => ({
        phase: 'test',
        block: 0,
        trialNumber: i,
        isCorrect: false,
      })),
    ];
    const step = createEngine({ config, saved, timeOriginMs: 0 });
    expect(step).toMatchObject({ state: { kind: 'finished' }, effects: [{ type: 'FINISHED' }] });
  });

  it('records trials that the schema and the server check accept, whatever the participant does', () => {
    const rng = createRng('random-behaviour');
    for (let run = 0; run < 20; run++) {
      const cfg: Config = {
        ...config,
        testTrials: 40,
        feedbackMs: run % 3 === 0 ? 0 : 600,
        stimulusSet: run % 2 === 0 ? 'letters-PR' : 'fill-outline',
      };
      const runPlan = plan(`random-${run}`, cfg);
      const session = runVirtualSession({
        config: cfg,
        plan: runPlan,
        timeOriginMs: TIME_ORIGIN,
        startMs: 0,
        introMs: 1000,
        inputModality: run % 4 === 1 ? 'touch' : 'keyboard',
        behave: () => ({
          // Up to four presses anywhere from before the onset to after the trial.
          pressesAfterOnsetMs: Array.from(
            { length: Math.floor(rng() * 5) },
            () => -200 + rng() * (SOA + 400),
          ),
          onsetLateMs: rng() < 0.05 ? 300 : rng() * 20,
          interrupted: rng() < 0.05,
        }),
      });
      expect(session.state.kind).toBe('finished');
      for (const trial of session.trials) {
        const parsed = TrialSchema.parse(JSON.parse(JSON.stringify(trial)));
        expect(findTrialProblems(parsed, runPlan, cfg)).toEqual([]);
      }
    }
  });
});
