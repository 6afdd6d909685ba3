import type { SavedTrial } from '../contract';
import { type EngineEffect, type EngineEvent, translatedEngine } from '../engine';
import { type InputModality, MAX_REACTION_TIME_MS, type ONSET_METHODS } from '../shared/envelope';
import {
  type Config,
  getSoaMs,
  hasFeedback,
  INTER_TRIAL_MS,
  MAX_ENTERED_DIGITS,
  READY_BLANK_MS,
} from './config';
import {
  formatDigits,
  type Plan,
  type PlannedTrial,
  type Position,
  parseDigits,
  plannedTrialAt,
} from './plan';
import { type Outcome, outcomesOf, positionKey, walkRun } from './run-order';
import { countCorrectPositions, isAnswerCorrect, MAX_BACKSPACES, type Trial } from './trial';

export type OnsetMethod = (typeof ONSET_METHODS)[number];

/** A key of the answer: a digit 1-9, Backspace, or submit (Enter or the keypad's button). */
export type Key = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | 'backspace' | 'submit';

/**
 * What was presented: the 'Ready' cue, digit `index` of the list, the blank that replaces digit
 * `index` (its offset), or the keypad (answer prompt).
 */
export type Shown =
  | { kind: 'ready' }
  | { kind: 'digit'; index: number }
  | { kind: 'blank'; index: number }
  | { kind: 'pad' };

/**
 * A TICK ends an answer this long after its time limit, so that a key whose event timestamp is
 * before the limit, but which the page delivers a little after it, is still taken, ms.
 */
export const LATE_KEY_GRACE_MS = 100;

/**
 * What the runtime tells the engine. Every time is a page timestamp (performance.now() time
 * line), so the engine reads no clock.
 *
 * - START: the participant pressed the button of an intro or of feedback.
 * - ONSET: something the engine asked for was presented at `atMs` (Element Timing, or the
 *   animation frame's timestamp as the marked fallback).
 * - KEY: a key of the answer, at its event's timestamp (auto-repeats and held keys dropped).
 *   Keys before the keypad's onset belong to no answer. Keys that arrive once the list is on
 *   its time line (its first digit presented) but before the keypad's onset is known wait for
 *   it: those earlier than that onset are then dropped, the rest are the answer's.
 * - INTERRUPTED: the page lost focus or was hidden; the list on screen is marked.
 * - TICK: the clock has reached `atMs` (sent at nextDueMs: the end of the answer).
 */
export type Event =
  | { type: 'START'; atMs: number }
  | { type: 'ONSET'; shown: Shown; atMs: number; method: OnsetMethod }
  | { type: 'KEY'; key: Key; atMs: number; modality: InputModality }
  | { type: 'INTERRUPTED'; atMs: number }
  | { type: 'TICK'; atMs: number };

/** How a direction's practice went: lists given, and whether one was answered correctly. */
export type PracticeSummary = { tries: number; passed: boolean };

/** What the runtime must do after a step: the engine itself never touches a clock or the DOM. */
export type Effect =
  /**
   * Show the intro of a direction's practice or test (or of the rest of it, on resume) and wait
   * for START; `practice` is how that direction's practice went, before its test.
   */
  | {
      type: 'SHOW_BLOCK_INTRO';
      position: Position;
      resumed: boolean;
      practice: PracticeSummary | null;
    }
  /** Present 'Ready' for `trial`'s list so that it falls at `dueAtMs`; report its ONSET. */
  | { type: 'SHOW_READY'; trial: PlannedTrial; dueAtMs: number }
  /** Replace what is shown with a blank at `dueAtMs`. */
  | { type: 'SHOW_BLANK'; dueAtMs: number }
  /** Present digit `index` of the list at `dueAtMs`; report its ONSET. */
  | { type: 'SHOW_DIGIT'; index: number; digit: number; dueAtMs: number }
  /** Replace digit `index` with a blank at `dueAtMs`; report its ONSET (the digit's offset). */
  | { type: 'HIDE_DIGIT'; index: number; dueAtMs: number }
  /** Present the answer prompt and keypad at `dueAtMs` (the last digit goes off); report its ONSET. */
  | { type: 'SHOW_PAD'; dueAtMs: number }
  /** The answer so far changed; `confirmEmpty`: an empty submit waits for a second one. */
  | { type: 'UPDATE_ENTRY'; entered: readonly number[]; confirmEmpty: boolean }
  /** Send the trial to the server (the outbox). */
  | { type: 'RECORD_TRIAL'; trial: Trial }
  /** Show whether the list was right and the right answer; START goes on. */
  | { type: 'SHOW_FEEDBACK'; trial: Trial; next: Position | null }
  /** The run's last list is recorded. */
  | { type: 'FINISHED' };

