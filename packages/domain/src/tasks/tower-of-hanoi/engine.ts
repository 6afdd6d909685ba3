import type { SavedTrial } from '../contract';
import { type EngineEffect, type EngineEvent, translatedEngine } from '../engine';
import type { InputModality, ONSET_METHODS } from '../shared/envelope';
import { attemptEventLimit, attemptLimitMs, type Config, moveLimitOf } from './config';
import { type Plan, type Position, type Problem, problemAt } from './plan';
import { applyMove, isLegalMove, type Peg, topDisc } from './puzzle';
import { type EndReason, type Event, replay, roundMs, statedByEvents } from './replay';
import { positionKey, problemCounts, runOrder } from './run-order';
import type { Trial } from './trial';

export type OnsetMethod = (typeof ONSET_METHODS)[number];

/**
 * What the participant does: choose a peg (a tap or click on it, the end of a drag over it, its
 * key), which lifts its top disc when none is lifted and puts the lifted one there otherwise;
 * or cancel (Esc), which puts the lifted disc back.
 */
export type Input = { kind: 'peg'; peg: Peg } | { kind: 'cancel' };

/**
 * A TICK ends an attempt this long after its time limit, so that an input stamped before the
 * limit but delivered a little after it is still taken, ms.
 */
export const LATE_INPUT_GRACE_MS = 100;

/**
 * What the runtime tells the engine; every time is a page timestamp (performance.now() time
 * line), so the engine reads no clock.
 * - START: the participant pressed the button of an intro or of a problem's result.
 * - ONSET: the problem the engine asked for was presented at `atMs` (Element Timing, or the
 *   animation frame's timestamp, marked).
 * - INPUT: a peg chosen or a cancel, at its input event's timestamp. Inputs that arrive before
 *   the onset is known wait for it; those stamped before it are then dropped.
 * - INTERRUPTED: the page lost focus or was hidden; the problem on screen is marked.
 * - TICK: the clock has reached `atMs` (sent at nextDueMs: an attempt's time limit).
 */
export type StepEvent =
  | { type: 'START'; atMs: number }
  | { type: 'ONSET'; atMs: number; method: OnsetMethod }
  | { type: 'INPUT'; input: Input; atMs: number; modality: InputModality }
  | { type: 'INTERRUPTED'; atMs: number }
  | { type: 'TICK'; atMs: number };

/** What the board shows: the discs' pegs, the disc lifted, the moves and attempt so far. */
export type Board = {
  position: string;
  lifted: { disc: number; from: Peg } | null;
  moves: number;
  attempt: number;
};

/** What the runtime must do after a step: the engine never touches a clock or the DOM. */
export type Effect =
  /**
   * Show the intro of the phase `next` is in (or of the rest of the run) and wait for START.
   * `resumed`: the run goes on after problems recorded before a reload; `restarting`: `next` was
   * begun before a reload and is given again from its start (and flagged restarted).
   */
  | { type: 'SHOW_INTRO'; next: Position; resumed: boolean; restarting: boolean }
  /** Present the problem (its start on the pegs, its goal above them) at once; report its ONSET. */
  | { type: 'SHOW_PROBLEM'; position: Position; problem: Problem }
  /** Something happened on the board: show `board`, and what `event` was (a cue, a message). */
  | { type: 'BOARD_EVENT'; event: Event; board: Board }
  /** Send the trial to the server (the outbox). */
  | { type: 'RECORD_TRIAL'; trial: Trial }
  /** Show how the problem ended; START goes on to `next` (null: the run is done). */
  | { type: 'SHOW_RESULT'; trial: Trial; next: Position | null }
  /** Every problem is recorded. */
  | { type: 'FINISHED' };

type ContractInput = { input: Input; atMs: number; modality: InputModality };

