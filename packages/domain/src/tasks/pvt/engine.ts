import type { SavedTrial } from '../contract';
import { type EngineEffect, type EngineEvent, translatedEngine } from '../engine';
import { type InputModality, MAX_EXTRA_RESPONSES, type ONSET_METHODS } from '../shared/envelope';
import { type Config, handoverLeadMs, type Params, resolveConfig } from './config';
import { foreperiodAt, type Plan, type Position } from './plan';
import { endsTest, getResumePoint } from './run-order';
import {
  type FalseStart,
  isFalseStartLate,
  isOnsetOffSchedule,
  MAX_FALSE_STARTS_PER_TRIAL,
  type Trial,
  typeOf,
} from './trial';

export type OnsetMethod = (typeof ONSET_METHODS)[number];

/**
 * A timeout is applied by a TICK this long after it is due, so that a press whose timestamp is
 * before the timeout, but which the page delivers a little after it, is still the response, ms.
 */
export const LATE_PRESS_GRACE_MS = 100;

/**
 * What the runtime tells the engine. Every time is a page timestamp (performance.now() time
 * line), so the engine reads no clock.
 *
 * - START: the participant pressed the intro's button; the first foreperiod starts at `atMs`.
 * - DRAWN: the counter of plan draw `draw` was put on the stage at `atMs` (a press after this
 *   may still precede its presentation, so it waits for ONSET).
 * - ONSET: that counter was presented at `atMs` (Element Timing, or the animation frame's
 *   timestamp as the marked fallback).
 * - PRESS: Space, or a touch or click on the stage, at its event's timestamp (auto-repeats and
 *   held keys dropped).
 * - INTERRUPTED: the page lost focus or was hidden; the trial in progress is marked. (A counter
 *   presented more than OFF_SCHEDULE_MS from its due time marks its trial too: its
 *   foreperiod ran while the page was hidden or stalled.)
 * - TICK: the clock has reached `atMs` (sent at nextDueMs: the end of the feedback or of
 *   'Too soon!', or the timeout). The next counter is asked for when the feedback ends, due its
 *   interval after that interval's start.
 */
export type Event =
  | { type: 'START'; atMs: number }
  | { type: 'DRAWN'; draw: number; atMs: number }
  | { type: 'ONSET'; draw: number; atMs: number; method: OnsetMethod }
  | { type: 'PRESS'; atMs: number; modality: InputModality }
  | { type: 'INTERRUPTED'; atMs: number }
  | { type: 'TICK'; atMs: number };

/** What the runtime must do after a step: the engine itself never touches a clock or the DOM. */
export type Effect =
  /**
   * Show the intro of the phase where the run starts (a resumed run's, with the test time left)
   * and wait for START.
   */
  | { type: 'SHOW_INTRO'; position: Position; resumed: boolean; remainingMs: number | null }
  /**
   * Present the counter of plan draw `draw` (trial `position`) so that it falls at `dueAtMs`,
   * counting up every frame; report DRAWN when it is put on the stage, then its ONSET.
   */
  | { type: 'SHOW_COUNTER'; position: Position; draw: number; dueAtMs: number }
  /** Stop the counter and show `rtMs`, the reaction time, as feedback. */
  | { type: 'FREEZE_COUNTER'; rtMs: number }
  /** A false start: show 'Too soon!' at once (the counter, drawn or due, goes). */
  | { type: 'SHOW_TOO_SOON' }
  /** A timeout: show 'Please respond faster' until a press. */
  | { type: 'SHOW_TIMEOUT' }
  /** Empty the stage at `dueAtMs` (the feedback is over; the interval runs on). */
  | { type: 'CLEAR'; dueAtMs: number }
  /** Send the trial to the server (the outbox). */
  | { type: 'RECORD_TRIAL'; trial: Trial }
  /** The run's last trial is recorded. */
  | { type: 'FINISHED' };

/** A press the engine keeps: when, with what. */
type Press = { atMs: number; modality: InputModality };

