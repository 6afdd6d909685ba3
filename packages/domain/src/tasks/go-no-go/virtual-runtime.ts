import type { SavedTrial } from '../contract';
import type { InputModality } from '../shared/envelope';
import { runSoaVirtualSession } from '../shared/soa-virtual-session';
import type { GoNoGoConfig } from './config';
import {
  createGoNoGoEngine,
  type GoNoGoEffect,
  type GoNoGoEvent,
  type GoNoGoState,
  goNoGoNextDueMs,
  stepGoNoGo,
} from './engine';
import type { GoNoGoPlan, PlannedGoNoGoTrial } from './plan';
import type { GoNoGoTrial } from './trial';

/** What a participant does on one trial, and how the page presents it. */
export type GoNoGoTrialBehaviour = {
  /** Presses, in ms after the presented onset (any order; may fall after the window). */
  pressesAfterOnsetMs: readonly number[];
  /** How much later than its due time the stimulus is presented, in ms. */
  onsetLateMs: number;
  /** The page lost focus during the trial. */
  interrupted?: boolean;
};

export type GoNoGoVirtualSessionOptions = {
  config: GoNoGoConfig;
  plan: GoNoGoPlan;
  behave: (trial: PlannedGoNoGoTrial) => GoNoGoTrialBehaviour;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs: number;
  /** Page time at which the first intro appears. */
  startMs: number;
  /** Time spent on each intro or practice-result screen before START. */
  introMs: number;
  inputModality?: InputModality;
  /** The trials already saved: the session resumes after them. */
  saved?: readonly SavedTrial[];
  /** Stop after this many trials are recorded (an interrupted session). */
  stopAfterTrials?: number;
};

export type GoNoGoVirtualSession = {
  trials: GoNoGoTrial[];
  events: GoNoGoEvent[];
  effects: GoNoGoEffect[];
  state: GoNoGoState;
};

/**
 * Runs the Go/No-Go engine the way the browser runtime does, on a simulated page time line
 * (runSoaVirtualSession): what it records is what a browser would send. Pure.
 */
export function runGoNoGoVirtualSession(
  options: GoNoGoVirtualSessionOptions,
): GoNoGoVirtualSession {
  const { config, plan } = options;
  return runSoaVirtualSession({
    first: createGoNoGoEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: options.inputModality,
    }),
    step: (state, event) => stepGoNoGo(config, plan, state, event),
    nextDueMs: (state) => goNoGoNextDueMs(config, state),
    behave(trial) {
      const behaviour = options.behave(trial);
      return {
        ...behaviour,
        presses: behaviour.pressesAfterOnsetMs.map((afterOnsetMs) => ({
          afterOnsetMs,
          answer: {},
        })),
      };
    },
    startMs: options.startMs,
    introMs: options.introMs,
    inputModality: options.inputModality,
    stopAfterTrials: options.stopAfterTrials,
  });
}
