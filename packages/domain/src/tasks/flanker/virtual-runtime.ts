import type { SavedTrial } from '../contract';
import type { InputModality } from '../shared/envelope';
import { runSoaVirtualSession, type SoaTrialBehaviour } from '../shared/soa-virtual-session';
import type { Config } from './config';
import {
  type Answer,
  createEngine,
  type Effect,
  type Event,
  nextDueMs,
  type State,
  step,
} from './engine';
import type { Plan, PlannedTrial } from './plan';
import type { Trial } from './trial';

/** A simulated session: the run's settings and plan, the participant, the page. */
export type VirtualSessionOptions = {
  config: Config;
  plan: Plan;
  /** What the participant does on a trial (presses after the onset) and how late it is shown. */
  behave: (trial: PlannedTrial) => SoaTrialBehaviour<Answer>;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs: number;
  /** Page time at which the first intro appears, and the time spent on each intro. */
  startMs: number;
  introMs: number;
  inputModality?: InputModality;
  /** The trials already saved: the session resumes after them. */
  saved?: readonly SavedTrial[];
  /** Stop after this many trials are recorded (an interrupted session). */
  stopAfterTrials?: number;
};

export type VirtualSession = { trials: Trial[]; events: Event[]; effects: Effect[]; state: State };

/**
 * Runs the flanker engine the way the browser's task host does, on a simulated page time line
 * (runSoaVirtualSession): what it records is what a browser would send. Pure.
 */
export function runVirtualSession(options: VirtualSessionOptions): VirtualSession {
  const { config, plan } = options;
  return runSoaVirtualSession({
    first: createEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: options.inputModality,
    }),
    step: (state, event) => step(config, plan, state, event),
    nextDueMs: (state) => nextDueMs(config, state),
    behave: options.behave,
    startMs: options.startMs,
    introMs: options.introMs,
    inputModality: options.inputModality,
    stopAfterTrials: options.stopAfterTrials,
  });
}