/** A key the engine keeps: what, when, with what. */
type PressedKey = { key: Key; atMs: number; modality: InputModality };

/** The list on screen and what happened so far. */
export type TrialInProgress = {
  planned: PlannedTrial;
  readyOnsetMs: number | null;
  /** Presented onsets by digit; null until reported. */
  digitOnsetsMs: readonly (number | null)[];
  /** Presented onsets of the blanks after the digits (none without a blank); null until reported. */
  blankOnsetsMs: readonly (number | null)[];
  /** The first digit was presented and the rest of the list scheduled: keys may be the answer's. */
  isScheduled: boolean;
  /** The keypad's presented onset, once reported. */
  padOnset: { atMs: number; method: OnsetMethod } | null;
  /** The answer is open: the keypad's onset and every presentation before it are known. */
  pad: { atMs: number; method: OnsetMethod } | null;
  /** Keys that came once the list was scheduled, before the answer was open. */
  pending: readonly PressedKey[];
  entered: readonly number[];
  nBackspaces: number;
  firstKeyMs: number | null;
  confirmEmpty: boolean;
  interrupted: boolean;
};

/** What the engine carries from list to list. */
export type RunContext = {
  /** performance.timeOrigin: page time + this = device wall-clock time (ms since the epoch). */
  timeOriginMs: number;
  /** The latest key's modality (recorded on a list that timed out without a key). */
  modality: InputModality;
  /**
   * Correctness of every list answered in this run (saved before a resume too), and whether it
   * was interrupted, by position.
   */
  outcomes: ReadonlyMap<string, Outcome>;
};

export type State =
  | { kind: 'waiting'; next: Position; context: RunContext }
  | { kind: 'trial'; trial: TrialInProgress; context: RunContext }
  | {
      kind: 'feedback';
      next: Position | null;
      last: Position;
      context: RunContext;
    }
  | { kind: 'finished'; context: RunContext };

export type Step = { state: State; effects: Effect[] };

export type EngineOptions = {
  config: Config;
  /** The run's trials saved so far: the engine starts where nextPosition says. */
  saved?: readonly SavedTrial[];
  /** performance.timeOrigin of the page. */
  timeOriginMs: number;
  /** The run's input mode before any key. */
  inputModality?: InputModality;
};

function nextOf(config: Config, context: RunContext): Position | null {
  return walkRun(config, (position) => context.outcomes.get(positionKey(position)));
}

/** How a direction's practice went, from the answers known; null without practice lists. */
function practiceSummary(context: RunContext, block: number): PracticeSummary | null {
  const answers = [...context.outcomes.entries()].filter(([key]) =>
    key.startsWith(`practice:${block}:`),
  );
  if (answers.length === 0) return null;
  return {
    tries: answers.length,
    passed: answers.some(([, outcome]) => outcome.isCorrect === true),
  };
}

function intro(next: Position, resumed: boolean, context: RunContext): Step {
  return {
    state: { kind: 'waiting', next, context },
    effects: [
      {
        type: 'SHOW_BLOCK_INTRO',
        position: next,
        resumed,
        practice: next.phase === 'test' ? practiceSummary(context, next.block) : null,
      },
    ],
  };
}

/**
 * The engine's first step: the intro of the part where the run starts (its first list, or the
 * list after the saved ones when a run resumes), or FINISHED if nothing is left.
 */
export function createEngine(options: EngineOptions): Step {
  const { config, saved = [] } = options;
  const outcomeOf = outcomesOf(config, saved);
  const outcomes = new Map<string, Outcome>();
  for (const trial of saved) {
    const outcome = outcomeOf(trial as Position);
    if (outcome !== undefined) outcomes.set(positionKey(trial), outcome);
  }
  const context: RunContext = {
    timeOriginMs: options.timeOriginMs,
    modality: options.inputModality ?? 'keyboard',
    outcomes,
  };
  const next = nextOf(config, context);
  if (!next) return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
  const resumed = saved.some((t) => t.phase === next.phase && t.block === next.block);
  return intro(next, resumed, context);
}

