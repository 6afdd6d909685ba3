import type { SavedTrial } from './contract';
import type { InputModality, ONSET_METHODS, TrialPosition } from './shared/envelope';

/**
 * The engine every task puts on its definition (ADR 039): a pure state machine that reads no
 * clock and touches no DOM. The browser's task host sends it what happened, each with its page
 * timestamp (`atMs`, the performance.now() time line), and does what its effects say: shows a
 * prompt and waits, presents a scene at a due time, records a trial, ends the run. One
 * vocabulary serves every task, so one host runs them all.
 */

/** How a presentation's time was measured: Element Timing, or the frame's timestamp. */
export type OnsetMethod = (typeof ONSET_METHODS)[number];

/**
 * What the host tells the engine:
 * - START: the participant pressed a prompt's button (the host adds its get-ready pause first
 *   where the prompt asks for one).
 * - DRAWN: the scene `key` was put on the stage (a task that counts from it reads it).
 * - ONSET: the scene `key` was presented at `atMs`; `measured` holds what the web task read off
 *   the page as it was presented (e.g. the SART digit's rendered font size).
 * - INPUT: a response: the task's own input (a mapped key, a button, a place on the stage) at its
 *   event's timestamp, with the modality it came by. Auto-repeats are dropped before.
 * - INTERRUPTED: the page lost focus or was hidden.
 * - TICK: the clock reached `atMs`; the host sends one when `nextDueMs` says.
 */
export type EngineEvent<Input> =
  | { type: 'START'; atMs: number }
  | { type: 'DRAWN'; key: string; atMs: number }
  | {
      type: 'ONSET';
      key: string;
      atMs: number;
      method: OnsetMethod;
      measured?: Readonly<Record<string, number>>;
    }
  | { type: 'INPUT'; atMs: number; modality: InputModality; input: Input }
  | { type: 'INTERRUPTED'; atMs: number }
  | { type: 'TICK'; atMs: number };

/**
 * When a scene is presented. 'frame': an onset on an absolute time line, drawn in the frame whose
 * presentation is nearest `dueAtMs` (the fixed-SOA tasks' stimuli, and what replaces them), or
 * in the next frame when `dueAtMs` is null: at once, for what an input changes (a mask that
 * turns green). 'timer': the end of a timed display, `dueAtMs` being its presented onset plus
 * its duration; the scene is inserted from a timer by the usual delay from insertion to
 * presentation before it (FrameTimer, ADR 014: Stroop's stimulus after its 1400 ms cue), as a
 * display without a fixed refresh would put it on a frame grid of its own.
 */
export type PresentTiming = 'frame' | 'timer';

/**
 * What the host does after a step:
 * - PROMPT: clear the stage, show the task's prompt (a block's intro, a rest, a practice
 *   result), and wait for START. `getReadyMs`: the pause between the button and START.
 * - PRESENT: put `scene` on the stage under `key`. A PRESENT for a key that is already on its way
 *   replaces that scene and keeps its time; for a key on the stage it redraws it there. A
 *   scene due before one presented later is not drawn (it was overtaken, e.g. by feedback).
 * - WITHDRAW: call off the scene `key` if it is still on its way (the PVT's counter after a
 *   false start); one on the stage stays there until another scene replaces it.
 * - RECORD: put the trial in the outbox.
 * - FINISHED: the run's last trial is recorded.
 */
export type EngineEffect<Scene, Prompt, Trial> =
  | { type: 'PROMPT'; prompt: Prompt; getReadyMs: number }
  | { type: 'PRESENT'; key: string; scene: Scene; dueAtMs: number | null; timing: PresentTiming }
  | { type: 'WITHDRAW'; key: string }
  | { type: 'RECORD'; trial: Trial }
  | { type: 'FINISHED' };

/** A step's result: the engine's next state and what the host does. */
export type EngineStep<State, Scene, Prompt, Trial> = {
  state: State;
  effects: EngineEffect<Scene, Prompt, Trial>[];
};

/** What a run's engine starts from, beside its configuration and plan. */
export type EngineStart = {
  /** The run's trials saved so far (with their `runOrderFields`): the run goes on after them. */
  saved: readonly SavedTrial[];
  /** performance.timeOrigin of the page: page time + this = the device's wall-clock time. */
  timeOriginMs: number;
  /** The run's input mode before any response (recorded on trials without one). */
  inputModality: InputModality;
  /**
   * The trial this browser presented and did not record before a reload, if any: a task whose
   * trial cannot be taken up halfway starts it again (the Tower of Hanoi); others ignore it.
   */
  openPosition: TrialPosition | null;
};