/** The problem on screen and what happened in it so far. Times in `events` are from its onset. */
export type ProblemInProgress = {
  position: Position;
  problem: Problem;
  /** The presentation's page time and how it was measured; null until reported. */
  onset: { atMs: number; method: OnsetMethod } | null;
  /** Inputs that came before the onset was known. */
  pending: readonly ContractInput[];
  board: Board;
  /** When the attempt on screen began, ms from the onset. */
  attemptStartMs: number;
  events: readonly Event[];
  /** The first pickup's page time (the planning time's end); null before one. */
  firstPickupAtMs: number | null;
  interrupted: boolean;
  restarted: boolean;
};

/** What the engine carries from problem to problem. */
export type RunContext = {
  /** performance.timeOrigin: page time + this = device wall-clock time (ms since the epoch). */
  timeOriginMs: number;
  /** The run's input mode, recorded on a problem without any input. */
  modality: InputModality;
  /** Positions recorded in this run (saved before a resume too), by positionKey. */
  done: ReadonlySet<string>;
  /** The problem the page was reloaded in, if any: given again from its start, flagged. */
  restartedKey: string | null;
};

export type State =
  | { kind: 'waiting'; next: Position; context: RunContext }
  | { kind: 'problem'; current: ProblemInProgress; context: RunContext }
  | {
      kind: 'result';
      last: Position;
      next: Position | null;
      context: RunContext;
    }
  | { kind: 'finished'; context: RunContext };

export type Step = { state: State; effects: Effect[] };

export type EngineOptions = {
  config: Config;
  /** The run's trials saved so far: the engine starts at the first problem not among them. */
  saved?: readonly SavedTrial[];
  /** performance.timeOrigin of the page. */
  timeOriginMs: number;
  /** The run's input mode. */
  inputModality?: InputModality;
  /**
   * The position of a problem this page (or an earlier load of it) presented and did not
   * finish: when it is the next one, it is given again from its start and flagged restarted.
   */
  restartedPosition?: Position | null;
};

function nextOf(config: Config, context: RunContext): Position | null {
  return runOrder(config).find((p) => !context.done.has(positionKey(p))) ?? null;
}

/** Is `position` the problem begun before a reload, to be given again from its start? */
const isRestart = (context: RunContext, position: Position) =>
  context.restartedKey === positionKey(position);

/** The intro before `next`. */
function introOf(next: Position, context: RunContext, resumed: boolean): Effect {
  return { type: 'SHOW_INTRO', next, resumed, restarting: isRestart(context, next) };
}

/**
 * The engine's first step: the intro of the phase where the run starts (its first problem, or
 * the first one not saved when a run resumes), or FINISHED if nothing is left.
 */
export function createEngine(options: EngineOptions): Step {
  const { config, saved = [] } = options;
  const order = new Set(runOrder(config).map(positionKey));
  const done = new Set(saved.map(positionKey).filter((key) => order.has(key)));
  const restarted = options.restartedPosition ? positionKey(options.restartedPosition) : null;
  const context: RunContext = {
    timeOriginMs: options.timeOriginMs,
    modality: options.inputModality ?? 'keyboard',
    done,
    restartedKey: restarted !== null && !done.has(restarted) ? restarted : null,
  };
  const next = nextOf(config, context);
  if (!next) return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
  return {
    state: { kind: 'waiting', next, context },
    effects: [introOf(next, context, done.size > 0)],
  };
}

/** When the attempt on screen runs out of time, on the page's time line; null without one. */
function deadlineOf(config: Config, state: State): number | null {
  if (state.kind !== 'problem' || !state.current.onset) return null;
  return state.current.onset.atMs + state.current.attemptStartMs + attemptLimitMs(config);
}

/**
 * The time the engine needs a TICK: the attempt's time limit plus
 * LATE_INPUT_GRACE_MS, or null while no attempt is timed.
 */
export function nextDueMs(config: Config, state: State): number | null {
  const deadline = deadlineOf(config, state);
  return deadline === null ? null : deadline + LATE_INPUT_GRACE_MS;
}