/**
 * The longest an answer may take from the keypad's onset, ms: the response time limit, or
 * without one the longest answer time a trial record accepts (MAX_REACTION_TIME_MS).
 */
export function answerLimitMs(config: Config): number {
  return config.responseTimeLimitMs === 0 ? MAX_REACTION_TIME_MS : config.responseTimeLimitMs;
}

/** When the answer on screen ends unless submitted: its keypad's onset + the answer limit. */
function answerDeadlineMs(config: Config, state: State): number | null {
  if (state.kind !== 'trial' || !state.trial.pad) return null;
  return state.trial.pad.atMs + answerLimitMs(config);
}

/**
 * The time the engine needs a TICK: the answer's deadline plus LATE_KEY_GRACE_MS
 * (keys stamped before the deadline are taken until then), or null without an open answer.
 */
export function nextDueMs(config: Config, state: State): number | null {
  const deadline = answerDeadlineMs(config, state);
  return deadline === null ? null : deadline + LATE_KEY_GRACE_MS;
}

function beginList(
  plan: Plan,
  config: Config,
  position: Position,
  dueAtMs: number,
  context: RunContext,
): Step {
  const planned = plannedTrialAt(plan, config, position);
  if (!planned) {
    throw new Error(
      `The plan has no ${position.phase} block ${position.block} trial ${position.trialNumber}`,
    );
  }
  const trial: TrialInProgress = {
    planned,
    readyOnsetMs: null,
    digitOnsetsMs: Array.from({ length: planned.length }, () => null),
    blankOnsetsMs: Array.from(
      { length: config.digitOffMs > 0 ? planned.length - 1 : 0 },
      () => null,
    ),
    isScheduled: false,
    padOnset: null,
    pad: null,
    pending: [],
    entered: [],
    nBackspaces: 0,
    firstKeyMs: null,
    confirmEmpty: false,
    interrupted: false,
  };
  return {
    state: { kind: 'trial', trial, context },
    effects: [{ type: 'SHOW_READY', trial: planned, dueAtMs }],
  };
}

/** What follows a recorded list (or its feedback): the next list, a part's intro, or the end. */
function proceed(
  plan: Plan,
  config: Config,
  last: Position,
  atMs: number,
  context: RunContext,
): Step {
  const next = nextOf(config, context);
  if (!next) return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
  if (next.phase !== last.phase || next.block !== last.block) return intro(next, false, context);
  return beginList(plan, config, next, atMs, context);
}

/**
 * Every digit's presented onset and offset (the blank after it, or what replaced it: the next
 * digit, or the keypad after the last). A presentation replaced before it was painted (a stalled
 * page draws several in one frame) can be reported later than what replaced it; it takes that
 * time instead, so its exposure is 0 and the times stay in order.
 */
function presentedTimes(
  trial: TrialInProgress,
  padMs: number,
): { onsets: number[]; offsets: number[] } {
  const known = (ms: number | null, what: string) => {
    if (ms === null) throw new Error(`${what} of the list was never presented`);
    return ms;
  };
  const hasBlanks = trial.blankOnsetsMs.length > 0;
  // The presentations in screen order: digit 0, (blank 0,) digit 1, ..., the last digit, the pad.
  const times: number[] = [];
  trial.digitOnsetsMs.forEach((ms, k) => {
    times.push(known(ms, `Digit ${k + 1}`));
    if (hasBlanks && k < trial.blankOnsetsMs.length) {
      times.push(known(trial.blankOnsetsMs[k] ?? null, `The blank after digit ${k + 1}`));
    }
  });
  times.push(padMs);
  for (let i = times.length - 2; i >= 0; i--) {
    times[i] = Math.min(times[i] as number, times[i + 1] as number);
  }
  const step = hasBlanks ? 2 : 1;
  const onsets = trial.digitOnsetsMs.map((_, k) => times[k * step] as number);
  const offsets = onsets.map((_, k) => times[k * step + 1] as number);
  return { onsets, offsets };
}

