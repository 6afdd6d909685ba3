import type { SavedTrial } from '../contract';
import type { InputModality } from '../shared/envelope';
import type { Config } from './config';
import {
  createEngine,
  type Effect,
  type Event,
  type Key,
  nextDueMs,
  type Shown,
  type State,
  type Step,
  step,
} from './engine';
import type { Plan, PlannedTrial } from './plan';
import type { Trial } from './trial';

/** What a participant does on one list: the keys of the answer, in ms after the keypad's onset. */
export type ListBehaviour = {
  keys: readonly { key: Key; afterPadMs: number }[];
  /**
   * How much later than its due time each presentation falls, in ms: one figure for all, or one
   * per presentation (a stalled page shows one late).
   */
  onsetLateMs?: number | ((shown: Shown) => number);
  /** The page loses focus just after the first digit is presented (INTERRUPTED). */
  interrupted?: boolean;
};

export type VirtualSessionOptions = {
  config: Config;
  plan: Plan;
  behave: (trial: PlannedTrial) => ListBehaviour;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs: number;
  /** Page time at which the first intro appears. */
  startMs: number;
  /** Time spent on each intro before START, and reading each feedback, ms. */
  introMs: number;
  feedbackMs?: number;
  inputModality?: InputModality;
  /** The trials already saved: the session resumes after them. */
  saved?: readonly SavedTrial[];
  /** Stop after this many trials are recorded (an interrupted session). */
  stopAfterTrials?: number;
};

export type VirtualSession = {
  trials: Trial[];
  events: Event[];
  effects: Effect[];
  state: State;
};

type Presentation = { atMs: number; shown: Shown };

/** The page's time origin of simulated and fixture runs, in ms since the epoch (late 2026). */
export const SIMULATED_TIME_ORIGIN_MS = 1_795_000_000_000;

/**
 * Runs the engine the way the browser runtime does, on a simulated page time line: START after
 * each intro and feedback, an ONSET for each presentation (digits, the blanks after them, the
 * keypad) at its due time plus the behaviour's lateness, in time order, a lost focus after the
 * first digit where the behaviour says so, the participant's keys after the keypad's onset, and
 * a TICK at the end of the answer (nextDueMs). What it
 * records is what a browser would send. Pure: no clock, no timers.
 */
export function runVirtualSession(options: VirtualSessionOptions): VirtualSession {
  const { config, plan } = options;
  const events: Event[] = [];
  const effects: Effect[] = [];
  const trials: Trial[] = [];
  const modality = options.inputModality ?? 'keyboard';
  let presentations: Presentation[] = [];
  // The behaviour of the list on screen: asked once, when its 'Ready' cue is asked for.
  let behaviour: ListBehaviour = { keys: [] };
  const lateMs = (shown: Shown) => {
    const late = behaviour.onsetLateMs ?? 0;
    return typeof late === 'number' ? late : late(shown);
  };
  let nowMs = options.startMs;
  const take = (step: Step) => {
    for (const effect of step.effects) {
      effects.push(effect);
      if (effect.type === 'RECORD_TRIAL') trials.push(effect.trial);
      if (effect.type === 'SHOW_READY') behaviour = options.behave(effect.trial);
      const shown: Shown | null =
        effect.type === 'SHOW_READY'
          ? { kind: 'ready' }
          : effect.type === 'SHOW_DIGIT'
            ? { kind: 'digit', index: effect.index }
            : effect.type === 'HIDE_DIGIT'
              ? { kind: 'blank', index: effect.index }
              : effect.type === 'SHOW_PAD'
                ? { kind: 'pad' }
                : null;
      if (shown && 'dueAtMs' in effect) {
        presentations.push({ atMs: Math.max(effect.dueAtMs, nowMs) + lateMs(shown), shown });
      }
    }
    return step.state;
  };
  let state = take(
    createEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: modality,
    }),
  );
  const send = (event: Event) => {
    events.push(event);
    state = take(step(config, plan, state, event));
  };
  const limit = options.stopAfterTrials ?? Number.POSITIVE_INFINITY;
  let answered: string | null = null;
  while (state.kind !== 'finished' && trials.length < limit) {
    if (state.kind === 'waiting' || state.kind === 'feedback') {
      nowMs += state.kind === 'waiting' ? options.introMs : (options.feedbackMs ?? options.introMs);
      presentations = [];
      send({ type: 'START', atMs: nowMs });
      continue;
    }
    if (state.kind !== 'trial') break;
    const { trial } = state;
    const listKey = `${trial.planned.phase}:${trial.planned.block}:${trial.planned.trialNumber}`;
    if (presentations.length > 0) {
      presentations.sort((a, b) => a.atMs - b.atMs);
      const [first, ...rest] = presentations as [Presentation, ...Presentation[]];
      presentations = rest;
      nowMs = Math.max(nowMs, first.atMs);
      send({ type: 'ONSET', shown: first.shown, atMs: first.atMs, method: 'element-timing' });
      if (behaviour.interrupted && first.shown.kind === 'digit' && first.shown.index === 0) {
        send({ type: 'INTERRUPTED', atMs: first.atMs + 1 });
      }
      continue;
    }
    if (!trial.pad || answered === listKey) {
      throw new Error(`The engine is stuck in ${listKey}`);
    }
    answered = listKey;
    const padMs = trial.pad.atMs;
    const keys = [...behaviour.keys].sort((a, b) => a.afterPadMs - b.afterPadMs);
    for (const { key, afterPadMs } of keys) {
      if (state.kind !== 'trial') break;
      nowMs = Math.max(nowMs, padMs + afterPadMs);
      send({ type: 'KEY', key, atMs: padMs + afterPadMs, modality });
    }
    const dueMs = nextDueMs(config, state);
    if (state.kind === 'trial' && dueMs !== null) {
      nowMs = Math.max(nowMs, dueMs);
      send({ type: 'TICK', atMs: nowMs });
    }
  }
  return { trials, events, effects, state };
}