/**
 * One foreperiod of a trial (its first, or a restart after a false start) and its counter: the
 * interval drawn, from its start to the counter's due onset.
 */
export type Attempt = {
  /** The plan draw of its foreperiod. */
  draw: number;
  foreperiodMs: number;
  /**
   * Where the interval is counted from: the press before it (the response, the false start, the
   * press after a timeout) when counted from the response, else the end of the feedback or of
   * 'Too soon!'; the intro's button (START) for a phase's first.
   */
  startMs: number;
  /**
   * From when a press is this foreperiod's (a false start, or the response): the end of the
   * feedback or of 'Too soon!' shown in its first part, or its start when none is.
   */
  openMs: number;
  /** When its counter was put on the stage; null until then. */
  drawnMs: number | null;
  /** Its counter's presented onset; null until reported. */
  onset: { atMs: number; method: OnsetMethod } | null;
  /** Presses after the counter was drawn, before its onset was known. */
  pending: readonly Press[];
};

/**
 * Where a trial is: its foreperiod running (the counter due, drawn or on), 'Too soon!' after a
 * false start, feedback after the response, or 'Please respond faster' after a timeout.
 */
export type Stage = 'foreperiod' | 'too-soon' | 'feedback' | 'timed-out';

export type TrialInProgress = {
  position: Position;
  /** The plan draw of the trial's first foreperiod. */
  planIndex: number;
  trialStartMs: number;
  stage: Stage;
  attempt: Attempt;
  falseStarts: readonly (FalseStart & { atMs: number })[];
  /** When 'Too soon!' ends (stage 'too-soon'). */
  tooSoonUntilMs: number | null;
  response: Press | null;
  /** When the timeout came (stage 'timed-out'). */
  timedOutAtMs: number | null;
  /** The last press before the counter: the start of its response-to-onset interval. */
  lastPressMs: number | null;
  nExtraResponses: number;
  interrupted: boolean;
  /**
   * The page lost focus or was hidden during the feedback after the response, when the next
   * interval is counted from the response: that feedback is the next trial's interval too, so the
   * next trial is marked interrupted.
   */
  interruptsNext: boolean;
  resumed: boolean;
};

/** A phase's time on task in this page: elapsed(t) = carriedMs + t - startMs. */
export type Clock = { startMs: number; carriedMs: number };

/** What the engine carries from trial to trial. */
export type RunContext = {
  /** performance.timeOrigin: page time + this = device wall-clock time (ms since the epoch). */
  timeOriginMs: number;
  /** The latest press's modality (recorded on a trial that timed out). */
  modality: InputModality;
  /** The last press so far (a response, a false start, the press after a timeout). */
  lastPressMs: number | null;
};

export type State =
  | {
      kind: 'waiting';
      next: Position;
      planIndex: number;
      carriedMs: number;
      resumed: boolean;
      context: RunContext;
    }
  | { kind: 'trial'; trial: TrialInProgress; clock: Clock; context: RunContext }
  | { kind: 'finished'; context: RunContext };

export type Step = { state: State; effects: Effect[] };

type TrialState = Extract<State, { kind: 'trial' }>;

export type EngineOptions = {
  config: Config;
  /** The run's trials saved so far, with their run-order fields: the engine starts after them. */
  saved?: readonly SavedTrial[];
  /** performance.timeOrigin of the page. */
  timeOriginMs: number;
  /** The run's input mode before any press. */
  inputModality?: InputModality;
};

/**
 * The engine's first step: the intro of the phase where the run starts (its first trial, or the
 * trial after the saved ones when a run resumes, with the time on task so far), or FINISHED if
 * nothing is left.
 */