/** The trial record of the list on screen, answered (submitAtMs) or timed out (null). */
function recordOf(
  trial: TrialInProgress,
  pad: { atMs: number; method: OnsetMethod },
  end: { atMs: number; submit: PressedKey | null },
  context: RunContext,
): Trial {
  const { planned } = trial;
  const entered = formatDigits(trial.entered);
  const timedOut = end.submit === null;
  const { onsets, offsets } = presentedTimes(trial, pad.atMs);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  const modality = end.submit?.modality ?? context.modality;
  return {
    phase: planned.phase,
    block: planned.block,
    trialNumber: planned.trialNumber,
    direction: planned.direction,
    length: planned.length,
    attempt: planned.attempt,
    repeat: planned.repeat,
    interrupted: trial.interrupted,
    presented: planned.presented,
    expected: planned.expected,
    entered,
    nDigitsEntered: trial.entered.length,
    nCorrectPositions: countCorrectPositions(entered, planned.expected),
    firstKeyRt: trial.firstKeyMs === null ? null : trial.firstKeyMs - pad.atMs,
    nBackspaces: trial.nBackspaces,
    timedOut,
    response: end.submit ? (end.submit.modality === 'keyboard' ? 'enter' : 'submit') : null,
    reactionTime: end.submit ? end.submit.atMs - pad.atMs : null,
    isCorrect: isAnswerCorrect(entered, planned.expected, timedOut),
    inputModality: modality,
    startTime: iso(onsets[0] as number),
    endTime: iso(end.atMs),
    timing: {
      stimulusOnsetMs: pad.atMs,
      responseTimestampMs: end.submit?.atMs ?? null,
      onsetMethod: pad.method,
      wasInterrupted: trial.interrupted,
      sequenceOnsetMs: onsets[0] as number,
      digitOnsetsMs: onsets,
      digitOffsetsMs: offsets,
      firstKeyMs: trial.firstKeyMs,
    },
  };
}

/** Ends the list on screen: records it, then feedback or what follows. */
function endList(
  plan: Plan,
  config: Config,
  trial: TrialInProgress,
  pad: { atMs: number; method: OnsetMethod },
  end: { atMs: number; submit: PressedKey | null },
  context: RunContext,
): Step {
  const record = recordOf(trial, pad, end, context);
  const outcomes = new Map(context.outcomes);
  outcomes.set(positionKey(record as Position), {
    isCorrect: record.isCorrect,
    interrupted: record.interrupted,
  });
  const next: RunContext = { ...context, outcomes };
  const last = trial.planned;
  const effects: Effect[] = [{ type: 'RECORD_TRIAL', trial: record }];
  if (hasFeedback(config, last.phase)) {
    const following = nextOf(config, next);
    effects.push({ type: 'SHOW_FEEDBACK', trial: record, next: following });
    return { state: { kind: 'feedback', next: following, last, context: next }, effects };
  }
  const step = proceed(plan, config, last, end.atMs + INTER_TRIAL_MS, next);
  return { state: step.state, effects: [...effects, ...step.effects] };
}

/** Applies one key to the answer on screen (its keypad's onset known). */
function applyKey(
  plan: Plan,
  config: Config,
  trial: TrialInProgress,
  pad: { atMs: number; method: OnsetMethod },
  key: PressedKey,
  context: RunContext,
): Step {
  const withModality = { ...context, modality: key.modality };
  const shown: TrialInProgress = { ...trial, firstKeyMs: trial.firstKeyMs ?? key.atMs };
  if (key.key === 'submit') {
    if (shown.entered.length === 0 && !shown.confirmEmpty) {
      return {
        state: { kind: 'trial', trial: { ...shown, confirmEmpty: true }, context: withModality },
        effects: [{ type: 'UPDATE_ENTRY', entered: shown.entered, confirmEmpty: true }],
      };
    }
    return endList(plan, config, shown, pad, { atMs: key.atMs, submit: key }, withModality);
  }
  let entered = shown.entered;
  let nBackspaces = shown.nBackspaces;
  if (key.key === 'backspace') {
    nBackspaces = Math.min(nBackspaces + 1, MAX_BACKSPACES);
    entered = entered.slice(0, -1);
  } else if (entered.length < MAX_ENTERED_DIGITS) {
    entered = [...entered, Number(key.key)];
  }
  return {
    state: {
      kind: 'trial',
      trial: { ...shown, entered, nBackspaces, confirmEmpty: false },
      context: withModality,
    },
    effects: [{ type: 'UPDATE_ENTRY', entered, confirmEmpty: false }],
  };
}

