import { describe, expect, it } from 'vitest';
import { attemptEventLimit, type Config, DEFAULT_CONFIG, MAX_EVENTS } from './config';
import {
  createEngine,
  type Effect,
  LATE_INPUT_GRACE_MS,
  nextDueMs,
  type State,
  type StepEvent,
  step,
} from './engine';
import { plan } from './plan';
import type { Peg } from './puzzle';
import type { Trial } from './trial';
import { findTrialProblems } from './trial';

const ONSET = 10_000;

/** An engine on the practice problem ('11' -> '22'), presented at ONSET. */
function practice(config: Config = DEFAULT_CONFIG) {
  const planned = plan('engine', config);
  const first = createEngine({ config, timeOriginMs: 1_795_000_000_000 });
  let state: State = first.state;
  const effects: Effect[] = [...first.effects];
  const send = (event: StepEvent) => {
    const outcome = step(config, planned, state, event);
    state = outcome.state;
    effects.push(...outcome.effects);
    return outcome.effects;
  };
  send({ type: 'START', atMs: ONSET - 300 });
  const tap = (peg: Peg, afterOnsetMs: number) =>
    send({
      type: 'INPUT',
      input: { kind: 'peg', peg },
      atMs: ONSET + afterOnsetMs,
      modality: 'mouse',
    });
  const recorded = () =>
    effects.flatMap((e) => (e.type === 'RECORD_TRIAL' ? [e.trial] : [])) as Trial[];
  return {
    plan: planned,
    send,
    tap,
    onset: () => send({ type: 'ONSET', atMs: ONSET, method: 'element-timing' }),
    get state() {
      return state;
    },
    effects,
    recorded,
    check: (trial: Trial) => findTrialProblems(trial, planned, config),
  };
}