export function createEngine(options: EngineOptions): Step {
  const params = resolveConfig(options.config);
  const saved = options.saved ?? [];
  const point = getResumePoint(params, saved);
  const context: RunContext = {
    timeOriginMs: options.timeOriginMs,
    modality: options.inputModality ?? 'keyboard',
    lastPressMs: null,
  };
  if (!point.next) return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
  const resumed = saved.length > 0;
  return {
    state: {
      kind: 'waiting',
      next: point.next,
      planIndex: point.planIndex,
      carriedMs: point.carriedMs,
      resumed,
      context,
    },
    effects: [
      {
        type: 'SHOW_INTRO',
        position: point.next,
        resumed,
        remainingMs:
          point.next.phase === 'test' ? Math.max(0, params.durationMs - point.carriedMs) : null,
      },
    ],
  };
}

/** The time on task at page time `atMs` in the phase whose clock is `clock`. */
export function elapsedAt(clock: Clock, atMs: number): number {
  return clock.carriedMs + atMs - clock.startMs;
}

/**
 * When the trial on screen's stage ends by the clock: the feedback or 'Too soon!' (the lead
 * before its end, counted from the response, except after the trial that ends the test), or the
 * timeout.
 */
function stageDueMs(params: Params, state: TrialState): number | null {
  const { trial } = state;
  if (trial.stage === 'feedback' && trial.response) {
    const endElapsedMs = elapsedAt(state.clock, trial.response.atMs);
    const isLast =
      trial.position.phase === 'test' && endsTest(params, { type: 'valid', endElapsedMs });
    return trial.response.atMs + params.feedbackMs - (isLast ? 0 : handoverLeadMs(params));
  }
  if (trial.stage === 'too-soon' && trial.tooSoonUntilMs !== null) {
    return trial.tooSoonUntilMs - handoverLeadMs(params);
  }
  if (trial.stage === 'foreperiod' && trial.attempt.onset) {
    return trial.attempt.onset.atMs + params.maxRtMs;
  }
  return null;
}

/**
 * The next time the engine needs a TICK: the end of the feedback or of 'Too soon!' (less the
 * hand-over lead, handoverLeadMs), or the timeout plus LATE_PRESS_GRACE_MS; null while
 * it waits for START, an onset or a press.
 */
export function nextDueMs(config: Config, state: State): number | null {
  if (state.kind !== 'trial') return null;
  const params = resolveConfig(config);
  const due = stageDueMs(params, state);
  if (due === null) return null;
  return state.trial.stage === 'foreperiod' ? due + LATE_PRESS_GRACE_MS : due;
}

/**
 * A new foreperiod (of plan draw `draw`) counted from `startMs`, open to presses from `openMs`,
 * its counter due its interval after its start.
 */
function beginAttempt(
  plan: Plan,
  state: TrialState,
  draw: number,
  startMs: number,
  openMs: number,
): Step {
  const foreperiodMs = foreperiodAt(plan, state.trial.position.phase, draw);
  const attempt: Attempt = {
    draw,
    foreperiodMs,
    startMs,
    openMs,
    drawnMs: null,
    onset: null,
    pending: [],
  };
  return {
    state: {
      ...state,
      trial: { ...state.trial, stage: 'foreperiod', attempt, tooSoonUntilMs: null },
    },
    effects: [
      {
        type: 'SHOW_COUNTER',
        position: state.trial.position,
        draw,
        dueAtMs: startMs + foreperiodMs,
      },
    ],
  };
}

/** A new trial at `position`, its first foreperiod counted from `startMs`, open from `openMs`. */
function beginTrial(
  plan: Plan,
  position: Position,
  planIndex: number,
  startMs: number,
  openMs: number,
  clock: Clock,
  context: RunContext,
  resumed: boolean,
  interrupted = false,
): Step {
  const trial: TrialInProgress = {
    position,
    planIndex,
    trialStartMs: startMs,
    stage: 'foreperiod',
    attempt: {
      draw: planIndex,
      foreperiodMs: 0,
      startMs,
      openMs,
      drawnMs: null,
      onset: null,
      pending: [],
    },
    falseStarts: [],
    tooSoonUntilMs: null,
    response: null,
    timedOutAtMs: null,
    lastPressMs: context.lastPressMs,
    nExtraResponses: 0,
    interrupted,
    interruptsNext: false,
    resumed,
  };
  return beginAttempt(plan, { kind: 'trial', trial, clock, context }, planIndex, startMs, openMs);
}

