import {
  createSoaEngine,
  type SoaEffect,
  type SoaEvent,
  type SoaOnset,
  type SoaRules,
  type SoaRunContext,
  type SoaState,
  type SoaTrialInProgress,
  soaNextDueMs,
  soaTimingRecord,
  stepSoa,
} from '../shared/soa-engine';
import { type SoaPrompt, type SoaScene, soaEngine } from '../shared/soa-task-engine';
import { blockTrialCount, type Config, type Direction, hasFeedback, trialPeriodMs } from './config';
import { type Plan, type PlannedTrial, type Position, plannedTrialAt } from './plan';
import { nextPosition } from './run-order';
import { type ResponseType, responseTypeOf, type Trial } from './trial';

/**
 * The flanker task on the shared fixed-SOA engine (shared/soa-engine.ts): the five arrows are
 * shown for stimulusMs, then a fixation cross until the next onset, one onset every SOA on an
 * absolute time line. The response window runs until the next stimulus is presented (as the
 * SART's), so a slow answer during the fixation cross still counts for the arrows before it.
 * After the practice block comes the test, whatever the practice accuracy.
 */

/** A press: which way it answered, with its event's timestamp and modality. */
export type Answer = { response: Direction };
/** The inputs: the left or right answer, by key or on-screen button. */
export type Input = Direction;

/** Practice feedback: 'correct', 'incorrect' (the other direction) or 'too-slow' (nothing). */
export type FeedbackKind = 'correct' | 'incorrect' | 'too-slow';

/** The practice block's result, shown before the test. */
export type PracticeResult = { correct: number; total: number };

export type State = SoaState<Position, PlannedTrial, Answer>;
export type Event = SoaEvent<Answer>;
export type Effect = SoaEffect<Position, PlannedTrial, Trial, FeedbackKind, PracticeResult>;
export type Step = { state: State; effects: Effect[] };

/** What the web task draws: the arrows, the fixation cross at their offset, feedback. */
export type Scene = SoaScene<PlannedTrial, FeedbackKind, never>;
export type Prompt = SoaPrompt<Position, PracticeResult>;

const FEEDBACK: Record<ResponseType, FeedbackKind> = {
  correct: 'correct',
  error: 'incorrect',
  omission: 'too-slow',
};

/**
 * The record of a trial whose response window closed at `endMs` (the next onset, or the SOA's
 * end after the block's last trial or before feedback): the first press from the onset to then
 * is the response, later ones are extra responses. Presses before the onset belong to no trial.
 */
function recordTrial(
  trial: SoaTrialInProgress<PlannedTrial, Answer>,
  onset: SoaOnset,
  endMs: number,
  context: SoaRunContext,
): Trial {
  const presses = [...trial.presses].sort((a, b) => a.atMs - b.atMs);
  const inWindow = presses.filter((p) => p.atMs >= onset.atMs && p.atMs < endMs);
  const first = inWindow[0];
  const { planned } = trial;
  const responseType = responseTypeOf(planned.targetDirection, first?.response ?? null);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  return {
    phase: planned.phase,
    block: planned.block,
    trialNumber: planned.trialNumber,
    congruency: planned.congruency,
    targetDirection: planned.targetDirection,
    display: planned.display,
    response: first?.response ?? null,
    reactionTime: first ? first.atMs - onset.atMs : null,
    isCorrect: responseType === 'correct',
    responded: first !== undefined,
    responseType,
    nExtraResponses: Math.max(0, inWindow.length - 1),
    inputModality: first?.modality ?? context.modality,
    startTime: iso(onset.atMs),
    endTime: iso(Math.max(endMs, onset.atMs)),
    timing: soaTimingRecord(trial, onset, first),
  };
}

const periodOf = (config: Config) => (phase: string) =>
  trialPeriodMs(config, phase as Position['phase']);

/** The flanker task's rules for the shared engine, from the configuration and the run's plan. */
export function rules(
  config: Config,
  plan: Plan,
): SoaRules<Position, PlannedTrial, Answer, Trial, FeedbackKind, PracticeResult> {
  return {
    soaMs: config.soaMs,
    stimulusMs: config.stimulusMs,
    feedbackMs: config.feedbackMs,
    // A press during the arrows or the fixation cross after them is theirs, until the next
    // arrows are on screen.
    windowUntilNextOnset: true,
    periodMs: periodOf(config),
    hasFeedback,
    blockTrialCount: (position) => blockTrialCount(config, position.phase),
    plannedAt: (position) => plannedTrialAt(plan, position),
    record: recordTrial,
    feedbackOf: (record) => FEEDBACK[record.responseType],
    afterBlock(last, correct) {
      if (last.phase === 'test') return { next: null, result: null };
      return {
        next: { phase: 'test', block: 0, trialNumber: 0 },
        result: { correct, total: blockTrialCount(config, 'practice') },
      };
    },
  };
}

/**
 * The engine's first step: the intro of the block where the run starts or goes on after the
 * saved trials, or FINISHED when nothing is left (the virtual session's start).
 */
export function createEngine(options: {
  config: Config;
  saved?: Parameters<typeof nextPosition>[1];
  timeOriginMs: number;
  inputModality?: Trial['inputModality'];
}): Step {
  return createSoaEngine(nextPosition(options.config, options.saved ?? []), options);
}

/** One step of the engine: (state, event) -> (state, effects). */
export function step(config: Config, plan: Plan, state: State, event: Event): Step {
  return stepSoa(rules(config, plan), state, event);
}

/** When the engine next needs a TICK (see soaNextDueMs). */
export function nextDueMs(config: Config, state: State): number | null {
  return soaNextDueMs({ soaMs: config.soaMs, periodMs: periodOf(config) }, state);
}

/** The flanker task's engine on the task contract: the shared fixed-SOA engine with its rules. */
export const engine = soaEngine({
  rules,
  firstPosition: nextPosition,
  answerOf: (input: Input): Answer => ({ response: input }),
});
