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
  splitBlock,
} from './config';
import { type Plan, type PlannedTrial, type Position, plannedTrialAt } from './plan';
import { afterPracticeRound, afterTestBlock, getNextPosition } from './run-order';
import {
  type Answer,
  answerOf,
  isCorrect,
  type Response,
  type ResponseType,
  responseTypeOf,
  type Trial,
} from './trial';

/**
 * N-back on the shared fixed-SOA engine (shared/soa-engine.ts): a pure state machine whose
 * events carry page timestamps and whose effects say what to show when. A letter's response
 * window runs from its presented onset to the next letter's presented onset (windowUntilNextOnset;
 * before feedback and at a block's end, to its due end); after a practice round the criterion
 * decides between another round and the level's test blocks; after a level's last block comes
 * the next level's practice. On resume inside a block the n letters before the resume point are
 * shown again, unrecorded, so the first letters after it can be compared with letters just seen.
 */

export type OnsetMethod = SoaOnsetMethod;

/** What a press answered: F, J or an answer button. */
type NBackPressed = { response: Response };

/** A key press or a tap: what it was, and its event's timeStamp (page time line). */
export type Press = SoaPress<NBackPressed>;

/** What the runtime tells the engine (see SoaEvent); a PRESS names F, J or a button. */
export type Event = SoaEvent<NBackPressed>;

/**
 * Practice feedback: 'correct' (hit, correct rejection), 'incorrect' (miss or false alarm with
 * an answer), 'too-slow' (no answer); 'none' after a filler, which has no right answer.
 */
export type FeedbackKind = 'correct' | 'incorrect' | 'too-slow' | 'none';

/** A finished practice round: its block, its correct scored trials, and what follows. */
export type RoundResult = {
  block: number;
  correct: number;
  total: number;
  criterionMet: boolean;
  next: Position;
};

/** What the runtime must do after a step (see SoaEffect). */
export type Effect = SoaEffect<Position, PlannedTrial, Trial, FeedbackKind, RoundResult>;
export type Timeline = SoaTimeline;
export type RunContext = SoaRunContext;
export type TrialInProgress = SoaTrialInProgress<PlannedTrial, NBackPressed>;
export type State = SoaState<Position, PlannedTrial, NBackPressed>;
export type Step = { state: State; effects: Effect[] };

export type EngineOptions = SoaEngineOptions<Config>;

const FEEDBACK: Record<ResponseType, FeedbackKind> = {
  hit: 'correct',
  correct_rejection: 'correct',
  miss: 'incorrect',
  false_alarm: 'incorrect',
  omission: 'too-slow',
  filler: 'none',
};

/** Practice feedback for a recorded trial: 'too-slow' whenever nothing was answered. */
export function feedbackOf(trial: Pick<Trial, 'responseType' | 'answer'>) {
  if (trial.responseType !== 'filler' && trial.answer === null) return 'too-slow';
  return FEEDBACK[trial.responseType];
}

/**
 * The record of a trial whose response window closed at `endMs`: the window runs from the
 * presented onset until the next letter is presented (see windowUntilNextOnset). The first press
 * in it is the response, later ones are extra responses. Presses before the onset belong to no
 * trial.
 */
function recordTrial(
  plan: Plan,
  trial: TrialInProgress,
  onset: { atMs: number; method: OnsetMethod },
  endMs: number,
  context: RunContext,
): Trial {
  const presses = [...trial.presses].sort((a, b) => a.atMs - b.atMs);
  const inWindow = presses.filter((p) => p.atMs >= onset.atMs && p.atMs < endMs);
  const first = inWindow[0];
  const { planned } = trial;
  const answer: Answer | null = first ? answerOf(first.response, plan.keyMapping) : null;
  const responseType = responseTypeOf(planned.isTarget, answer);
  const iso = (ms: number) => new Date(context.timeOriginMs + ms).toISOString();
  return {
    phase: planned.phase,
    block: planned.block,
    trialNumber: planned.trialNumber,
    level: planned.level,
    letter: planned.letter,
    isTarget: planned.isTarget,
    lureType: planned.lureType,
    nBackLetter: planned.nBackLetter,
    response: first ? first.response : null,
    answer,
    reactionTime: first ? first.atMs - onset.atMs : null,
    isCorrect: isCorrect(responseType),
    responseType,
    keyMapping: plan.keyMapping,
    nExtraResponses: Math.max(0, inWindow.length - 1),
    inputModality: first?.modality ?? context.modality,
    startTime: iso(onset.atMs),
    endTime: iso(Math.max(endMs, onset.atMs)),
    timing: soaTimingRecord(trial, onset, first),
  };
}