/** One more press that is neither a response nor a false start (kept under the schema's limit). */
function withExtra(state: TrialState): Step {
  const nExtraResponses = Math.min(state.trial.nExtraResponses + 1, MAX_EXTRA_RESPONSES);
  return { state: { ...state, trial: { ...state.trial, nExtraResponses } }, effects: [] };
}

/** A press before the counter's onset: 'Too soon!', and the trial restarts after it. */
function falseStart(params: Params, state: TrialState, press: Press): Step {
  const { trial } = state;
  if (trial.falseStarts.length >= MAX_FALSE_STARTS_PER_TRIAL) return withExtra(state);
  const record: FalseStart = {
    foreperiodMs: trial.attempt.foreperiodMs,
    afterMs: Math.max(0, press.atMs - trial.attempt.startMs),
  };
  const falseStarts = [...trial.falseStarts, { ...record, atMs: press.atMs }];
  return {
    state: {
      ...state,
      trial: {
        ...trial,
        stage: 'too-soon',
        falseStarts,
        // Pressed when the counter was long due but not yet presented: the page held it back.
        interrupted: trial.interrupted || isFalseStartLate(record),
        tooSoonUntilMs: press.atMs + params.feedbackMs,
        lastPressMs: press.atMs,
        attempt: { ...trial.attempt, pending: [] },
      },
      context: { ...state.context, modality: press.modality, lastPressMs: press.atMs },
    },
    effects: [{ type: 'SHOW_TOO_SOON' }],
  };
}

/** The response to the counter on screen: the counter stops at its reaction time. */
function respond(state: TrialState, press: Press, onsetMs: number): Step {
  return {
    state: {
      ...state,
      trial: { ...state.trial, stage: 'feedback', response: press },
      context: { ...state.context, modality: press.modality, lastPressMs: press.atMs },
    },
    effects: [{ type: 'FREEZE_COUNTER', rtMs: press.atMs - onsetMs }],
  };
}

/**
 * The record of a finished trial (its counter presented; answered, or timed out and gone on
 * from by the press at `endAtMs`).
 */
function recordOf(params: Params, state: TrialState, endAtMs: number): Trial {
  const { trial, clock, context } = state;
  const onset = trial.attempt.onset;
  if (!onset) throw new Error('A PVT trial ended without its counter');
  const { response } = trial;
  const reactionTime = response ? response.atMs - onset.atMs : null;
  const elapsedMs = elapsedAt(clock, onset.atMs);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  const type = typeOf(params, reactionTime);
  return {
    phase: trial.position.phase,
    block: 0,
    trialNumber: trial.position.trialNumber,
    variant: params.variant,
    type,
    response: response ? (response.modality === 'keyboard' ? 'space' : 'tap') : null,
    reactionTime,
    isCorrect: type === 'valid',
    foreperiodMs: trial.attempt.foreperiodMs,
    rsiMs: trial.lastPressMs === null ? null : onset.atMs - trial.lastPressMs,
    lapseThresholdMs: params.lapseThresholdMs,
    planIndex: trial.planIndex,
    nFalseStarts: trial.falseStarts.length,
    falseStarts: trial.falseStarts.map(({ foreperiodMs, afterMs }) => ({ foreperiodMs, afterMs })),
    startElapsedMs: elapsedAt(clock, trial.trialStartMs),
    elapsedMs,
    // After a timeout the trial ends with the press that goes on: the next foreperiod starts then.
    endElapsedMs: reactionTime === null ? elapsedAt(clock, endAtMs) : elapsedMs + reactionTime,
    resumed: trial.resumed,
    nExtraResponses: trial.nExtraResponses,
    inputModality: response?.modality ?? context.modality,
    startTime: iso(trial.trialStartMs),
    endTime: iso(response ? response.atMs : onset.atMs + params.maxRtMs),
    timing: {
      stimulusOnsetMs: onset.atMs,
      responseTimestampMs: response?.atMs ?? null,
      onsetMethod: onset.method,
      wasInterrupted: trial.interrupted,
      foreperiodStartMs: trial.attempt.startMs,
      trialStartMs: trial.trialStartMs,
      falseStartsMs: trial.falseStarts.map((f) => f.atMs),
    },
  };
}

