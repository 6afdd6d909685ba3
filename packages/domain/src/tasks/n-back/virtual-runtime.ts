import {
  runSoaVirtualSession,
  type SoaTaskVirtualSessionOptions,
} from '../shared/soa-virtual-session';
import type { NBackConfig } from './config';
import {
  createNBackEngine,
  type NBackEffect,
  type NBackEvent,
  type NBackState,
  nBackNextDueMs,
  stepNBack,
} from './engine';
import type { NBackPlan, PlannedNBackTrial } from './plan';
import { type NBackAnswer, type NBackTrial, nBackKeyOfAnswer } from './trial';

/** What a participant does on one trial, and how the page presents it. */
export type NBackTrialBehaviour = {
  /**
   * Answers, in ms after the presented onset (any order; only the first in the response window
   * counts).
   */
  presses: readonly { afterOnsetMs: number; answer: NBackAnswer }[];
  /**
   * How much later than its due time the letter is presented, in ms; negative: earlier (see
   * SoaTrialBehaviour).
   */
  onsetLateMs: number;
  /** The page lost focus during the trial. */
  interrupted?: boolean;
};

/** The session's settings, plan and simulated participant and page. */
export type NBackVirtualSessionOptions = SoaTaskVirtualSessionOptions<
  NBackConfig,
  NBackPlan,
  PlannedNBackTrial,
  NBackTrialBehaviour
>;

export type NBackVirtualSession = {
  trials: NBackTrial[];
  events: NBackEvent[];
  effects: NBackEffect[];
  state: NBackState;
};

/**
 * Runs the N-back engine the way the browser runtime does, on a simulated page time line
 * (runSoaVirtualSession): what it records is what a browser would send. Answers are pressed as
 * F or J by the plan's key mapping on a keyboard, as the buttons otherwise. Pure.
 */
export function runNBackVirtualSession(options: NBackVirtualSessionOptions): NBackVirtualSession {
  const { config, plan } = options;
  const modality = options.inputModality ?? 'keyboard';
  const responseOf = (answer: NBackAnswer) =>
    modality === 'keyboard' ? nBackKeyOfAnswer(answer, plan.keyMapping) : answer;
  return runSoaVirtualSession({
    first: createNBackEngine({
      config,
      saved: options.saved,
      timeOriginMs: options.timeOriginMs,
      inputModality: options.inputModality,
    }),
    step: (state, event) => stepNBack(config, plan, state, event),
    nextDueMs: (state) => nBackNextDueMs(config, state),
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
