import type { SavedTrial } from '../contract';
import type { InputModality } from '../shared/envelope';
import type { Config } from './config';
import {
  type Board,
  createEngine,
  type Effect,
  type Input,
  LATE_INPUT_GRACE_MS,
  nextDueMs,
  type State,
  type Step,
  type StepEvent,
  step,
} from './engine';
import type { Plan, Position, Problem } from './plan';
import type { Trial } from './trial';

/** What a participant does next on a problem: an input, this long after the previous one. */
export type NextInput = {
  input: Input;
  afterMs: number;
  modality?: InputModality;
};

/**
 * How a participant plays one problem: asked for the next input with the board as it is now and
 * the time since the onset; null when they do nothing more (the time limit ends the attempt).
 */
export type Behaviour = (view: { board: Board; sinceOnsetMs: number }) => NextInput | null;

export type VirtualSessionOptions = {
  config: Config;
  plan: Plan;
  /** The participant's play of a problem: made when the problem is presented. */
  behave: (position: Position, problem: Problem) => Behaviour;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs: number;
  /** Page time at which the first intro appears. */
  startMs: number;
  /** Time spent on each intro before START, and on each problem's result, ms. */
  introMs: number;
  resultMs?: number;
  /** From START to the problem's presented onset, ms. */
  onsetDelayMs?: number;
  inputModality?: InputModality;
  /** The trials already saved: the session resumes after them. */
  saved?: readonly SavedTrial[];
  restartedPosition?: Position | null;
  /** Stop after this many trials are recorded (an interrupted session). */
  stopAfterTrials?: number;
};

export type VirtualSession = {
  trials: Trial[];
  events: StepEvent[];
  effects: Effect[];
  state: State;
};

/** The page's time origin of simulated and fixture runs, in ms since the epoch (late 2026). */
export const SIMULATED_TIME_ORIGIN_MS = 1_795_000_000_000;

/**
 * Runs the engine the way the browser runtime does, on a simulated page time line: START after
 * each intro and result, the problem's ONSET a little after it, the participant's inputs at
 * their times, and a TICK when an attempt's time is up. What it records is what a browser
 * would send. Pure: no clock, no timers.
 */
export function runVirtualSession(options: VirtualSessionOptions): VirtualSession {
  const { config, plan } = options;
  const events: StepEvent[] = [];
  const effects: Effect[] = [];
  const trials: Trial[] = [];
  const modality = options.inputModality ?? 'mouse';
  let behaviour: Behaviour = () => null;
  let nowMs = options.startMs;
  const take = (step: Step) => {
    for (const effect of step.effects) {
      effects.push(effect);
      if (effect.type === 'RECORD_TRIAL') trials.push(effect.trial);
      if (effect.type === 'SHOW_PROBLEM')
        behaviour = options.behave(effect.position, effect.problem);
    }
    return step.state;
  };
  let state = take(
    createEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: modality,
      restartedPosition: options.restartedPosition,
    }),
  );
  const send = (event: StepEvent) => {
    events.push(event);
    state = take(step(config, plan, state, event));
  };
  const limit = options.stopAfterTrials ?? Number.POSITIVE_INFINITY;
  while (state.kind !== 'finished' && trials.length < limit) {
    if (state.kind === 'waiting' || state.kind === 'result') {
      nowMs += state.kind === 'waiting' ? options.introMs : (options.resultMs ?? options.introMs);
      send({ type: 'START', atMs: nowMs });
      continue;
    }
    if (state.kind !== 'problem') break;
    const { current } = state;
    if (!current.onset) {
      nowMs += options.onsetDelayMs ?? 16.5;
      send({ type: 'ONSET', atMs: nowMs, method: 'element-timing' });
      continue;
    }
    const next = behaviour({ board: current.board, sinceOnsetMs: nowMs - current.onset.atMs });
    const dueMs = nextDueMs(config, state) as number;
    const atMs = next === null ? Number.POSITIVE_INFINITY : nowMs + next.afterMs;
    if (next === null || atMs >= dueMs - LATE_INPUT_GRACE_MS) {
      nowMs = Math.max(nowMs, dueMs);
      send({ type: 'TICK', atMs: nowMs });
      continue;
    }
    nowMs = atMs;
    send({ type: 'INPUT', input: next.input, atMs, modality: next.modality ?? modality });
  }
  return { trials, events, effects, state };
}