/**
 * Ends the trial on screen at `atMs` (its feedback is over, or the press after its timeout came):
 * records it, then starts what follows: the next trial, the test after the last habituation trial
 * (without a break), or the end once the test's time is up. The next interval is counted from the
 * response when the run counts it so (the feedback just shown was its first part), else from
 * `atMs`; presses count from `atMs`.
 */
function endTrial(params: Params, plan: Plan, state: TrialState, atMs: number): Step {
  const record = recordOf(params, state, atMs);
  const { trial, clock, context } = state;
  // Presses count, and the stage is cleared, when the feedback ends (at the press after a timeout).
  const openMs = trial.response ? trial.response.atMs + params.feedbackMs : atMs;
  const effects: Effect[] = [
    { type: 'RECORD_TRIAL', trial: record },
    { type: 'CLEAR', dueAtMs: openMs },
  ];
  const fromMs =
    params.intervalFrom === 'response' && trial.response ? trial.response.atMs : openMs;
  const carried = trial.interruptsNext;
  const { phase, trialNumber } = trial.position;
  let next: Step;
  if (phase === 'habituation' && trialNumber + 1 < params.habituationTrials) {
    const planIndex = trial.planIndex + trial.falseStarts.length + 1;
    const position: Position = { phase, block: 0, trialNumber: trialNumber + 1 };
    next = beginTrial(plan, position, planIndex, fromMs, openMs, clock, context, false, carried);
  } else if (phase === 'habituation') {
    // The test's time on task starts with its first interval.
    const position: Position = { phase: 'test', block: 0, trialNumber: 0 };
    const testClock: Clock = { startMs: fromMs, carriedMs: 0 };
    next = beginTrial(plan, position, 0, fromMs, openMs, testClock, context, false, carried);
  } else if (endsTest(params, record)) {
    return { state: { kind: 'finished', context }, effects: [...effects, { type: 'FINISHED' }] };
  } else {
    const planIndex = trial.planIndex + trial.falseStarts.length + 1;
    const position: Position = { phase, block: 0, trialNumber: trialNumber + 1 };
    next = beginTrial(plan, position, planIndex, fromMs, openMs, clock, context, false, carried);
  }
  return { state: next.state, effects: [...effects, ...next.effects] };
}

/**
 * Takes the trial on screen through every stage that ends by the clock before `atMs`: the end of
 * the feedback (the trial is recorded and the next begins), of 'Too soon!' (a new foreperiod,
 * the next draw, counted from the false start or from the end of 'Too soon!' as the run counts
 * intervals; counted from the response, both come handoverLeadMs early) or the timeout (`graceMs` later for a TICK, see LATE_PRESS_GRACE_MS). Each
 * happens at its due time, not at `atMs`, so a late timer moves nothing.
 */