/** Where a run stands, for the progress line: the position and the trials of its block. */
export type EngineProgress = {
  /** The trial on screen, or the next to come (between blocks: the next block's first). */
  position: TrialPosition;
  /** 0 when the block has no fixed number of trials (the PVT's test runs for a time). */
  trialsInBlock: number;
  /** A trial shown again on resume as a reminder, nothing of it recorded. */
  isReminder: boolean;
};

/**
 * One run's engine, bound to the run's configuration and plan (`TaskEngine.forRun`). `start`
 * gives the first state and effects, `step` the next; `nextDueMs` says when a TICK is due
 * (null: none); `progress` where the run stands (null at the end); `presenting` whether trials
 * are on, so that the host captures the task's keys (between prompts they are the page's).
 */
export type RunEngine<State, Input, Scene, Prompt, Trial> = {
  start(options: EngineStart): EngineStep<State, Scene, Prompt, Trial>;
  step(state: State, event: EngineEvent<Input>): EngineStep<State, Scene, Prompt, Trial>;
  nextDueMs(state: State): number | null;
  progress(state: State): EngineProgress | null;
  presenting(state: State): boolean;
};

/**
 * A task's engine: a run's engine from the run's configuration (as the server resolved it) and
 * its plan (the definition's `plan(seed, config)`, the one the server checks saves against).
 */
export type TaskEngine<Config, Plan, State, Input, Scene, Prompt, Trial> = {
  forRun(config: Config, plan: Plan): RunEngine<State, Input, Scene, Prompt, Trial>;
};

/** An engine with its types erased: what the registry's definitions hold. */
export type AnyTaskEngine = TaskEngine<
  unknown,
  unknown,
  unknown,
  unknown,
  unknown,
  unknown,
  unknown
>;

/**
 * Whether two scenes show the same: the host leaves a scene on the stage alone when the engine
 * asks for it again unchanged, and the fixed-SOA engine asks again only when an offset changed.
 */
export const isSameScene = (a: unknown, b: unknown): boolean =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What a task whose own engine speaks its own words gives `translatedEngine`: its first step
 * and its step, how a contract event becomes one of its events (null: it does not read it), how
 * its effects become the contract's (with the state they came from), and its clock and progress.
 */
export type OwnEngineSpec<Config, Plan, State, OwnEvent, OwnEffect, Input, Scene, Prompt, Trial> = {
  start(config: Config, options: EngineStart): { state: State; effects: OwnEffect[] };
  step(
    config: Config,
    plan: Plan,
    state: State,
    event: OwnEvent,
  ): { state: State; effects: OwnEffect[] };
  eventOf(event: EngineEvent<Input>, state: State): OwnEvent | null;
  effectsOf(before: State, effects: readonly OwnEffect[]): EngineEffect<Scene, Prompt, Trial>[];
  nextDueMs(config: Config, state: State): number | null;
  progress(config: Config, state: State): EngineProgress | null;
  presenting(state: State): boolean;
};

/** A task's own engine on the contract: its events and effects translated, step by step. */
export function translatedEngine<
  Config,
  Plan,
  State,
  OwnEvent,
  OwnEffect,
  Input,
  Scene,
  Prompt,
  Trial,
>(
  spec: OwnEngineSpec<Config, Plan, State, OwnEvent, OwnEffect, Input, Scene, Prompt, Trial>,
): TaskEngine<Config, Plan, State, Input, Scene, Prompt, Trial> {
  return {
    forRun(config, plan) {
      return {
        start(options) {
          const first = spec.start(config, options);
          return { state: first.state, effects: spec.effectsOf(first.state, first.effects) };
        },
        step(state, event) {
          const own = spec.eventOf(event, state);
          if (own === null) return { state, effects: [] };
          const next = spec.step(config, plan, state, own);
          return { state: next.state, effects: spec.effectsOf(state, next.effects) };
        },
        nextDueMs: (state) => spec.nextDueMs(config, state),
        progress: (state) => spec.progress(config, state),
        presenting: (state) => spec.presenting(state),
      };
    },
  };
}