function beginProblem(plan: Plan, position: Position, context: RunContext): Step {
  const problem = problemAt(plan, position);
  if (!problem) {
    throw new Error(`The plan has no ${position.phase} problem ${position.trialNumber}`);
  }
  const current: ProblemInProgress = {
    position,
    problem,
    onset: null,
    pending: [],
    board: { position: problem.start, lifted: null, moves: 0, attempt: 1 },
    attemptStartMs: 0,
    events: [],
    firstPickupAtMs: null,
    interrupted: false,
    restarted: isRestart(context, position),
  };
  return {
    state: { kind: 'problem', current, context },
    effects: [{ type: 'SHOW_PROBLEM', position, problem }],
  };
}

/** The trial record of the problem on screen, ended `endMs` after its onset. */
function recordOf(
  config: Config,
  current: ProblemInProgress,
  onset: { atMs: number; method: OnsetMethod },
  endMs: number,
  reason: EndReason,
  context: RunContext,
): Trial {
  const { problem, position, events } = current;
  const { summary } = replay(problem, events, config);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  return {
    phase: position.phase,
    block: position.block,
    trialNumber: position.trialNumber,
    problemId: problem.id,
    discs: problem.discs,
    start: problem.start,
    goal: problem.goal,
    minMoves: problem.minMoves,
    events: [...events],
    solved: summary.solved,
    endReason: reason,
    timedOut: reason === 'timeLimit',
    ...statedByEvents(summary),
    totalTimeMs: endMs,
    restarted: current.restarted,
    response: null,
    isCorrect: summary.solved,
    inputModality: events.find((e) => e.modality !== null)?.modality ?? context.modality,
    startTime: iso(onset.atMs),
    endTime: iso(onset.atMs + endMs),
    timing: {
      stimulusOnsetMs: onset.atMs,
      responseTimestampMs: current.firstPickupAtMs,
      onsetMethod: onset.method,
      wasInterrupted: current.interrupted,
      endMs: onset.atMs + endMs,
    },
  };
}

/** Ends the problem on screen: records it and shows how it ended. */
function endProblem(
  config: Config,
  state: Extract<State, { kind: 'problem' }>,
  endMs: number,
  reason: EndReason,
  effects: Effect[],
): Step {
  const { current, context } = state;
  const onset = current.onset as { atMs: number; method: OnsetMethod };
  const trial = recordOf(config, current, onset, endMs, reason, context);
  const done = new Set(context.done);
  done.add(positionKey(current.position));
  const nextContext = { ...context, done };
  const next = nextOf(config, nextContext);
  effects.push({ type: 'RECORD_TRIAL', trial }, { type: 'SHOW_RESULT', trial, next });
  return {
    state: { kind: 'result', last: current.position, next, context: nextContext },
    effects,
  };
}

/**
 * Adds an event to the problem on screen, then ends the problem or the attempt if the event
 * does: the goal reached, or the attempt's move limit or its share of the record reached (a
 * reset when an attempt is left, the problem's end otherwise).
 */
function addEvent(
  config: Config,
  state: Extract<State, { kind: 'problem' }>,
  event: Omit<Event, 'sinceLastMs'>,
  board: Board,
  effects: Effect[],
): Step {
  const { current } = state;
  const lastMs = current.events.at(-1)?.atMs ?? 0;
  const recorded: Event = { ...event, sinceLastMs: roundMs(event.atMs - lastMs) };
  const events = [...current.events, recorded];
  const updated = { ...state, current: { ...current, events, board } };
  effects.push({ type: 'BOARD_EVENT', event: recorded, board });
  if (event.type === 'drop' && board.position === current.problem.goal) {
    return endProblem(config, updated, event.atMs, 'solved', effects);
  }
  if (event.type === 'reset') return { state: updated, effects };
  const limit = moveLimitOf(config, current.problem.minMoves);
  const atMoveLimit = event.type === 'drop' && limit !== null && board.moves >= limit;
  const attemptEvents = events.length - 1 - events.findLastIndex((e) => e.type === 'reset');
  const atEventLimit = attemptEvents >= attemptEventLimit(config);
  if (!atMoveLimit && !atEventLimit) return { state: updated, effects };
  if (board.attempt < config.maxAttempts) {
    return resetAttempt(config, updated, event.atMs, effects);
  }
  return endProblem(config, updated, event.atMs, atMoveLimit ? 'moveLimit' : 'eventLimit', effects);
}