/** Applies keys in time order until one ends the list; the rest after it are dropped. */
function applyKeys(
  plan: Plan,
  config: Config,
  state: Extract<State, { kind: 'trial' }>,
  keys: readonly PressedKey[],
): Step {
  let current: State = state;
  const effects: Effect[] = [];
  for (const key of [...keys].sort((a, b) => a.atMs - b.atMs)) {
    if (current.kind !== 'trial' || !current.trial.pad) break;
    if (key.atMs < current.trial.pad.atMs) continue;
    const deadline = answerDeadlineMs(config, current);
    if (deadline !== null && key.atMs >= deadline) break;
    const step = applyKey(plan, config, current.trial, current.trial.pad, key, current.context);
    current = step.state;
    effects.push(...step.effects);
  }
  return { state: current, effects };
}

/** The list's presentation after an onset: the blank and first digit, then the rest at once. */
function onOnset(
  config: Config,
  plan: Plan,
  state: Extract<State, { kind: 'trial' }>,
  event: Extract<Event, { type: 'ONSET' }>,
): Step {
  const { trial } = state;
  const { shown, atMs } = event;
  const digits = parseDigits(trial.planned.presented);
  if (shown.kind === 'ready') {
    if (trial.readyOnsetMs !== null) return { state, effects: [] };
    const blankAt = atMs + config.readyMs;
    return {
      state: { ...state, trial: { ...trial, readyOnsetMs: atMs } },
      effects: [
        { type: 'SHOW_BLANK', dueAtMs: blankAt },
        {
          type: 'SHOW_DIGIT',
          index: 0,
          digit: digits[0] as number,
          dueAtMs: blankAt + READY_BLANK_MS,
        },
      ],
    };
  }
  if (shown.kind === 'digit' || shown.kind === 'blank') {
    const field = shown.kind === 'digit' ? 'digitOnsetsMs' : 'blankOnsetsMs';
    const times = trial[field];
    if (times[shown.index] !== null || shown.index >= times.length) return { state, effects: [] };
    const updated = times.map((ms, i) => (i === shown.index ? atMs : ms));
    const next = { ...state, trial: { ...trial, [field]: updated } };
    if (shown.kind === 'blank' || shown.index !== 0) return openAnswer(plan, config, next);
    // Every later onset is due on the first digit's time line: onset k = onset 0 + k x SOA.
    const soa = getSoaMs(config);
    const effects: Effect[] = [];
    digits.forEach((digit, k) => {
      if (k > 0) effects.push({ type: 'SHOW_DIGIT', index: k, digit, dueAtMs: atMs + k * soa });
      if (k < digits.length - 1 && config.digitOffMs > 0) {
        effects.push({ type: 'HIDE_DIGIT', index: k, dueAtMs: atMs + k * soa + config.digitOnMs });
      }
    });
    effects.push({
      type: 'SHOW_PAD',
      dueAtMs: atMs + (digits.length - 1) * soa + config.digitOnMs,
    });
    return { state: { ...next, trial: { ...next.trial, isScheduled: true } }, effects };
  }
  if (trial.padOnset || !trial.isScheduled) return { state, effects: [] };
  const withPad = { ...state, trial: { ...trial, padOnset: { atMs, method: event.method } } };
  return openAnswer(plan, config, withPad);
}

/**
 * Opens the answer once the keypad's onset and every presentation before it are known (on a
 * stalled page the keypad's can come first), then applies the keys that waited for it.
 */
function openAnswer(plan: Plan, config: Config, state: Extract<State, { kind: 'trial' }>): Step {
  const { trial } = state;
  const complete =
    trial.digitOnsetsMs.every((ms) => ms !== null) &&
    trial.blankOnsetsMs.every((ms) => ms !== null);
  if (trial.pad || !trial.padOnset || !complete) return { state, effects: [] };
  const open = { ...state, trial: { ...trial, pad: trial.padOnset, pending: [] } };
  return applyKeys(plan, config, open, trial.pending);
}