function advance(params: Params, plan: Plan, step: Step, atMs: number, graceMs: number): Step {
  let current = step;
  for (;;) {
    const { state } = current;
    if (state.kind !== 'trial') return current;
    const due = stageDueMs(params, state);
    if (due === null) return current;
    const { stage } = state.trial;
    if (atMs < due + (stage === 'foreperiod' ? graceMs : 0)) return current;
    let next: Step;
    if (stage === 'feedback') next = endTrial(params, plan, state, due);
    else if (stage === 'too-soon') {
      const openMs = state.trial.tooSoonUntilMs ?? due;
      const falseStartMs = state.trial.falseStarts.at(-1)?.atMs ?? openMs;
      const fromMs = params.intervalFrom === 'response' ? falseStartMs : openMs;
      const restart = beginAttempt(plan, state, state.trial.attempt.draw + 1, fromMs, openMs);
      next = {
        state: restart.state,
        effects: [{ type: 'CLEAR', dueAtMs: openMs }, ...restart.effects],
      };
    } else {
      next = {
        state: { ...state, trial: { ...state.trial, stage: 'timed-out', timedOutAtMs: due } },
        effects: [{ type: 'SHOW_TIMEOUT' }],
      };
    }
    current = { state: next.state, effects: [...current.effects, ...next.effects] };
  }
}

/** A press on the trial on screen, once every stage due before it is over. */
function onPress(params: Params, plan: Plan, state: TrialState, press: Press): Step {
  const { trial } = state;
  const { attempt } = trial;
  switch (trial.stage) {
    case 'foreperiod':
      // Stamped before this foreperiod was open (during the feedback or 'Too soon!' in or before
      // it, delivered late): not this foreperiod's.
      if (press.atMs < attempt.openMs) return withExtra(state);
      if (attempt.onset) {
        return press.atMs < attempt.onset.atMs
          ? falseStart(params, state, press)
          : respond(state, press, attempt.onset.atMs);
      }
      // Drawn but not known to be presented: the onset decides.
      if (attempt.drawnMs !== null) {
        const pending = [...attempt.pending, press];
        return {
          state: { ...state, trial: { ...trial, attempt: { ...attempt, pending } } },
          effects: [],
        };
      }
      // Not drawn yet, so not presented before the press.
      return falseStart(params, state, press);
    case 'timed-out':
      if (trial.timedOutAtMs !== null && press.atMs >= trial.timedOutAtMs) {
        const pressed: TrialState = {
          ...state,
          context: { ...state.context, modality: press.modality, lastPressMs: press.atMs },
        };
        return endTrial(params, plan, pressed, press.atMs);
      }
      return withExtra(state);
    default:
      return withExtra(state);
  }
}

/** The counter's onset is known: presses that waited for it are a false start or the response. */
function onOnset(
  params: Params,
  plan: Plan,
  state: TrialState,
  event: Extract<Event, { type: 'ONSET' }>,
): Step {
  const { attempt } = state.trial;
  if (state.trial.stage !== 'foreperiod' || attempt.draw !== event.draw || attempt.onset) {
    return { state, effects: [] };
  }
  const presented: TrialState = {
    ...state,
    trial: {
      ...state.trial,
      attempt: { ...attempt, onset: { atMs: event.atMs, method: event.method }, pending: [] },
      // Presented far from its due time: the foreperiod was not the one drawn.
      interrupted:
        state.trial.interrupted ||
        isOnsetOffSchedule(event.atMs - attempt.startMs, attempt.foreperiodMs),
    },
  };
  let step: Step = { state: presented, effects: [] };
  for (const press of [...attempt.pending].sort((a, b) => a.atMs - b.atMs)) {
    if (step.state.kind !== 'trial') break;
    const next = onPress(params, plan, step.state, press);
    step = { state: next.state, effects: [...step.effects, ...next.effects] };
  }
  return step;
}

/**
 * The PVT as a pure state machine: (state, event) -> (state, effects). Each trial's interval
 * (foreperiod) is the plan's next draw, to the counter's due onset: counted from the response
 * (or the false start, or the press after a timeout), the feedback or 'Too soon!' shown in its
 * first `feedbackMs`, or, when the run counts it so, from the end of the feedback (or of
 * 'Too soon!'). The counter counts up until the first press after its presented onset, the
 * response, and its frozen reaction time is the feedback. A press before the onset (once the
 * feedback is over) is a false start: 'Too soon!', then the trial restarts with the next draw.
 * With no response by the timeout the trial ends as one and waits for a press. Habituation runs
 * into the test; the test ends after the trial whose next interval would start at or after its
 * duration (endsTest; the trial in progress is always completed). Events that do not fit the
 * state change nothing.
 */
