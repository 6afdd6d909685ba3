import { describe, expect, it } from 'vitest';
import type { SavedTrial } from '../contract';
import { createRng } from '../shared/random';
import { SOA_ONSET_RESYNC_MS, SOA_RESPONSE_SLACK_MS } from '../shared/soa-engine';
import { SoaEngineDriver } from '../shared/testing/soa-engine-driver';
import { type Config, DEFAULT_CONFIG, getSoaMs } from './config';
import {
  createEngine,
  type Display,
  displayOn,
  type Effect,
  nextDueMs,
  type State,
  step,
} from './engine';
import { type Plan, plan } from './plan';
import { findTrialProblems, type Trial, TrialSchema } from './trial';
import { runVirtualSession } from './virtual-runtime';

const config = DEFAULT_CONFIG;
const SOA = getSoaMs(config);
const PRACTICE_PERIOD = SOA + config.feedbackMs;
const TIME_ORIGIN = 1_795_000_000_000;

/** The practice block saved: an engine created with it starts at the test. */
const PRACTICE_DONE: SavedTrial[] = Array.from({ length: config.practiceTrials }, (_, i) => ({
  phase: 'practice',
  block: 0,
  trialNumber: i,
  isCorrect: true,
}));

/** Drives the SART engine by hand and keeps every effect. */
class Driver extends SoaEngineDriver<State, Effect, Trial> {
  constructor(
    readonly plan: Plan,
    readonly cfg: Config = config,
    saved: readonly SavedTrial[] = [],
    display?: Display,
  ) {
    super({
      start: () => createEngine({ config: cfg, saved, timeOriginMs: TIME_ORIGIN }),
      step: (state, event) => step(cfg, plan, state, event, display),
      nextDueMs: (state) => nextDueMs(cfg, state),
    });
  }
}