/**
 * Digit Span as a pure state machine: (state, event) -> (state, effects). A list's digits are
 * presented on an absolute time line from the first digit's presented onset (onset k = onset 0
 * + k x (on + off)), all scheduled when that onset is known, so no lateness carries over; the
 * keypad replaces the last digit when it goes off. The time line is kept through a stall of the
 * page too: the list keeps its rate and its total duration, and the stalled digit's shortened
 * exposure is in the record (its onset and offset). The answer is typed left to right; an empty
 * submit waits for a second submit; an answer not submitted by its limit (the response time
 * limit, or MAX_REACTION_TIME_MS) ends as timed out. Events that do not fit the state change
 * nothing.
 */
export function step(config: Config, plan: Plan, state: State, event: Event): Step {
  const unchanged: Step = { state, effects: [] };
  switch (event.type) {
    case 'START':
      if (state.kind === 'waiting') {
        return beginList(plan, config, state.next, event.atMs, state.context);
      }
      if (state.kind === 'feedback') {
        return proceed(plan, config, state.last, event.atMs, state.context);
      }
      return unchanged;
    case 'ONSET':
      if (state.kind !== 'trial') return unchanged;
      return onOnset(config, plan, state, event);
    case 'KEY': {
      if (state.kind !== 'trial' || !state.trial.isScheduled) return unchanged;
      const key: PressedKey = { key: event.key, atMs: event.atMs, modality: event.modality };
      if (!state.trial.pad) {
        const pending = [...state.trial.pending, key];
        return { state: { ...state, trial: { ...state.trial, pending } }, effects: [] };
      }
      return applyKeys(plan, config, state, [key]);
    }
    case 'INTERRUPTED':
      if (state.kind !== 'trial') return unchanged;
      return { state: { ...state, trial: { ...state.trial, interrupted: true } }, effects: [] };
    case 'TICK': {
      const due = nextDueMs(config, state);
      const deadline = answerDeadlineMs(config, state);
      if (state.kind !== 'trial' || !state.trial.pad || due === null || deadline === null) {
        return unchanged;
      }
      if (event.atMs < due) return unchanged;
      const { trial } = state;
      return endList(
        plan,
        config,
        trial,
        trial.pad as { atMs: number; method: OnsetMethod },
        { atMs: deadline, submit: null },
        state.context,
      );
    }
  }
}

/** From a prompt's button to the list's 'Ready' cue, ms: the button's overlay is gone by then. */
export const GET_READY_MS = 300;

/** Digit Span's inputs: the answer's keys, typed or on the keypad. */
export type Input = Key;

/**
 * What Digit Span's web task draws: the 'Ready' cue, the blank before the first digit, digit
 * `index` of the list, the blank after it (its offset), and the answer prompt with the keypad
 * and the answer so far.
 */
export type Scene =
  | { kind: 'ready'; position: Position }
  | { kind: 'blank' }
  | { kind: 'digit'; position: Position; index: number; digit: number }
  | { kind: 'digit-off'; index: number }
  | {
      kind: 'pad';
      position: Position;
      entered: readonly number[];
      /** An empty submit waits for a second one. */
      confirmEmpty: boolean;
    };

/**
 * What Digit Span waits on: a part's intro (a resumed part's, and how the practice before a test
 * went), or the feedback after a list and what follows it.
 */
export type Prompt =
  | {
      kind: 'intro';
      position: Position;
      resumed: boolean;
      practice: PracticeSummary | null;
    }
  | { kind: 'feedback'; trial: Trial; next: Position | null };

type DigitSpanEngineEffect = EngineEffect<Scene, Prompt, Trial>;

const positionOf = ({ phase, block, trialNumber }: Position): Position => ({
  phase,
  block,
  trialNumber,
});

/** What an ONSET's scene key names as presented; null for what the engine does not ask about. */
function shownOf(key: string, state: State): Shown | null {
  if (state.kind !== 'trial') return null;
  const prefix = `${positionKey(state.trial.planned)}:`;
  if (!key.startsWith(prefix)) return null;
  const [what, index] = key.slice(prefix.length).split(':');
  switch (what) {
    case 'ready':
      return { kind: 'ready' };
    case 'pad':
      return { kind: 'pad' };
    case 'digit':
      return { kind: 'digit', index: Number(index) };
    case 'off':
      return { kind: 'blank', index: Number(index) };
    default:
      return null;
  }
}

