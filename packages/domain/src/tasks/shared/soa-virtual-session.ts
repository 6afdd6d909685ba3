import type { SavedTrial } from '../contract';
import type { InputModality, TrialPosition } from './envelope';
import type { SoaEffect, SoaEvent, SoaState } from './soa-engine';

/** What a participant does on one trial, and how the page presents it. */
export type SoaTrialBehaviour<Answer> = {
  /** Presses, in ms after the presented onset (any order; may fall after the trial). */
  presses: readonly { afterOnsetMs: number; answer: Answer }[];
  /**
   * How much later than its due time the stimulus is presented, in ms; negative: earlier, as
   * when the frame nearest the due time is presented before it (the block's first stimulus,
   * which follows START, never comes early).
   */
  onsetLateMs: number;
  /** The page lost focus during the trial. */
  interrupted?: boolean;
};

/**
 * What a task's virtual session is run with (goNoGo.runVirtualSession, nBack.runVirtualSession):
 * the run's settings and plan, and the simulated participant and page.
 */
export type SoaTaskVirtualSessionOptions<Config, Plan, Planned, Behaviour> = {
  config: Config;
  plan: Plan;
  behave: (trial: Planned) => Behaviour;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs: number;
  /** Page time at which the first intro appears. */
  startMs: number;
  /** Time spent on each intro or practice-result screen before START. */
  introMs: number;
  /** Keyboard, touch or mouse: how presses are made and recorded. */
  inputModality?: InputModality;
  /** The trials already saved: the session resumes after them. */
  saved?: readonly SavedTrial[];
  /** Stop after this many trials are recorded (an interrupted session). */
  stopAfterTrials?: number;
};

type Step<P, Pl, A, T, F, R> = { state: SoaState<P, Pl, A>; effects: SoaEffect<P, Pl, T, F, R>[] };

export type SoaVirtualSessionOptions<P, Pl, A, T, F, R> = {
  /** The engine's first step, its step function and its next due time (the task's wrappers). */
  first: Step<P, Pl, A, T, F, R>;
  step(state: SoaState<P, Pl, A>, event: SoaEvent<A>): Step<P, Pl, A, T, F, R>;
  nextDueMs(state: SoaState<P, Pl, A>): number | null;
  behave: (trial: Pl) => SoaTrialBehaviour<A>;
  /** Page time at which the first intro appears. */
  startMs: number;
  /** Time spent on each intro or practice-result screen before START. */
  introMs: number;
  inputModality?: InputModality;
  /** Stop after this many trials are recorded (an interrupted session). */
  stopAfterTrials?: number;
};

export type SoaVirtualSession<P, Pl, A, T, F, R> = {
  trials: T[];
  events: SoaEvent<A>[];
  effects: SoaEffect<P, Pl, T, F, R>[];
  state: SoaState<P, Pl, A>;
};

/**
 * Runs a fixed-SOA engine the way the browser runtime does, on a simulated page time line:
 * START after each intro, ONSET at the due time (plus the behaviour's lateness), OFFSET when
 * the stimulus is hidden, the participant's presses, and a TICK at each time the engine asks
 * for. What it records is what a browser would send. Pure: no clock, no timers.
 *
 * A stimulus presented early is on screen before the TICK that ends the trial before it, as in
 * the browser (which draws it ahead): the presses made on it before that TICK reach the engine
 * while the trial before is still current, and its ONSET (with its early time) after the TICK.
 */
