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
  getNBackBlockTrialCount,
  getNBackTrialPeriodMs,
  meetsNBackPracticeCriterion,
  type NBackConfig,
  nBackHasFeedback,
  splitNBackBlock,
} from './config';
import {
  type NBackPlan,
  type NBackPosition,
  type PlannedNBackTrial,
  plannedNBackTrialAt,
} from './plan';
import { getNBackNextPosition, nBackAfterPracticeRound, nBackAfterTestBlock } from './run-order';
import {
  isNBackCorrect,
  type NBackAnswer,
  type NBackResponse,
  type NBackResponseType,
  type NBackTrial,
  nBackAnswerOf,
  nBackResponseTypeOf,
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

export type NBackOnsetMethod = SoaOnsetMethod;

/** What a press answered: F, J or an answer button. */
type NBackPressed = { response: NBackResponse };

/** A key press or a tap: what it was, and its event's timeStamp (page time line). */
export type NBackPress = SoaPress<NBackPressed>;

/** What the runtime tells the engine (see SoaEvent); a PRESS names F, J or a button. */
export type NBackEvent = SoaEvent<NBackPressed>;

/**
 * Practice feedback: 'correct' (hit, correct rejection), 'incorrect' (miss or false alarm with
 * an answer), 'too-slow' (no answer); 'none' after a filler, which has no right answer.
 */
export type NBackFeedbackKind = 'correct' | 'incorrect' | 'too-slow' | 'none';

/** A finished practice round: its block, its correct scored trials, and what follows. */
export type NBackRoundResult = {
  block: number;
  correct: number;
  total: number;
  criterionMet: boolean;
  next: NBackPosition;
};

/** What the runtime must do after a step (see SoaEffect). */
export type NBackEffect = SoaEffect<
  NBackPosition,
  PlannedNBackTrial,
  NBackTrial,
  NBackFeedbackKind,
  NBackRoundResult
>;
export type NBackTimeline = SoaTimeline;
export type NBackRunContext = SoaRunContext;
export type NBackTrialInProgress = SoaTrialInProgress<PlannedNBackTrial, NBackPressed>;
export type NBackState = SoaState<NBackPosition, PlannedNBackTrial, NBackPressed>;
export type NBackStep = { state: NBackState; effects: NBackEffect[] };

export type NBackEngineOptions = SoaEngineOptions<NBackConfig>;

const FEEDBACK: Record<NBackResponseType, NBackFeedbackKind> = {
  hit: 'correct',
  correct_rejection: 'correct',
  miss: 'incorrect',
  false_alarm: 'incorrect',
  omission: 'too-slow',
  filler: 'none',
};

/** Practice feedback for a recorded trial: 'too-slow' whenever nothing was answered. */
export function nBackFeedbackOf(trial: Pick<NBackTrial, 'responseType' | 'answer'>) {
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
  plan: NBackPlan,
  trial: NBackTrialInProgress,
  onset: { atMs: number; method: NBackOnsetMethod },
  endMs: number,
  context: NBackRunContext,
): NBackTrial {
  const presses = [...trial.presses].sort((a, b) => a.atMs - b.atMs);
  const inWindow = presses.filter((p) => p.atMs >= onset.atMs && p.atMs < endMs);
  const first = inWindow[0];
  const { planned } = trial;
  const answer: NBackAnswer | null = first ? nBackAnswerOf(first.response, plan.keyMapping) : null;
  const responseType = nBackResponseTypeOf(planned.isTarget, answer);
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
    isCorrect: isNBackCorrect(responseType),
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
export function nBackRules(
  config: NBackConfig,
  plan: NBackPlan,
): SoaRules<
  NBackPosition,
  PlannedNBackTrial,
  NBackPressed,
  NBackTrial,
  NBackFeedbackKind,
  NBackRoundResult
> {
  return {
    soaMs: config.soaMs,
    stimulusMs: config.stimulusMs,
    feedbackMs: config.feedbackMs,
    windowUntilNextOnset: true,
    periodMs: (phase) => getNBackTrialPeriodMs(config, phase),
    hasFeedback: nBackHasFeedback,
    blockTrialCount: (position) =>
      getNBackBlockTrialCount(config, position.phase, splitNBackBlock(position.block).level),
    plannedAt: (position) => plannedNBackTrialAt(plan, position),
    record: (trial, onset, endMs, context) => recordTrial(plan, trial, onset, endMs, context),
    feedbackOf: nBackFeedbackOf,
    afterBlock(last, correct) {
      if (last.phase === 'test')
        return { next: nBackAfterTestBlock(config, last.block), result: null };
      const next = nBackAfterPracticeRound(config, last.block, correct);
      return {
        next,
        result: {
          block: last.block,
          correct,
          total: config.practiceScoredTrials,
          criterionMet: meetsNBackPracticeCriterion(config, correct),
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
export function createNBackEngine(options: NBackEngineOptions): NBackStep {
  const next = getNBackNextPosition(options.config, options.saved ?? []);
  const reminders = next ? splitNBackBlock(next.block).level : 0;
  return createSoaEngine(next, { ...options, reminders });
}

/**
 * The next time the engine needs a TICK: the end of the trial on screen (once its onset is
 * known) or of the feedback; null while it waits for START or an ONSET, and when finished.
 */
export function nBackNextDueMs(config: NBackConfig, state: NBackState): number | null {
  return soaNextDueMs(
    {
      soaMs: config.soaMs,
      periodMs: (p) => getNBackTrialPeriodMs(config, p as NBackPosition['phase']),
    },
    state,
  );
}

/**
 * The N-back task as a pure state machine: (state, event) -> (state, effects), on the shared
 * fixed-SOA engine. A response never ends a trial early: the response window lasts until the
 * next letter.
 */
export function stepNBack(
  config: NBackConfig,
  plan: NBackPlan,
  state: NBackState,
  event: NBackEvent,
): NBackStep {
  return stepSoa(nBackRules(config, plan), state, event);
}

/**
 * N-back's engine on the task contract: the shared fixed-SOA engine with its rules; an input is
 * the response it stands for, and a run resumed inside a block shows its last n letters again.
 */
export const nBackEngine = soaEngine({
  rules: nBackRules,
  firstPosition: getNBackNextPosition,
  reminders: (_config: NBackConfig, next: NBackPosition) => splitNBackBlock(next.block).level,
  answerOf: (response: NBackResponse) => ({ response }),
});

/** What N-back's web task draws and prompts, as the engine names them (a blank at offset). */
export type NBackScene = SoaScene<PlannedNBackTrial, NBackFeedbackKind, never>;
export type NBackPrompt = SoaPrompt<NBackPosition, NBackRoundResult>;