/**
 * Digit Span's effects in the contract's words. Scenes are keyed by the list's position (its
 * 'Ready', blank, digits, the blanks after them and its keypad), so an ONSET names what was
 * presented and the answer so far redraws the keypad in place. `before` is the state the effects
 * came from: the list in force until the next one's 'Ready' is asked for.
 */
function contractEffects(before: State, effects: readonly Effect[]): DigitSpanEngineEffect[] {
  let list: Position | null = before.kind === 'trial' ? positionOf(before.trial.planned) : null;
  const out: DigitSpanEngineEffect[] = [];
  const present = (what: string, scene: Scene, dueAtMs: number | null) => {
    if (!list) return;
    const key = `${positionKey(list)}:${what}`;
    out.push({ type: 'PRESENT', key, scene, dueAtMs, timing: 'frame' });
  };
  for (const effect of effects) {
    switch (effect.type) {
      case 'SHOW_BLOCK_INTRO': {
        const { position, resumed, practice } = effect;
        out.push({
          type: 'PROMPT',
          prompt: { kind: 'intro', position, resumed, practice },
          getReadyMs: GET_READY_MS,
        });
        break;
      }
      case 'SHOW_READY':
        list = positionOf(effect.trial);
        present('ready', { kind: 'ready', position: list }, effect.dueAtMs);
        break;
      case 'SHOW_BLANK':
        present('blank', { kind: 'blank' }, effect.dueAtMs);
        break;
      case 'SHOW_DIGIT':
        if (list) {
          const { index, digit } = effect;
          present(
            `digit:${index}`,
            { kind: 'digit', position: list, index, digit },
            effect.dueAtMs,
          );
        }
        break;
      case 'HIDE_DIGIT':
        present(`off:${effect.index}`, { kind: 'digit-off', index: effect.index }, effect.dueAtMs);
        break;
      case 'SHOW_PAD':
        if (list) {
          const scene = { kind: 'pad', position: list, entered: [], confirmEmpty: false } as const;
          present('pad', scene, effect.dueAtMs);
        }
        break;
      case 'UPDATE_ENTRY':
        if (list) {
          const { entered, confirmEmpty } = effect;
          present('pad', { kind: 'pad', position: list, entered, confirmEmpty }, null);
        }
        break;
      case 'RECORD_TRIAL':
        out.push({ type: 'RECORD', trial: effect.trial });
        break;
      case 'SHOW_FEEDBACK':
        out.push({
          type: 'PROMPT',
          prompt: { kind: 'feedback', trial: effect.trial, next: effect.next },
          getReadyMs: GET_READY_MS,
        });
        break;
      case 'FINISHED':
        out.push({ type: 'FINISHED' });
        break;
    }
  }
  return out;
}

/** Digit Span's event for a contract event in `state`; null for what it does not read. */
function digitSpanEventOf(event: EngineEvent<Input>, state: State): Event | null {
  switch (event.type) {
    case 'INPUT':
      return { type: 'KEY', key: event.input, atMs: event.atMs, modality: event.modality };
    case 'ONSET': {
      const shown = shownOf(event.key, state);
      return shown && { type: 'ONSET', shown, atMs: event.atMs, method: event.method };
    }
    case 'DRAWN':
      return null;
    default:
      return event;
  }
}

/**
 * Digit Span's engine on the task contract: its own engine (createEngine,
 * step) with its effects in the contract's words. Intros and feedback are prompts; a
 * list's digits are scenes on the first digit's time line; the keypad is redrawn in place as the
 * answer changes.
 */
export const engine = translatedEngine({
  start: (config: Config, { saved, timeOriginMs, inputModality }) =>
    createEngine({ config, saved, timeOriginMs, inputModality }),
  step: step,
  eventOf: digitSpanEventOf,
  effectsOf: contractEffects,
  nextDueMs: nextDueMs,
  progress(_config, state) {
    if (state.kind === 'finished') return null;
    const position =
      state.kind === 'trial'
        ? positionOf(state.trial.planned)
        : state.kind === 'feedback'
          ? (state.next ?? state.last)
          : state.next;
    // A part's lists follow the answers: it has no fixed number of them.
    return { position, trialsInBlock: 0, isReminder: false };
  },
  presenting: (state) => state.kind === 'trial',
});
