import {
  runSoaVirtualSession,
  type SoaTaskVirtualSessionOptions,
} from '../shared/soa-virtual-session';
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

/** The session's settings, plan and simulated participant and page. */
export type GoNoGoVirtualSessionOptions = SoaTaskVirtualSessionOptions<
  GoNoGoConfig,
  GoNoGoPlan,
  PlannedGoNoGoTrial,
  GoNoGoTrialBehaviour
>;

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