describe('the Tower of Hanoi engine', () => {
  it('shows the practice intro, then the problem, and records an optimal solution', () => {
    const run = practice();
    expect(run.effects[0]).toEqual({
      type: 'SHOW_INTRO',
      next: { phase: 'practice', block: 0, trialNumber: 0 },
      resumed: false,
      restarting: false,
    });
    expect(run.effects.at(-1)).toMatchObject({ type: 'SHOW_PROBLEM', problem: { id: 'practice' } });
    run.onset();
    run.tap(1, 1500.5);
    run.tap(3, 1900);
    run.tap(1, 2500);
    run.tap(2, 2900);
    run.tap(3, 3400);
    const last = run.tap(2, 3800.25);
    expect(last.map((e) => e.type)).toEqual(['BOARD_EVENT', 'RECORD_TRIAL', 'SHOW_RESULT']);
    const [trial] = run.recorded();
    expect(trial).toMatchObject({
      solved: true,
      isCorrect: true,
      endReason: 'solved',
      moves: 3,
      totalMoves: 3,
      minMoves: 3,
      reactionTime: 1500.5,
      firstMoveTimeMs: 1900,
      solutionTimeMs: 3800.25,
      totalTimeMs: 3800.25,
      inputModality: 'mouse',
      response: null,
      attempts: 1,
    });
    expect(trial?.timing).toMatchObject({
      stimulusOnsetMs: ONSET,
      responseTimestampMs: ONSET + 1500.5,
      endMs: ONSET + 3800.25,
    });
    expect(trial?.events.map((e) => `${e.type}:${e.disc}:${e.from}>${e.to}:${e.after}`)).toEqual([
      'pickup:1:1>null:11',
      'drop:1:1>3:13',
      'pickup:2:1>null:13',
      'drop:2:1>2:23',
      'pickup:1:3>null:23',
      'drop:1:3>2:22',
    ]);
    expect(trial?.events[1]?.sinceLastMs).toBe(399.5);
    expect(run.check(trial as Trial)).toEqual([]);
    expect(run.state.kind).toBe('result');
  });

  it('keeps a disc lifted on an illegal drop, and counts cancels and empty-peg taps apart from moves', () => {
    const run = practice();
    run.onset();
    run.tap(2, 500); // the middle peg is empty
    run.tap(1, 1000); // lift the small disc
    run.tap(1, 1200); // put it back: a cancel
    run.tap(1, 1500); // lift it again
    run.tap(3, 1800); // small -> right
    run.tap(1, 2100); // lift the large disc
    const refused = run.tap(3, 2300); // large onto small: refused
    expect(refused).toEqual([
      expect.objectContaining({
        type: 'BOARD_EVENT',
        event: expect.objectContaining({ type: 'illegal', legal: false, disc: 2, from: 1, to: 3 }),
        board: expect.objectContaining({ lifted: { disc: 2, from: 1 }, position: '13' }),
      }),
    ]);
    run.tap(2, 2600); // still lifted: large -> middle
    run.tap(3, 2900);
    run.tap(2, 3200);
    const [trial] = run.recorded();
    expect(trial).toMatchObject({
      solved: true,
      moves: 3,
      illegalAttempts: 1,
      emptySourceAttempts: 1,
      cancels: 1,
      reactionTime: 1000,
    });
    expect(trial?.events.map((e) => e.type)).toEqual([
      'emptySource',
      'pickup',
      'cancel',
      'pickup',
      'drop',
      'pickup',
      'illegal',
      'drop',
      'pickup',
      'drop',
    ]);
    expect(run.check(trial as Trial)).toEqual([]);
  });

  it('takes Esc as a cancel only while a disc is lifted', () => {
    const run = practice();
    run.onset();
    const cancel = (ms: number) =>
      run.send({
        type: 'INPUT',
        input: { kind: 'cancel' },
        atMs: ONSET + ms,
        modality: 'keyboard',
      });
    expect(cancel(100)).toEqual([]);
    run.tap(1, 200);
    expect(cancel(300)[0]).toMatchObject({
      event: { type: 'cancel', from: 1, to: 1, modality: 'keyboard' },
      board: { lifted: null },
    });
  });

  it('waits for the onset: inputs before it are applied once it is known, those stamped before it dropped', () => {
    const run = practice();
    run.send({
      type: 'INPUT',
      input: { kind: 'peg', peg: 1 },
      atMs: ONSET - 50,
      modality: 'touch',
    });
    run.send({
      type: 'INPUT',
      input: { kind: 'peg', peg: 1 },
      atMs: ONSET + 40,
      modality: 'touch',
    });
    expect(run.effects.filter((e) => e.type === 'BOARD_EVENT')).toHaveLength(0);
    const shown = run.onset();
    expect(shown).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ type: 'pickup', atMs: 40 }) }),
    ]);
  });

  it('ends the problem unsolved at the time limit, and drops inputs stamped after it', () => {
    const config = { ...DEFAULT_CONFIG, timeLimitS: 10 };
    const run = practice(config);
    run.onset();
    run.tap(1, 1000);
    run.tap(3, 2000);
    expect(nextDueMs(config, run.state)).toBe(ONSET + 10_000 + LATE_INPUT_GRACE_MS);
    run.tap(1, 10_050); // past the limit, delivered before the TICK: dropped
    expect(run.send({ type: 'TICK', atMs: ONSET + 10_000 })).toEqual([]);
    run.send({ type: 'TICK', atMs: ONSET + 10_100 });
    const [trial] = run.recorded();
    expect(trial).toMatchObject({
      solved: false,
      isCorrect: false,
      endReason: 'timeLimit',
      timedOut: true,
      moves: 1,
      totalTimeMs: 10_000,
      solutionTimeMs: null,
    });
    expect(trial?.events).toHaveLength(2);
    expect(run.check(trial as Trial)).toEqual([]);
  });

  it('resets to the start for a second attempt when the first runs out of time', () => {
    const config = { ...DEFAULT_CONFIG, timeLimitS: 10, maxAttempts: 2 };
    const run = practice(config);
    run.onset();
    run.tap(1, 1000);
    run.tap(3, 2000);
    const reset = run.send({ type: 'TICK', atMs: ONSET + 10_100 });
    expect(reset).toEqual([
      expect.objectContaining({
        event: expect.objectContaining({ type: 'reset', before: '13', after: '11', atMs: 10_000 }),
        board: { position: '11', lifted: null, moves: 0, attempt: 2 },
      }),
    ]);
    expect(nextDueMs(config, run.state)).toBe(ONSET + 20_000 + 100);
    run.tap(1, 11_000);
    run.tap(3, 11_400);
    run.tap(1, 11_800);
    run.tap(2, 12_200);
    run.tap(3, 12_600);
    run.tap(2, 13_000);
    const [trial] = run.recorded();
    expect(trial).toMatchObject({
      solved: true,
      attempts: 2,
      moves: 3,
      totalMoves: 4,
      reactionTime: 1000,
      firstMoveTimeMs: 2000,
      solutionTimeMs: 13_000,
    });
    expect(run.check(trial as Trial)).toEqual([]);
  });

  it('drops an input of an attempt that ended, delivered after the reset that began the next', () => {
    const config = { ...DEFAULT_CONFIG, timeLimitS: 10, maxAttempts: 2 };
    const run = practice(config);
    run.onset();
    run.tap(1, 1000);
    run.send({ type: 'TICK', atMs: ONSET + 10_100 });
    expect(run.state).toMatchObject({ current: { attemptStartMs: 10_000 } });
    // Stamped before attempt 1's limit, delivered after the TICK: it belongs to no attempt.
    expect(run.tap(1, 9_990)).toEqual([]);
    expect(run.state).toMatchObject({ current: { board: { lifted: null, attempt: 2 } } });
    run.tap(1, 10_500);
    run.tap(3, 10_900);
    run.tap(1, 11_300);
    run.tap(2, 11_700);
    run.tap(3, 12_100);
    run.tap(2, 12_500);
    const [trial] = run.recorded();
    expect(trial?.events.map((e) => `${e.type}@${e.atMs}`).slice(0, 3)).toEqual([
      'pickup@1000',
      'reset@10000',
      'pickup@10500',
    ]);
    expect(trial).toMatchObject({ solved: true, attempts: 2, moves: 3 });
    expect(run.check(trial as Trial)).toEqual([]);
  });

  it('ends an attempt at its move limit: a reset while attempts are left, then unsolved', () => {
    const config = {
      ...DEFAULT_CONFIG,
      moveLimit: true,
      moveLimitExtra: 0,
      maxAttempts: 2,
    };
    const run = practice(config);
    run.onset();
    // Three moves, none reaching the goal: small to the middle, back, and to the right.
    const wander = (from: number) => {
      run.tap(1, from);
      run.tap(2, from + 100);
      run.tap(2, from + 200);
      run.tap(1, from + 300);
      run.tap(1, from + 400);
      return run.tap(3, from + 500);
    };
    expect(wander(1000)).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ type: 'drop' }) }),
      expect.objectContaining({ event: expect.objectContaining({ type: 'reset', atMs: 1500 }) }),
    ]);
    wander(2000);
    const [trial] = run.recorded();
    expect(trial).toMatchObject({
      solved: false,
      endReason: 'moveLimit',
      attempts: 2,
      moves: 3,
      totalMoves: 6,
      totalTimeMs: 2500,
    });
    expect(run.check(trial as Trial)).toEqual([]);
  });

  it('ends a problem whose record is full', () => {
    const run = practice();
    run.onset();
    expect(attemptEventLimit(DEFAULT_CONFIG)).toBe(MAX_EVENTS);
    for (let i = 0; i < MAX_EVENTS; i++) run.tap(2, 100 + i * 10); // stays empty
    const [trial] = run.recorded();
    expect(trial).toMatchObject({
      solved: false,
      endReason: 'eventLimit',
      emptySourceAttempts: MAX_EVENTS,
      totalTimeMs: 100 + (MAX_EVENTS - 1) * 10,
    });
    expect(run.check(trial as Trial)).toEqual([]);
  });

  it('gives each attempt its share of the record, so a long attempt leaves the next its room', () => {
    for (const maxAttempts of [2, 3]) {
      const config = { ...DEFAULT_CONFIG, maxAttempts };
      const share = attemptEventLimit(config);
      // Every attempt full, with the resets between them, still fits the record.
      expect(maxAttempts * share + maxAttempts - 1).toBeLessThanOrEqual(MAX_EVENTS);
      const run = practice(config);
      run.onset();
      let at = 100;
      const later = (gapMs: number) => {
        at += gapMs;
        return at;
      };
      // The first attempt fills its share with empty-peg taps: it ends, and the next begins.
      for (let i = 0; i < share; i++) run.tap(2, later(10));
      expect(run.state).toMatchObject({ current: { board: { attempt: 2 } } });
      // The attempts between fill theirs too; the last one solves the problem.
      for (let i = 0; i < (maxAttempts - 2) * share; i++) run.tap(2, later(10));
      for (const peg of [1, 3, 1, 2, 3, 2] as Peg[]) run.tap(peg, later(300));
      const [trial] = run.recorded();
      expect(trial).toMatchObject({
        solved: true,
        endReason: 'solved',
        attempts: maxAttempts,
        emptySourceAttempts: share * (maxAttempts - 1),
      });
      expect(trial?.events[share]).toMatchObject({ type: 'reset', atMs: 100 + share * 10 });
      expect(run.check(trial as Trial)).toEqual([]);
      // Without its reset, the first attempt goes on past its share: refused.
      const forged = trial as Trial;
      const unreset = { ...forged, events: forged.events.filter((_, i) => i !== share) };
      expect(run.check(unreset)).toContain(
        `events[${share}]: the attempt reached its move or event limit: a reset must follow`,
      );
    }
  });

  it('ends a problem whose last attempt fills its share of the record', () => {
    const config = { ...DEFAULT_CONFIG, maxAttempts: 2 };
    const share = attemptEventLimit(config);
    const run = practice(config);
    run.onset();
    for (let i = 0; i < 2 * share; i++) run.tap(2, 100 + i * 10);
    const [trial] = run.recorded();
    expect(trial).toMatchObject({ solved: false, endReason: 'eventLimit', attempts: 2 });
    expect(trial?.events).toHaveLength(2 * share + 1);
    expect(run.check(trial as Trial)).toEqual([]);
  });

  it('marks a problem shown while the page was not attended, and one given again after a reload', () => {
    const config = DEFAULT_CONFIG;
    const planned = plan('r', config);
    const saved = [{ phase: 'practice', block: 0, trialNumber: 0, isCorrect: true }];
    const first = createEngine({
      config,
      saved,
      timeOriginMs: 0,
      restartedPosition: { phase: 'test', block: 0, trialNumber: 0 },
    });
    expect(first.effects).toEqual([
      {
        type: 'SHOW_INTRO',
        next: { phase: 'test', block: 0, trialNumber: 0 },
        resumed: true,
        restarting: true,
      },
    ]);
    let state = first.state;
    const send = (event: StepEvent) => {
      const outcome = step(config, planned, state, event);
      state = outcome.state;
      return outcome.effects;
    };
    send({ type: 'START', atMs: 100 });
    send({ type: 'ONSET', atMs: 200, method: 'animation-frame' });
    send({ type: 'INTERRUPTED', atMs: 300 });
    const moves: [Peg, Peg][] = [
      [1, 2],
      [1, 3],
      [2, 3],
    ];
    let effects: Effect[] = [];
    moves.forEach(([from, to], i) => {
      send({
        type: 'INPUT',
        input: { kind: 'peg', peg: from },
        atMs: 1000 + i * 500,
        modality: 'keyboard',
      });
      effects = send({
        type: 'INPUT',
        input: { kind: 'peg', peg: to },
        atMs: 1200 + i * 500,
        modality: 'keyboard',
      });
    });
    const record = effects.find((e) => e.type === 'RECORD_TRIAL');
    expect(record).toMatchObject({
      trial: {
        restarted: true,
        solved: true,
        inputModality: 'keyboard',
        timing: { wasInterrupted: true, onsetMethod: 'animation-frame' },
      },
    });
  });

  it('goes from the practice result to the test intro, and finishes after the last problem', () => {
    const config = { ...DEFAULT_CONFIG, problemSet: 'classic' as const };
    const run = practice(config);
    run.onset();
    for (const [i, [from, to]] of (
      [
        [1, 3],
        [1, 2],
        [3, 2],
      ] as [Peg, Peg][]
    ).entries()) {
      run.tap(from, 1000 + i * 400);
      run.tap(to, 1200 + i * 400);
    }
    expect(run.send({ type: 'START', atMs: 20_000 })).toEqual([
      {
        type: 'SHOW_INTRO',
        next: { phase: 'test', block: 0, trialNumber: 0 },
        resumed: false,
        restarting: false,
      },
    ]);
    run.send({ type: 'START', atMs: 21_000 });
    expect(run.state.kind).toBe('problem');
  });

  it('says at the intro whether the next problem starts again, and flags only that one', () => {
    const config = { ...DEFAULT_CONFIG, practice: false };
    const planned = plan('resume', config);
    const test = (trialNumber: number) => ({ phase: 'test' as const, block: 0, trialNumber });
    // Reloaded during problem 1 with nothing recorded: problem 1 starts again, and says so.
    const restart = createEngine({
      config,
      timeOriginMs: 0,
      restartedPosition: test(0),
    });
    expect(restart.effects).toEqual([
      { type: 'SHOW_INTRO', next: test(0), resumed: false, restarting: true },
    ]);
    // Reloaded on problem 1's result: problem 2 was never begun.
    const onResult = createEngine({
      config,
      saved: [{ ...test(0), isCorrect: true }],
      timeOriginMs: 0,
      restartedPosition: test(0),
    });
    expect(onResult.effects).toEqual([
      { type: 'SHOW_INTRO', next: test(1), resumed: true, restarting: false },
    ]);
    const started = step(config, planned, onResult.state, { type: 'START', atMs: 1 });
    expect(started.state).toMatchObject({ kind: 'problem', current: { restarted: false } });
    // A marker of a problem that is not the next one (a stale one) restarts nothing.
    const stale = createEngine({
      config,
      timeOriginMs: 0,
      restartedPosition: test(4),
    });
    expect(stale.effects).toEqual([
      { type: 'SHOW_INTRO', next: test(0), resumed: false, restarting: false },
    ]);
  });
});