export function step(config: Config, plan: Plan, state: State, event: Event): Step {
  const params = resolveConfig(config);
  const unchanged: Step = { state, effects: [] };
  switch (event.type) {
    case 'START': {
      if (state.kind !== 'waiting') return unchanged;
      const clock: Clock = { startMs: event.atMs, carriedMs: state.carriedMs };
      const context = { ...state.context, lastPressMs: null };
      return beginTrial(
        plan,
        state.next,
        state.planIndex,
        event.atMs,
        event.atMs,
        clock,
        context,
        state.resumed,
      );
    }
    case 'DRAWN': {
      if (state.kind !== 'trial' || state.trial.stage !== 'foreperiod') return unchanged;
      const { attempt } = state.trial;
      if (attempt.draw !== event.draw || attempt.drawnMs !== null) return unchanged;
      return {
        state: {
          ...state,
          trial: { ...state.trial, attempt: { ...attempt, drawnMs: event.atMs } },
        },
        effects: [],
      };
    }
    case 'ONSET':
      if (state.kind !== 'trial') return unchanged;
      return onOnset(params, plan, state, event);
    case 'PRESS': {
      const advanced = advance(params, plan, unchanged, event.atMs, 0);
      if (advanced.state.kind !== 'trial') return advanced;
      const pressed = onPress(params, plan, advanced.state, {
        atMs: event.atMs,
        modality: event.modality,
      });
      return { state: pressed.state, effects: [...advanced.effects, ...pressed.effects] };
    }
    case 'INTERRUPTED': {
      if (state.kind !== 'trial') return unchanged;
      const inSharedFeedback =
        params.intervalFrom === 'response' && state.trial.stage === 'feedback';
      const trial = {
        ...state.trial,
        interrupted: true,
        interruptsNext: state.trial.interruptsNext || inSharedFeedback,
      };
      return { state: { ...state, trial }, effects: [] };
    }
    case 'TICK':
      return advance(params, plan, unchanged, event.atMs, LATE_PRESS_GRACE_MS);
  }
}

/** The PVT's inputs: Space, or a tap or click on the stage. */
export type Input = 'space' | 'tap';

/**
 * What the PVT's web task draws: the counter of plan draw `draw` (counting up every frame from
 * its onset, or stopped at `frozenMs`, the reaction time shown as feedback), 'Too soon!', the
 * timeout's message, or a blank.
 */
export type Scene =
  | { kind: 'counter'; position: Position; draw: number; frozenMs: number | null }
  | { kind: 'too-soon' }
  | { kind: 'timeout' }
  | { kind: 'blank' };

/** The intro where a run starts or goes on: a resumed run's, with the test's time left. */
export type Prompt = { position: Position; resumed: boolean; remainingMs: number | null };

type PvtEngineEffect = EngineEffect<Scene, Prompt, Trial>;

type CounterScene = Extract<Scene, { kind: 'counter' }>;

/** A foreperiod's key: its phase and plan draw (each phase draws from its own list). */
const attemptKey = ({ position, draw }: CounterScene) => `${position.phase}:${draw}`;
const COUNTER_KEY = /^counter:(\w+):(\d+)$/;

/**
 * The plan draw a scene key names when it is a counter of the trial on screen's phase; null for
 * other scenes.
 */
function drawOf(key: string, state: State): number | null {
  const match = COUNTER_KEY.exec(key);
  if (!match || state.kind !== 'trial' || match[1] !== state.trial.position.phase) return null;
  return Number(match[2]);
}

/**
 * The PVT's effects in the contract's words. Scenes are keyed by the foreperiod's phase and
 * plan draw (the counter, 'Too soon!' and the timeout of that foreperiod) and a blank by its due
 * time, so
 * the host finds a counter again to freeze it, and the blank that a TICK will ask for is the one
 * it drew ahead. `before` is the state the effects came from: the foreperiod in force until a
 * new counter is asked for.
 */
