import type { SavedTrial } from '../contract';
import type { InputModality } from '../shared/envelope';
import type { Config } from './config';
import {
  createEngine,
  type Effect,
  type Event,
  nextDueMs,
  type State,
  type Step,
  step,
} from './engine';
import type { Plan, Position } from './plan';
import type { Trial } from './trial';

/** One foreperiod of a trial, as the simulated participant meets it. */
export type AttemptInfo = {
  position: Position;
  /** 0 for the trial's first foreperiod, then one more after each false start. */
  attempt: number;
  /** The interval drawn, from the foreperiod's start to the counter's due onset, ms. */
  foreperiodMs: number;
  /**
   * How long the stage is blank before the counter is due, ms: the interval without the feedback
   * or 'Too soon!' shown in its first part (when intervals are counted from the response).
   */
  waitMs: number;
};

/** What a participant does on one foreperiod, and how the page presents its counter. */
export type AttemptBehaviour = {
  /**
   * A press this many ms after the stage went blank (the feedback or 'Too soon!' over): a false
   * start if it comes before the counter's onset, the response if after it.
   */
  falseStartAfterMs?: number;
  /** The response, ms after the counter's presented onset; null: none (a timeout). */
  rtMs: number | null;
  /** Presses during the feedback after the response, ms after it. */
  extraPressesAfterMs?: readonly number[];
  /** After a timeout, the press that goes on, ms after it (default 1500). */
  continueAfterMs?: number;
  /** How much later than its due time the counter is presented, ms (default 0). */
  onsetLateMs?: number;
  /** The page lost focus during the foreperiod. */
  interrupted?: boolean;
};

export type VirtualSessionOptions = {
  config: Config;
  plan: Plan;
  behave: (attempt: AttemptInfo) => AttemptBehaviour;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs: number;
  /** Page time at which the intro appears. */
  startMs: number;
  /** Time on the intro before START, ms. */
  introMs: number;
  inputModality?: InputModality;
  /** The trials already saved, with their run-order fields: the session resumes after them. */
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

/** The page's time origin of simulated and fixture runs, in ms since the epoch (late 2026). */
export const SIMULATED_TIME_ORIGIN_MS = 1_795_000_000_000;

/** How long before its presentation the simulated page puts a counter on the stage, ms. */
const DRAW_LATENCY_MS = 8;

/**
 * Runs the engine the way the browser runtime does, on a simulated page time line: START after
 * the intro; for each foreperiod the participant's false start (a press once the stage is blank,
 * before the counter), or the counter drawn and presented at its due time plus the behaviour's
 * lateness and the response
 * (or a TICK at the timeout, then a press to go on); presses during the feedback; a TICK at the
 * end of each feedback and 'Too soon!'. What it records is what a browser would send. Pure: no
 * clock, no timers.
 */
export function runVirtualSession(options: VirtualSessionOptions): VirtualSession {
  const { config, plan } = options;
  const events: Event[] = [];
  const effects: Effect[] = [];
  const trials: Trial[] = [];
  const modality = options.inputModality ?? 'keyboard';
  let nowMs = options.startMs;
  let counter: { position: Position; draw: number; dueAtMs: number } | null = null;
  const take = (step: Step) => {
    for (const effect of step.effects) {
      effects.push(effect);
      if (effect.type === 'RECORD_TRIAL') trials.push(effect.trial);
      if (effect.type === 'SHOW_COUNTER') counter = effect;
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
    nowMs = Math.max(nowMs, event.atMs);
    state = take(step(config, plan, state, event));
  };
  const press = (atMs: number) => send({ type: 'PRESS', atMs, modality });
  const tick = () => {
    const due = nextDueMs(config, state);
    if (due === null) throw new Error('The PVT engine waits for nothing');
    send({ type: 'TICK', atMs: Math.max(nowMs, due) });
  };
  const limit = options.stopAfterTrials ?? Number.POSITIVE_INFINITY;
  let behaviour: AttemptBehaviour = { rtMs: null };
  while (state.kind !== 'finished' && trials.length < limit) {
    if (state.kind === 'waiting') {
      send({ type: 'START', atMs: nowMs + options.introMs });
      continue;
    }
    const { trial } = state;
    if (trial.stage === 'too-soon' || trial.stage === 'feedback') {
      tick();
      continue;
    }
    if (trial.stage === 'timed-out') {
      press((trial.timedOutAtMs ?? nowMs) + (behaviour.continueAfterMs ?? 1500));
      continue;
    }
    const { attempt } = trial;
    const shown = counter as { draw: number; dueAtMs: number } | null;
    if (!shown || shown.draw !== attempt.draw) throw new Error('The PVT engine showed no counter');
    behaviour = options.behave({
      position: trial.position,
      attempt: trial.falseStarts.length,
      foreperiodMs: attempt.foreperiodMs,
      waitMs: attempt.startMs + attempt.foreperiodMs - attempt.openMs,
    });
    const onsetMs = shown.dueAtMs + (behaviour.onsetLateMs ?? 0);
    if (behaviour.interrupted) send({ type: 'INTERRUPTED', atMs: attempt.openMs + 1 });
    const falseStartMs =
      behaviour.falseStartAfterMs === undefined
        ? null
        : attempt.openMs + behaviour.falseStartAfterMs;
    if (falseStartMs !== null && falseStartMs < onsetMs - DRAW_LATENCY_MS) {
      press(falseStartMs);
      continue;
    }
    send({ type: 'DRAWN', draw: attempt.draw, atMs: onsetMs - DRAW_LATENCY_MS });
    // Pressed after the counter was put on the stage but before its onset: the onset decides.
    if (falseStartMs !== null && falseStartMs < onsetMs) press(falseStartMs);
    send({ type: 'ONSET', draw: attempt.draw, atMs: onsetMs, method: 'element-timing' });
    if (state.kind !== 'trial' || state.trial.stage !== 'foreperiod') continue;
    // A press meant before the counter that comes after its onset is the response.
    const responseMs = falseStartMs ?? (behaviour.rtMs === null ? null : onsetMs + behaviour.rtMs);
    if (responseMs === null) {
      tick();
      continue;
    }
    // A press after the timeout is the one that goes on after it (the engine times out first).
    press(responseMs);
    // (The press stepped the engine: its state is read again.)
    const answered = state as State;
    if (answered.kind !== 'trial' || answered.trial.stage !== 'feedback') continue;
    for (const afterMs of behaviour.extraPressesAfterMs ?? []) press(responseMs + afterMs);
  }
  return { trials, events, effects, state };
}