export function runSoaVirtualSession<P extends TrialPosition, Pl extends P, A, T, F, R>(
  options: SoaVirtualSessionOptions<P, Pl, A, T, F, R>,
): SoaVirtualSession<P, Pl, A, T, F, R> {
  const events: SoaEvent<A>[] = [];
  const effects: SoaEffect<P, Pl, T, F, R>[] = [];
  const trials: T[] = [];
  let hideAtMs: number | null = null;
  const take = (step: Step<P, Pl, A, T, F, R>) => {
    for (const effect of step.effects) {
      effects.push(effect);
      if (effect.type === 'RECORD_TRIAL') trials.push(effect.trial);
      if (effect.type === 'HIDE_STIMULUS') hideAtMs = effect.dueAtMs;
    }
    return step.state;
  };
  let state = take(options.first);
  const send = (event: SoaEvent<A>) => {
    events.push(event);
    state = take(options.step(state, event));
  };
  const modality = options.inputModality ?? 'keyboard';
  const pressOf = (atMs: number, answer: A) =>
    ({ ...answer, type: 'PRESS', atMs, modality }) as SoaEvent<A>;
  /** Each trial's behaviour (asked once), its onset once known, and its presses sent early. */
  const planned = new Map<
    string,
    { behaviour: SoaTrialBehaviour<A>; onsetMs: number | null; sentEarly: number }
  >();
  const plannedFor = (trial: Pl) => {
    const key = `${trial.phase}:${trial.block}:${trial.trialNumber}`;
    let entry = planned.get(key);
    if (!entry) {
      const behaviour = options.behave(trial);
      const presses = [...behaviour.presses].sort((a, b) => a.afterOnsetMs - b.afterOnsetMs);
      entry = { behaviour: { ...behaviour, presses }, onsetMs: null, sentEarly: 0 };
      planned.set(key, entry);
    }
    return entry;
  };
  let nowMs = options.startMs;
  const limit = options.stopAfterTrials ?? Number.POSITIVE_INFINITY;
  while (state.kind !== 'finished' && trials.length < limit) {
    if (state.kind === 'waiting') {
      nowMs += options.introMs;
      send({ type: 'START', atMs: nowMs });
      continue;
    }
    if (state.kind === 'trial' && !state.trial.onset) {
      const entry = plannedFor(state.trial.planned);
      const { behaviour } = entry;
      const onsetMs =
        entry.onsetMs ?? Math.max(state.trial.dueAtMs, nowMs) + Math.max(0, behaviour.onsetLateMs);
      hideAtMs = null;
      send({ type: 'ONSET', atMs: onsetMs, method: 'element-timing' });
      if (behaviour.interrupted) send({ type: 'INTERRUPTED', atMs: onsetMs + 1 });
      const offsetMs: number | null = hideAtMs;
      const presses = behaviour.presses.slice(entry.sentEarly);
      let offsetSent = false;
      for (const press of presses) {
        if (offsetMs !== null && !offsetSent && onsetMs + press.afterOnsetMs >= offsetMs) {
          send({ type: 'OFFSET', atMs: offsetMs });
          offsetSent = true;
        }
        send(pressOf(onsetMs + press.afterOnsetMs, press.answer));
      }
      if (offsetMs !== null && !offsetSent) send({ type: 'OFFSET', atMs: offsetMs });
    }
    const dueMs = options.nextDueMs(state);
    if (dueMs === null) throw new Error(`The engine is stuck in ${state.kind}`);
    nowMs = Math.max(nowMs, dueMs);
    // The stimulus the TICK shows, if it comes early: on screen, and pressed, before the TICK.
    const shown = options
      .step(state, { type: 'TICK', atMs: nowMs })
      .effects.find((effect) => effect.type === 'SHOW_STIMULUS');
    if (shown?.type === 'SHOW_STIMULUS') {
      const entry = plannedFor(shown.trial);
      if (entry.behaviour.onsetLateMs < 0) {
        const onsetMs = shown.dueAtMs + entry.behaviour.onsetLateMs;
        entry.onsetMs = onsetMs;
        for (const press of entry.behaviour.presses) {
          if (onsetMs + press.afterOnsetMs >= nowMs) break;
          send(pressOf(onsetMs + press.afterOnsetMs, press.answer));
          entry.sentEarly += 1;
        }
      }
    }
    send({ type: 'TICK', atMs: nowMs });
  }
  return { trials, events, effects, state };
}
