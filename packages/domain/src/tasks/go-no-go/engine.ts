import {
  createSoaEngine,
  type SoaEffect,
  type SoaEngineOptions,
  type SoaEvent,
  type SoaOnsetMethod,
  type SoaPress,
  type SoaRules,
  type SoaRunContext,
  type SoaState,
  type SoaTimeline,
  type SoaTrialInProgress,
  soaNextDueMs,
  soaTimingRecord,
  stepSoa,
} from '../shared/soa-engine';
import { type SoaPrompt, type SoaScene, soaEngine } from '../shared/soa-task-engine';
import {
  type Config,
  getBlockTrialCount,
  getTrialPeriodMs,
  hasFeedback,
  meetsPracticeCriterion,
} from './config';
import { type Plan, type PlannedTrial, type Position, plannedTrialAt } from './plan';
import { afterPracticeRound, getNextPosition } from './run-order';
import { isCorrectResponseType, type ResponseType, responseTypeOf, type Trial } from './trial';

/**
 * Go/No-Go on the shared fixed-SOA engine (shared/soa-engine.ts): a pure state machine whose
 * events carry page timestamps and whose effects say what to show when. The response window
 * runs responseWindowMs from the presented onset; a press after it and before the next onset is
 * a late response of the trial. After a practice round the criterion decides between another
 * round and the test.
 */

export type OnsetMethod = SoaOnsetMethod;

/** A key press or a tap: its event's timeStamp, on the page's performance.now() time line. */
export type Press = SoaPress<unknown>;

/** What the runtime tells the engine (see SoaEvent); a PRESS is Space or the Tap button. */
export type Event = SoaEvent<unknown>;

/**
 * Practice feedback: 'correct' (hit, correct rejection), 'incorrect' (commission), 'too-slow'
 * (omission).
 */
export type FeedbackKind = 'correct' | 'incorrect' | 'too-slow';

/** A finished practice round: its number, its correct trials, and what follows. */
export type RoundResult = {
  round: number;
  correct: number;
  total: number;
  criterionMet: boolean;
  next: Position;
};

/** What the runtime must do after a step (see SoaEffect). */
export type Effect = SoaEffect<Position, PlannedTrial, Trial, FeedbackKind, RoundResult>;
export type Timeline = SoaTimeline;
export type RunContext = SoaRunContext;
export type TrialInProgress = SoaTrialInProgress<PlannedTrial, unknown>;
export type State = SoaState<Position, PlannedTrial, unknown>;
export type Step = { state: State; effects: Effect[] };

export type EngineOptions = SoaEngineOptions<Config>;

/**
 * The engine's first step: the intro of the block where the run starts (its first trial, or
 * the position after the saved trials when a run resumes), or FINISHED if nothing is left.
 */
export function createEngine(options: EngineOptions): Step {
  return createSoaEngine(getNextPosition(options.config, options.saved ?? []), options);
}

const periodOf = (config: Config) => (phase: string) =>
  getTrialPeriodMs(config, phase as Position['phase']);

/**
 * The next time the engine needs a TICK: the end of the trial on screen (once its onset is
 * known) or of the feedback; null while it waits for START or an ONSET, and when finished.
 */
export function nextDueMs(config: Config, state: State): number | null {
  return soaNextDueMs({ soaMs: config.soaMs, periodMs: periodOf(config) }, state);
}

const FEEDBACK: Record<ResponseType, FeedbackKind> = {
  hit: 'correct',
  correct_rejection: 'correct',
  commission: 'incorrect',
  omission: 'too-slow',
};

/**
 * The record of a trial whose SOA is over. The response window runs from the presented onset
 * for responseWindowMs (cut at the trial's end, if the onset came late): the first press in it
 * is the response, later ones in it are extra responses, and a press after it and before the
 * trial's end is a late response of this trial. Presses before the onset belong to no trial.
 */
function recordTrial(
  config: Config,
  trial: TrialInProgress,
  onset: { atMs: number; method: OnsetMethod },
  endMs: number,
  context: RunContext,
): Trial {
  const windowEndMs = Math.min(onset.atMs + config.responseWindowMs, endMs);
  const presses = [...trial.presses].sort((a, b) => a.atMs - b.atMs);
  const inWindow = presses.filter((p) => p.atMs >= onset.atMs && p.atMs < windowEndMs);
  const late = presses.some((p) => p.atMs >= windowEndMs && p.atMs < endMs);
  const first = inWindow[0];
  const { planned } = trial;
  const responseType = responseTypeOf(planned.stimulusType, first !== undefined);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  return {
    phase: planned.phase,
    block: planned.block,
    trialNumber: planned.trialNumber,
    stimulusType: planned.stimulusType,
    stimulusId: planned.stimulusId,
    response: first ? (first.modality === 'keyboard' ? 'space' : 'tap') : null,
    reactionTime: first ? first.atMs - onset.atMs : null,
    isCorrect: isCorrectResponseType(responseType),
    responded: first !== undefined,
    responseType,
    nExtraResponses: Math.max(0, inWindow.length - 1),
    lateResponse: late,
    inputModality: first?.modality ?? context.modality,
    startTime: iso(onset.atMs),
    endTime: iso(windowEndMs),
    timing: soaTimingRecord(trial, onset, first),
  };
}

/** Go/No-Go's rules for the shared engine, from the configuration and the run's plan. */
export function rules(
  config: Config,
  plan: Plan,
): SoaRules<Position, PlannedTrial, unknown, Trial, FeedbackKind, RoundResult> {
  return {
    soaMs: config.soaMs,
    stimulusMs: config.stimulusMs,
    feedbackMs: config.feedbackMs,
    // The response window ends responseWindowMs after the onset, well inside the SOA; a press
    // after it and before the trial's due end is the trial's late response.
    windowUntilNextOnset: false,
    periodMs: periodOf(config),
    hasFeedback: hasFeedback,
    blockTrialCount: (position) => getBlockTrialCount(config, position.phase),
    plannedAt: (position) => plannedTrialAt(plan, config, position),
    record: (trial, onset, endMs, context) => recordTrial(config, trial, onset, endMs, context),
    feedbackOf: (record) => FEEDBACK[record.responseType],
    afterBlock(last, correct) {
      if (last.phase === 'test') return { next: null, result: null };
      const next = afterPracticeRound(config, last.block, correct);
      return {
        next,
        result: {
          round: last.block,
          correct,
          total: config.practiceTrials,
          criterionMet: meetsPracticeCriterion(config, correct),
          next,
        },
      };
    },
  };
}

/**
 * The Go/No-Go task as a pure state machine: (state, event) -> (state, effects), on the shared
 * fixed-SOA engine. A response never ends a trial early.
 */
export function step(config: Config, plan: Plan, state: State, event: Event): Step {
  return stepSoa(rules(config, plan), state, event);
}

/** Go/No-Go's inputs: Space, or the on-screen Tap button. */
export type Input = 'space' | 'tap';

/** Go/No-Go's engine on the task contract: the shared fixed-SOA engine with its rules. */
export const engine = soaEngine({
  rules: rules,
  firstPosition: getNextPosition,
  answerOf: (_input: Input): unknown => ({}),
});

/** What Go/No-Go's web task draws and prompts, as the engine names them (a blank at offset). */
export type Scene = SoaScene<PlannedTrial, FeedbackKind, never>;
export type Prompt = SoaPrompt<Position, RoundResult>;