describe('the SART engine', () => {
  const planned = plan('engine-seed', config);

  it('opens on the practice intro, or on the test when practice is off', () => {
    expect(new Driver(planned).effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'practice', block: 0, trialNumber: 0 },
        resumed: false,
      },
    ]);
    const off = { ...config, practiceEnabled: false };
    expect(new Driver(plan('engine-seed', off), off).effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'test', block: 0, trialNumber: 0 },
        resumed: false,
      },
    ]);
  });

  it('shows each digit for 250 ms, then the mask until the next digit 1150 ms after it, with no drift', () => {
    const driver = new Driver(planned, config, PRACTICE_DONE);
    const rng = createRng('drift');
    driver.send({ type: 'START', atMs: 5000 });
    const onset0 = driver.onset(4.25);
    expect(driver.effects.at(-1)).toEqual({ type: 'HIDE_STIMULUS', dueAtMs: onset0 + 250 });
    const count = 225;
    for (let k = 0; k < count; k++) {
      if (k > 0) {
        // Every later digit comes up to 90 ms late, some presses reported before its ONSET.
        if (driver.state.kind !== 'trial') throw new Error('no trial');
        const atMs = driver.state.trial.dueAtMs + rng() * (SOA_ONSET_RESYNC_MS - 10);
        if (rng() < 0.8) driver.press(atMs + 150 + rng() * 900);
        driver.send({ type: 'ONSET', atMs, method: 'element-timing' });
        expect(driver.effects.at(-1)).toEqual({ type: 'HIDE_STIMULUS', dueAtMs: atMs + 250 });
      }
      // TICKs arrive late too, by up to 40 ms.
      driver.tick(driver.due + rng() * 40);
    }
    const dues = driver.shown.map((e) => e.dueAtMs);
    expect(dues).toHaveLength(count);
    for (let k = 1; k < count; k++) expect(dues[k]).toBe(onset0 + k * SOA);
    expect(driver.records).toHaveLength(count);
    expect(driver.effects.at(-1)).toEqual({ type: 'FINISHED' });
  });

  it('counts a press during the digit and one during the mask, and never ends the trial on a press', () => {
    const driver = new Driver(planned, config, PRACTICE_DONE);
    driver.send({ type: 'START', atMs: 0 });
    const onset0 = driver.onset();
    expect(driver.press(onset0 + 120.5)).toEqual([]); // during the digit
    driver.tick();
    const onset1 = driver.onset();
    driver.press(onset1 + 700.25); // during the mask
    driver.tick();
    driver.onset();
    const [first, second] = driver.records;
    expect(first).toMatchObject({ trialNumber: 0, reactionTime: 120.5, latencyType: 2 });
    expect(second).toMatchObject({ trialNumber: 1, reactionTime: 700.25, latencyType: 3 });
    expect(driver.shown[1]?.dueAtMs).toBe(onset0 + SOA);
  });

  it('scores the first press and counts the rest as extra responses', () => {
    const driver = new Driver(planned, config, PRACTICE_DONE);
    driver.send({ type: 'START', atMs: 0 });
    const onset = driver.onset(2);
    // Delivered out of order: presses are placed by their timestamps.
    driver.press(onset + 900.5);
    driver.press(onset + 310.25);
    driver.press(onset + 600);
    driver.tick();
    driver.onset();
    expect(driver.records[0]).toMatchObject({
      response: 'space',
      reactionTime: 310.25,
      responded: true,
      nExtraResponses: 2,
      timing: { stimulusOnsetMs: onset, responseTimestampMs: onset + 310.25 },
    });
  });

  it('keeps a window open until the next digit is on screen: a press just before it is the old digit’s, at it the new one’s', () => {
    const driver = new Driver(planned, config, PRACTICE_DONE);
    driver.send({ type: 'START', atMs: 0 });
    const onset0 = driver.onset();
    driver.tick();
    // The next digit comes 30 ms late: a press 10 ms after its due time is still digit 0's.
    driver.press(onset0 + SOA + 10);
    const onset1 = driver.onset(30);
    driver.press(onset1); // the new digit's, at RT 0
    driver.tick();
    driver.onset();
    const [first, second] = driver.records;
    expect(first).toMatchObject({
      reactionTime: SOA + 10,
      endTime: new Date(TIME_ORIGIN + onset1).toISOString(),
    });
    expect(second).toMatchObject({ reactionTime: 0, latencyType: 1 });
  });

  it('marks the digit whose mask is on screen when the page loses focus after its due end, before the next digit is presented', () => {
    const driver = new Driver(planned, config, PRACTICE_DONE);
    driver.send({ type: 'START', atMs: 0 });
    const onset0 = driver.onset();
    driver.tick();
    // Digit 0's SOA is over, digit 1 not yet on screen (it comes 30 ms late): digit 0's window
    // is open, so focus lost now falls in it; digit 1, shown next, is marked as well.
    driver.send({ type: 'INTERRUPTED', atMs: onset0 + SOA + 10 });
    const onset1 = driver.onset(30);
    driver.tick();
    // Focus lost during digit 2 marks it alone: digit 1's window closed at digit 2's onset.
    const onset2 = driver.onset();
    driver.send({ type: 'INTERRUPTED', atMs: onset2 + 400 });
    driver.tick();
    driver.onset();
    driver.tick();
    driver.onset();
    expect(driver.records.map((t) => t.timing.wasInterrupted)).toEqual([true, true, true, false]);
    expect(driver.records[1]?.timing.stimulusOnsetMs).toBe(onset1);
  });

  it('records each outcome with its response type, correctness and latency type', () => {
    const driver = new Driver(planned, config, PRACTICE_DONE);
    driver.send({ type: 'START', atMs: 0 });
    const outcomes = new Set<string>();
    for (let k = 0; k < 60; k++) {
      if (driver.state.kind !== 'trial') throw new Error('no trial');
      const onset = driver.onset();
      // Press on two of three trials, at growing RTs.
      if (k % 3 !== 0) driver.press(onset + 50 + 20 * k);
      driver.tick();
    }
    driver.onset();
    for (const t of driver.records) {
      outcomes.add(t.responseType);
      const expected = t.isNogo
        ? t.responded
          ? 'commission'
          : 'nogo_success'
        : t.responded
          ? 'go_success'
          : 'omission';
      expect(t.responseType).toBe(expected);
      expect(t.isCorrect).toBe(expected === 'go_success' || expected === 'nogo_success');
      expect(t.isNogo).toBe(t.digit === 3);
    }
    expect(outcomes).toEqual(new Set(['go_success', 'omission', 'nogo_success', 'commission']));
  });

  it('records the font size the display drew the digit in', () => {
    const display: Display = {
      drawnAs: (trial) => ({ fontSizePx: 100 + trial.fontSizeIndex, devicePixelRatio: 3 }),
    };
    const driver = new Driver(planned, config, PRACTICE_DONE, display);
    driver.send({ type: 'START', atMs: 0 });
    driver.onset();
    driver.tick();
    driver.onset();
    const [trial] = driver.records;
    expect(trial?.fontSizePx).toBe(100 + (trial?.fontSizeIndex ?? 0));
    expect(trial?.devicePixelRatio).toBe(3);
    // By default: the nominal 1280 x 800 viewport, sizes 10-21 % of 800 px.
    const nominal = displayOn(config);
    expect(
      [0, 1, 2, 3, 4].map(
        (fontSizeIndex) =>
          nominal.drawnAs({
            phase: 'test',
            block: 0,
            trialNumber: 0,
            digit: 1,
            isNogo: false,
            fontSizeIndex,
          }).fontSizePx,
      ),
    ).toEqual([80, 104, 128, 152, 168]);
  });

  it('shows practice feedback after errors only, and keeps the practice pace of SOA + 900 ms', () => {
    const driver = new Driver(planned);
    driver.send({ type: 'START', atMs: 1000 });
    const kinds: string[] = [];
    const expected: string[] = [];
    for (let i = 0; i < config.practiceTrials; i++) {
      if (driver.state.kind !== 'trial') throw new Error('no trial');
      const { isNogo } = driver.state.trial.planned;
      const onset = driver.onset();
      const press = i % 2 === 0;
      if (press) driver.press(onset + 380);
      const end = driver.tick();
      expect(end.map((e) => e.type)).toEqual(['RECORD_TRIAL', 'SHOW_FEEDBACK']);
      for (const e of end) {
        if (e.type !== 'SHOW_FEEDBACK') continue;
        kinds.push(e.kind);
        expect(e).toMatchObject({ durationMs: 900, untilMs: onset + SOA + 900 });
      }
      expected.push(press === isNogo ? (isNogo ? 'commission' : 'omission') : 'none');
      driver.tick();
    }
    expect(kinds).toEqual(expected);
    expect(new Set(kinds)).toEqual(new Set(['none', 'commission', 'omission']));
    const dues = driver.shown.map((e) => e.dueAtMs);
    for (let k = 1; k < config.practiceTrials; k++) {
      expect(dues[k]).toBe((dues[0] as number) + k * PRACTICE_PERIOD);
    }
    // After practice: its result and the test's intro, whatever the accuracy.
    expect(driver.effects.slice(-2)).toEqual([
      {
        type: 'SHOW_PRACTICE_RESULT',
        correct: expected.filter((k) => k === 'none').length,
        total: 18,
      },
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'test', block: 0, trialNumber: 0 },
        resumed: false,
      },
    ]);
  });

  it('starts a new time line when a digit comes more than the resync limit late (a stall)', () => {
    const driver = new Driver(planned, config, PRACTICE_DONE);
    driver.send({ type: 'START', atMs: 0 });
    const onset0 = driver.onset();
    driver.tick();
    driver.onset(SOA_ONSET_RESYNC_MS);
    driver.tick();
    expect(driver.shown[2]?.dueAtMs).toBe(onset0 + 2 * SOA);
    const stalled = driver.onset(SOA_ONSET_RESYNC_MS + 300);
    driver.tick();
    expect(driver.shown[3]?.dueAtMs).toBe(stalled + SOA);
    // The window of the digit before closed at its cap, SOA + 100 ms after its onset.
    expect(driver.records[1]?.endTime).toBe(
      new Date(
        TIME_ORIGIN + onset0 + SOA + SOA_ONSET_RESYNC_MS + SOA + SOA_RESPONSE_SLACK_MS,
      ).toISOString(),
    );
  });

  it('resumes in the middle of the test, and finishes at once when every trial is saved', () => {
    const saved: SavedTrial[] = [
      ...PRACTICE_DONE,
      ...Array.from({ length: 100 }, (_, i) => ({
        phase: 'test',
        block: 0,
        trialNumber: i,
        isCorrect: true,
      })),
    ];
    const driver = new Driver(planned, config, saved);
    expect(driver.effects).toEqual([
      {
        type: 'SHOW_BLOCK_INTRO',
        position: { phase: 'test', block: 0, trialNumber: 100 },
        resumed: true,
      },
    ]);
    const all = [
      ...PRACTICE_DONE,
      ...Array.from({ length: 225 }, (_, i) => ({
        phase: 'test',
        block: 0,
        trialNumber: i,
        isCorrect: false,
      })),
    ];
    expect(createEngine({ config, saved: all, timeOriginMs: 0 })).toMatchObject({
      state: { kind: 'finished' },
      effects: [{ type: 'FINISHED' }],
    });
  });

  it('records trials that the schema and the server check accept, whatever the participant does', () => {
    const rng = createRng('random-behaviour');
    for (let run = 0; run < 20; run++) {
      const cfg: Config = {
        ...config,
        repsPerDigit: 3 + (run % 4),
        feedbackMs: run % 3 === 0 ? 0 : 600,
        nogoDigit: 1 + (run % 9),
        maxConsecutiveNogo: run % 2,
        practiceEnabled: run % 5 !== 0,
      };
      const runPlan = plan(`random-${run}`, cfg);
      const soa = getSoaMs(cfg);
      const session = runVirtualSession({
        config: cfg,
        plan: runPlan,
        timeOriginMs: TIME_ORIGIN,
        startMs: 0,
        introMs: 1000,
        inputModality: run % 4 === 1 ? 'touch' : 'keyboard',
        behave: () => ({
          pressesAfterOnsetMs: Array.from(
            { length: Math.floor(rng() * 5) },
            () => -200 + rng() * (soa + 400),
          ),
          onsetLateMs: rng() < 0.05 ? 300 : rng() < 0.2 ? -8 : rng() * 20,
          interrupted: rng() < 0.05,
        }),
      });
      expect(session.state.kind).toBe('finished');
      expect(session.trials).toHaveLength(
        9 * cfg.repsPerDigit + (cfg.practiceEnabled ? cfg.practiceTrials : 0),
      );
      for (const trial of session.trials) {
        const parsed = TrialSchema.parse(JSON.parse(JSON.stringify(trial)));
        expect(findTrialProblems(parsed, runPlan, cfg)).toEqual([]);
      }
    }
  });
});