/** N-back's rules for the shared engine, from the configuration and the run's plan. */
export function rules(
  config: Config,
  plan: Plan,
): SoaRules<Position, PlannedTrial, NBackPressed, Trial, FeedbackKind, RoundResult> {
  return {
    soaMs: config.soaMs,
    stimulusMs: config.stimulusMs,
    feedbackMs: config.feedbackMs,
    windowUntilNextOnset: true,
    periodMs: (phase) => getTrialPeriodMs(config, phase),
    hasFeedback: hasFeedback,
    blockTrialCount: (position) =>
      getBlockTrialCount(config, position.phase, splitBlock(position.block).level),
    plannedAt: (position) => plannedTrialAt(plan, position),
    record: (trial, onset, endMs, context) => recordTrial(plan, trial, onset, endMs, context),
    feedbackOf: feedbackOf,
    afterBlock(last, correct) {
      if (last.phase === 'test') return { next: afterTestBlock(config, last.block), result: null };
      const next = afterPracticeRound(config, last.block, correct);
      return {
        next,
        result: {
          block: last.block,
          correct,
          total: config.practiceScoredTrials,
          criterionMet: meetsPracticeCriterion(config, correct),
          next,
        },
      };
    },
  };
}

/**
 * The engine's first step: the intro of the block where the run starts (its first trial, or
 * the position after the saved trials when a run resumes), or FINISHED if nothing is left. On
 * resume at trial k of a block begun before, its letters k-n..k-1 (those from 0 when k < n) are
 * shown again first, unrecorded: trial k's letter n back is then on screen n SOAs before it, as
 * in a block played without a break.
 */
export function createEngine(options: EngineOptions): Step {
  const next = getNextPosition(options.config, options.saved ?? []);
  const reminders = next ? splitBlock(next.block).level : 0;
  return createSoaEngine(next, { ...options, reminders });
}

/**
 * The next time the engine needs a TICK: the end of the trial on screen (once its onset is
 * known) or of the feedback; null while it waits for START or an ONSET, and when finished.
 */
export function nextDueMs(config: Config, state: State): number | null {
  return soaNextDueMs(
    {
      soaMs: config.soaMs,
      periodMs: (p) => getTrialPeriodMs(config, p as Position['phase']),
    },
    state,
  );
}

/**
 * The N-back task as a pure state machine: (state, event) -> (state, effects), on the shared
 * fixed-SOA engine. A response never ends a trial early: the response window lasts until the
 * next letter.
 */
export function step(config: Config, plan: Plan, state: State, event: Event): Step {
  return stepSoa(rules(config, plan), state, event);
}

/**
 * N-back's engine on the task contract: the shared fixed-SOA engine with its rules; an input is
 * the response it stands for, and a run resumed inside a block shows its last n letters again.
 */
export const engine = soaEngine({
  rules: rules,
  firstPosition: getNextPosition,
  reminders: (_config: Config, next: Position) => splitBlock(next.block).level,
  answerOf: (response: Response) => ({ response }),
});

/** What N-back's web task draws and prompts, as the engine names them (a blank at offset). */
export type Scene = SoaScene<PlannedTrial, FeedbackKind, never>;
export type Prompt = SoaPrompt<Position, RoundResult>;
