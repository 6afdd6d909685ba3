import {
  runSoaVirtualSession,
  type SoaTaskVirtualSessionOptions,
} from '../shared/soa-virtual-session';
import type { SartConfig } from './config';
import {
  createSartEngine,
  type SartDisplay,
  type SartEffect,
  type SartEvent,
  type SartState,
  sartNextDueMs,
  stepSart,
} from './engine';
import type { PlannedSartTrial, SartPlan } from './plan';
import type { SartTrial } from './trial';

/** What a participant does on one trial, and how the page presents it. */
export type SartTrialBehaviour = {
  /** Presses, in ms after the presented onset (any order; may fall after the trial). */
  pressesAfterOnsetMs: readonly number[];
  /** How much later than its due time the digit is presented, in ms; negative: earlier. */
  onsetLateMs: number;
  /** The page lost focus during the trial. */
  interrupted?: boolean;
};

/** The session's settings, plan and simulated participant and page. */
export type SartVirtualSessionOptions = SoaTaskVirtualSessionOptions<
  SartConfig,
  SartPlan,
  PlannedSartTrial,
  SartTrialBehaviour
> & {
  /** How the page draws each digit (by default on the nominal viewport). */
  display?: SartDisplay;
};

export type SartVirtualSession = {
  trials: SartTrial[];
  events: SartEvent[];
  effects: SartEffect[];
  state: SartState;
};

/**
 * Runs the SART engine the way the browser runtime does, on a simulated page time line
 * (runSoaVirtualSession): what it records is what a browser would send. Pure.
 */
export function runSartVirtualSession(options: SartVirtualSessionOptions): SartVirtualSession {
  const { config, plan, display } = options;
  return runSoaVirtualSession({
    first: createSartEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: options.inputModality,
    }),
    step: (state, event) => stepSart(config, plan, state, event, display),
    nextDueMs: (state) => sartNextDueMs(config, state),
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
