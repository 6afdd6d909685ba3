import type { InputModality, TrialPosition } from './envelope';
import type { SoaEffect, SoaEvent, SoaState } from './soa-engine';

/** What a participant does on one trial, and how the page presents it. */
export type SoaTrialBehaviour<Answer> = {
  /** Presses, in ms after the presented onset (any order; may fall after the trial). */
  presses: readonly { afterOnsetMs: number; answer: Answer }[];
  /** How much later than its due time the stimulus is presented, in ms. */
  onsetLateMs: number;
  /** The page lost focus during the trial. */
  interrupted?: boolean;
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
  let nowMs = options.startMs;
  const limit = options.stopAfterTrials ?? Number.POSITIVE_INFINITY;
  while (state.kind !== 'finished' && trials.length < limit) {
    if (state.kind === 'waiting') {
      nowMs += options.introMs;
      send({ type: 'START', atMs: nowMs });
      continue;
    }
    if (state.kind === 'trial' && !state.trial.onset) {
      const behaviour = options.behave(state.trial.planned);
      const onsetMs = Math.max(state.trial.dueAtMs, nowMs) + behaviour.onsetLateMs;
      hideAtMs = null;
      send({ type: 'ONSET', atMs: onsetMs, method: 'element-timing' });
      if (behaviour.interrupted) send({ type: 'INTERRUPTED', atMs: onsetMs + 1 });
      const offsetMs: number | null = hideAtMs;
      const presses = [...behaviour.presses].sort((a, b) => a.afterOnsetMs - b.afterOnsetMs);
      let offsetSent = false;
      for (const press of presses) {
        if (offsetMs !== null && !offsetSent && onsetMs + press.afterOnsetMs >= offsetMs) {
          send({ type: 'OFFSET', atMs: offsetMs });
          offsetSent = true;
        }
        send({
          ...press.answer,
          type: 'PRESS',
          atMs: onsetMs + press.afterOnsetMs,
          modality,
        } as SoaEvent<A>);
      }
      if (offsetMs !== null && !offsetSent) send({ type: 'OFFSET', atMs: offsetMs });
    }
    const dueMs = options.nextDueMs(state);
    if (dueMs === null) throw new Error(`The engine is stuck in ${state.kind}`);
    nowMs = Math.max(nowMs, dueMs);
    send({ type: 'TICK', atMs: nowMs });
  }
  return { trials, events, effects, state };
}