function contractEffects(before: State, effects: readonly Effect[]): PvtEngineEffect[] {
  let counter: CounterScene | null =
    before.kind === 'trial'
      ? {
          kind: 'counter',
          position: before.trial.position,
          draw: before.trial.attempt.draw,
          frozenMs: null,
        }
      : null;
  const out: PvtEngineEffect[] = [];
  const atOnce = (key: string, scene: Scene) =>
    out.push({ type: 'PRESENT', key, scene, dueAtMs: null, timing: 'frame' });
  for (const effect of effects) {
    switch (effect.type) {
      case 'SHOW_INTRO': {
        const { position, resumed, remainingMs } = effect;
        out.push({ type: 'PROMPT', prompt: { position, resumed, remainingMs }, getReadyMs: 0 });
        break;
      }
      case 'SHOW_COUNTER':
        counter = { kind: 'counter', position: effect.position, draw: effect.draw, frozenMs: null };
        out.push({
          type: 'PRESENT',
          key: `counter:${attemptKey(counter)}`,
          scene: counter,
          dueAtMs: effect.dueAtMs,
          timing: 'frame',
        });
        break;
      case 'FREEZE_COUNTER':
        if (counter)
          atOnce(`counter:${attemptKey(counter)}`, { ...counter, frozenMs: effect.rtMs });
        break;
      case 'SHOW_TOO_SOON':
        // The counter, drawn or due, goes: a due one is called off.
        if (counter) {
          out.push({ type: 'WITHDRAW', key: `counter:${attemptKey(counter)}` });
          atOnce(`too-soon:${attemptKey(counter)}`, { kind: 'too-soon' });
        }
        break;
      case 'SHOW_TIMEOUT':
        if (counter) atOnce(`timeout:${attemptKey(counter)}`, { kind: 'timeout' });
        break;
      case 'CLEAR':
        out.push({
          type: 'PRESENT',
          key: `blank:${effect.dueAtMs}`,
          scene: { kind: 'blank' },
          dueAtMs: effect.dueAtMs,
          timing: 'frame',
        });
        break;
      case 'RECORD_TRIAL':
        out.push({ type: 'RECORD', trial: effect.trial });
        break;
      case 'FINISHED':
        out.push({ type: 'FINISHED' });
        break;
    }
  }
  return out;
}

/** The PVT's event for a contract event in `state`; null for what it does not read. */
function pvtEventOf(event: EngineEvent<Input>, state: State): Event | null {
  switch (event.type) {
    case 'INPUT':
      return { type: 'PRESS', atMs: event.atMs, modality: event.modality };
    case 'DRAWN':
    case 'ONSET': {
      const draw = drawOf(event.key, state);
      if (draw === null) return null;
      return event.type === 'DRAWN'
        ? { type: 'DRAWN', draw, atMs: event.atMs }
        : { type: 'ONSET', draw, atMs: event.atMs, method: event.method };
    }
    default:
      return event;
  }
}

/**
 * The PVT's engine on the task contract: its own engine (createEngine, step) with its
 * effects in the contract's words. A counter is a scene that the web task counts up every frame
 * and freezes in place; 'Too soon!' calls off a counter still due.
 */
export const engine = translatedEngine({
  start: (config: Config, { saved, timeOriginMs, inputModality }) =>
    createEngine({ config, saved, timeOriginMs, inputModality }),
  step: step,
  eventOf: pvtEventOf,
  effectsOf: contractEffects,
  nextDueMs: nextDueMs,
  progress(config, state) {
    if (state.kind === 'finished') return null;
    const position = state.kind === 'trial' ? state.trial.position : state.next;
    const trialsInBlock =
      position.phase === 'habituation' ? resolveConfig(config).habituationTrials : 0;
    return { position, trialsInBlock, isReminder: false };
  },
  presenting: (state) => state.kind === 'trial',
});