/** The attempt on screen ended unsolved with another left: the discs go back to the start. */
function resetAttempt(
  config: Config,
  state: Extract<State, { kind: 'problem' }>,
  atMs: number,
  effects: Effect[],
): Step {
  const { current } = state;
  const board: Board = {
    position: current.problem.start,
    lifted: null,
    moves: 0,
    attempt: current.board.attempt + 1,
  };
  const step = addEvent(
    config,
    state,
    {
      type: 'reset',
      disc: null,
      from: null,
      to: null,
      legal: true,
      before: current.board.position,
      after: current.problem.start,
      atMs,
      modality: null,
    },
    board,
    effects,
  );
  if (step.state.kind !== 'problem') return step;
  return {
    state: { ...step.state, current: { ...step.state.current, attemptStartMs: atMs } },
    effects: step.effects,
  };
}

/** Applies one input (stamped within the attempt on screen: from its start, before its limit). */
function applyInput(
  config: Config,
  state: Extract<State, { kind: 'problem' }>,
  input: ContractInput,
  effects: Effect[],
): Step {
  const { current } = state;
  const onset = current.onset as { atMs: number };
  const lastMs = current.events.at(-1)?.atMs ?? 0;
  // An input stamped before the previous event (two input sources a hair apart) takes its time.
  const atMs = Math.max(roundMs(input.atMs - onset.atMs), lastMs);
  const { board } = current;
  const { position, lifted } = board;
  const base = { before: position, after: position, atMs, modality: input.modality };
  if (input.input.kind === 'cancel') {
    if (!lifted) return { state, effects };
    const event = {
      ...base,
      type: 'cancel',
      disc: lifted.disc,
      from: lifted.from,
      to: lifted.from,
      legal: true,
    } as const;
    return addEvent(config, state, event, { ...board, lifted: null }, effects);
  }
  const { peg } = input.input;
  if (!lifted) {
    const top = topDisc(position, peg);
    if (top === null) {
      const event = {
        ...base,
        type: 'emptySource',
        disc: null,
        from: peg,
        to: null,
        legal: true,
      } as const;
      return addEvent(config, state, event, board, effects);
    }
    const event = { ...base, type: 'pickup', disc: top, from: peg, to: null, legal: true } as const;
    // The planning time's end as recorded (to the µs), so that it and the timestamp agree.
    const firstPickupAtMs = current.firstPickupAtMs ?? onset.atMs + atMs;
    const picked = { ...state, current: { ...current, firstPickupAtMs } };
    return addEvent(config, picked, event, { ...board, lifted: { disc: top, from: peg } }, effects);
  }
  const moving = { disc: lifted.disc, from: lifted.from, to: peg };
  if (peg === lifted.from) {
    return addEvent(
      config,
      state,
      { ...base, ...moving, type: 'cancel', legal: true },
      { ...board, lifted: null },
      effects,
    );
  }
  if (!isLegalMove(position, lifted.from, peg)) {
    return addEvent(
      config,
      state,
      { ...base, ...moving, type: 'illegal', legal: false },
      board,
      effects,
    );
  }
  const after = applyMove(position, lifted.from, peg);
  return addEvent(
    config,
    state,
    { ...base, ...moving, type: 'drop', legal: true, after },
    { ...board, position: after, lifted: null, moves: board.moves + 1 },
    effects,
  );
}

/**
 * Applies inputs in order until one ends the problem. Inputs outside the attempt on screen are
 * dropped: stamped before the onset, before the attempt began (an input of the attempt that
 * just ended, delivered after its reset), or at or after its time limit.
 */
