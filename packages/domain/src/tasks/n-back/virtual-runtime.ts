import {
  runSoaVirtualSession,
  type SoaTaskVirtualSessionOptions,
} from '../shared/soa-virtual-session';
import type { Config } from './config';
import { createEngine, type Effect, type Event, nextDueMs, type State, step } from './engine';
import type { Plan, PlannedTrial } from './plan';
import { type Answer, keyOfAnswer, type Trial } from './trial';

/** What a participant does on one trial, and how the page presents it. */
export type TrialBehaviour = {
  /**
   * Answers, in ms after the presented onset (any order; only the first in the response window
   * counts).
   */
  presses: readonly { afterOnsetMs: number; answer: Answer }[];
  /**
   * How much later than its due time the letter is presented, in ms; negative: earlier (see
   * SoaTrialBehaviour).
   */
  onsetLateMs: number;
  /** The page lost focus during the trial. */
  interrupted?: boolean;
};

/** The session's settings, plan and simulated participant and page. */
export type VirtualSessionOptions = SoaTaskVirtualSessionOptions<
  Config,
  Plan,
  PlannedTrial,
  TrialBehaviour
>;

export type VirtualSession = {
  trials: Trial[];
  events: Event[];
  effects: Effect[];
  state: State;
};

/**
 * Runs the N-back engine the way the browser runtime does, on a simulated page time line
 * (runSoaVirtualSession): what it records is what a browser would send. Answers are pressed as
 * F or J by the plan's key mapping on a keyboard, as the buttons otherwise. Pure.
 */
export function runVirtualSession(options: VirtualSessionOptions): VirtualSession {
  const { config, plan } = options;
  const modality = options.inputModality ?? 'keyboard';
  const responseOf = (answer: Answer) =>
    modality === 'keyboard' ? keyOfAnswer(answer, plan.keyMapping) : answer;
  return runSoaVirtualSession({
    first: createEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: options.inputModality,
    }),
    step: (state, event) => step(config, plan, state, event),
    nextDueMs: (state) => nextDueMs(config, state),
    behave(trial) {
      const behaviour = options.behave(trial);
      return {
        ...behaviour,
        presses: behaviour.presses.map((press) => ({
          afterOnsetMs: press.afterOnsetMs,
          answer: { response: responseOf(press.answer) },
        })),
      };
    },
    startMs: options.startMs,
    introMs: options.introMs,
    inputModality: options.inputModality,
    stopAfterTrials: options.stopAfterTrials,
  });
}