function applyInputs(
  config: Config,
  state: Extract<State, { kind: 'problem' }>,
  inputs: readonly ContractInput[],
): Step {
  let current: State = state;
  const effects: Effect[] = [];
  for (const input of inputs) {
    if (current.kind !== 'problem' || !current.current.onset) break;
    const { onset, attemptStartMs } = current.current;
    const deadline = deadlineOf(config, current);
    if (input.atMs < onset.atMs) continue;
    if (roundMs(input.atMs - onset.atMs) < attemptStartMs) continue;
    if (deadline !== null && input.atMs >= deadline) continue;
    current = applyInput(config, current, input, effects).state;
  }
  return { state: current, effects };
}

/**
 * The Tower of Hanoi as a pure state machine: (state, event) -> (state, effects). A problem is
 * presented whole (its start and its goal); its onset is that presentation. Every input is
 * judged by the rules at its own timestamp: a peg chosen lifts its top disc (or, when it is
 * empty, counts as an empty-source tap), or puts the lifted disc down: back on its own peg is a
 * cancel, on a larger disc or an empty peg a move, on a smaller disc a refused (illegal) drop
 * that leaves the disc lifted. The problem ends when the goal is reached, or unsolved when the
 * last attempt's time or move limit is reached (an earlier attempt's ends in a reset to the
 * start), or when an attempt fills its share of the record (likewise). Events that do not fit
 * the state change nothing.
 */
export function step(config: Config, plan: Plan, state: State, event: StepEvent): Step {
  const unchanged: Step = { state, effects: [] };
  switch (event.type) {
    case 'START':
      if (state.kind === 'waiting') return beginProblem(plan, state.next, state.context);
      if (state.kind === 'result') {
        const { next, last, context } = state;
        if (!next) return { state: { kind: 'finished', context }, effects: [{ type: 'FINISHED' }] };
        if (next.phase !== last.phase) {
          return {
            state: { kind: 'waiting', next, context },
            effects: [introOf(next, context, false)],
          };
        }
        return beginProblem(plan, next, context);
      }
      return unchanged;
    case 'ONSET': {
      if (state.kind !== 'problem' || state.current.onset) return unchanged;
      const { pending } = state.current;
      const shown = {
        ...state,
        current: {
          ...state.current,
          onset: { atMs: event.atMs, method: event.method },
          pending: [],
        },
      };
      return applyInputs(config, shown, pending);
    }
    case 'INPUT': {
      if (state.kind !== 'problem') return unchanged;
      const input: ContractInput = {
        input: event.input,
        atMs: event.atMs,
        modality: event.modality,
      };
      if (!state.current.onset) {
        const pending = [...state.current.pending, input];
        return { state: { ...state, current: { ...state.current, pending } }, effects: [] };
      }
      return applyInputs(config, state, [input]);
    }
    case 'INTERRUPTED':
      if (state.kind !== 'problem') return unchanged;
      return { state: { ...state, current: { ...state.current, interrupted: true } }, effects: [] };
    case 'TICK': {
      const due = nextDueMs(config, state);
      if (state.kind !== 'problem' || due === null || event.atMs < due) return unchanged;
      const endMs = roundMs(state.current.attemptStartMs + attemptLimitMs(config));
      if (state.current.board.attempt < config.maxAttempts) {
        return resetAttempt(config, state, endMs, []);
      }
      return endProblem(config, state, endMs, 'timeLimit', []);
    }
  }
}

/**
 * What the Tower of Hanoi's web task draws: the problem (its goal and the pegs) with the board
 * the engine gives, and the last thing that happened on it (`event`, null when it is first
 * shown; `eventCount` of them so far, so a repeated event is a new scene).
 */
export type Scene = {
  kind: 'problem';
  position: Position;
  problem: Problem;
  board: Board;
  event: Event | null;
  eventCount: number;
};

/**
 * What the Tower of Hanoi waits on: a phase's intro (a resumed run's, or one before a problem
 * begun before a reload and given again), or how a problem ended and what follows.
 */
export type Prompt =
  | { kind: 'intro'; next: Position; resumed: boolean; restarting: boolean }
  | { kind: 'result'; trial: Trial; next: Position | null };

type TowerOfHanoiEngineEffect = EngineEffect<Scene, Prompt, Trial>;

const problemKey = (position: Position) => `${positionKey(position)}:problem`;

/**
 * The Tower of Hanoi's effects in the contract's words: the problem is one scene, shown at once
 * and changed in place by every board event. `before` is the state the effects came from.
 */
function contractEffects(before: State, effects: readonly Effect[]): TowerOfHanoiEngineEffect[] {
  let scene: Scene | null =
    before.kind === 'problem'
      ? {
          kind: 'problem',
          position: before.current.position,
          problem: before.current.problem,
          board: before.current.board,
          event: null,
          eventCount: before.current.events.length,
        }
      : null;
  const out: TowerOfHanoiEngineEffect[] = [];
  const present = (next: Scene) => {
    scene = next;
    out.push({
      type: 'PRESENT',
      key: problemKey(next.position),
      scene: next,
      dueAtMs: null,
      timing: 'frame',
    });
  };
  for (const effect of effects) {
    switch (effect.type) {
      case 'SHOW_INTRO': {
        const { next, resumed, restarting } = effect;
        out.push({
          type: 'PROMPT',
          prompt: { kind: 'intro', next, resumed, restarting },
          getReadyMs: 0,
        });
        break;
      }
      case 'SHOW_PROBLEM': {
        const { position, problem } = effect;
        const board = { position: problem.start, lifted: null, moves: 0, attempt: 1 };
        present({ kind: 'problem', position, problem, board, event: null, eventCount: 0 });
        break;
      }
      case 'BOARD_EVENT':
        if (scene) {
          const { event, board } = effect;
          present({ ...scene, board, event, eventCount: scene.eventCount + 1 });
        }
        break;
      case 'RECORD_TRIAL':
        out.push({ type: 'RECORD', trial: effect.trial });
        break;
      case 'SHOW_RESULT':
        out.push({
          type: 'PROMPT',
          prompt: { kind: 'result', trial: effect.trial, next: effect.next },
          getReadyMs: 0,
        });
        break;
      case 'FINISHED':
        out.push({ type: 'FINISHED' });
        break;
    }
  }
  return out;
}

/** The Tower of Hanoi's event for a contract event in `state`; null for what it does not read. */
function towerOfHanoiEventOf(event: EngineEvent<Input>, state: State): StepEvent | null {
  switch (event.type) {
    case 'ONSET':
      return state.kind === 'problem' && event.key === problemKey(state.current.position)
        ? { type: 'ONSET', atMs: event.atMs, method: event.method }
        : null;
    case 'DRAWN':
      return null;
    default:
      return event;
  }
}

/**
 * The Tower of Hanoi's engine on the task contract: its own engine (createEngine,
 * step) with its effects in the contract's words. The open position is the problem
 * this browser presented and did not record before a reload: given again from its start.
 */
export const engine = translatedEngine({
  start: (config: Config, { saved, timeOriginMs, inputModality, openPosition }) =>
    createEngine({
      config,
      saved,
      timeOriginMs,
      inputModality,
      restartedPosition: openPosition as Position | null,
    }),
  step: step,
  eventOf: towerOfHanoiEventOf,
  effectsOf: contractEffects,
  nextDueMs: nextDueMs,
  progress(config, state) {
    if (state.kind === 'finished') return null;
    const position =
      state.kind === 'problem'
        ? state.current.position
        : state.kind === 'result'
          ? (state.next ?? state.last)
          : state.next;
    const trialsInBlock = problemCounts(config)[position.phase];
    return { position, trialsInBlock, isReminder: false };
  },
  presenting: (state) => state.kind === 'problem',
});
