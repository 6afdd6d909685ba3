import { z } from 'zod';
import {
  extraResponsesSchema,
  InputModalitySchema,
  MAX_EXTRA_RESPONSES,
  NullableReactionTimeSchema,
  PACED_TIMING_SHAPE,
  positionOf,
  REACTION_TIME_TOLERANCE_MS,
  singlePressProblems,
  TRIAL_NUMBERING_SHAPE,
  TrialClockTimeSchema,
} from '../shared/envelope';
import {
  type Config,
  getBlockTrialCount,
  PhaseSchema,
  STIMULUS_IDS,
  STIMULUS_TYPES,
  type StimulusType,
} from './config';
import { type Plan, plannedTrialAt } from './plan';
import { isPosition } from './run-order';

/** The response: Space on a keyboard, or the on-screen button (touch or mouse). */
export const RESPONSES = ['space', 'tap'] as const;
export type Response = (typeof RESPONSES)[number];

/** What a trial's outcome was, from its stimulus type and whether it was answered in time. */
export const RESPONSE_TYPES = ['hit', 'omission', 'commission', 'correct_rejection'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/**
 * A trial's timing record, in ms on the page's performance.now() time line: the common part,
 * with no response timestamp when nothing was pressed in the window, and the stimulus's offset
 * (the first frame without it) when the page measured it.
 */
export const TimingSchema = z.strictObject(PACED_TIMING_SHAPE);
export type Timing = z.infer<typeof TimingSchema>;

/**
 * A Go/No-Go trial as the browser sends it: the envelope every task shares and the task's own
 * fields. A response never ends a trial: the trial lasts its SOA, and only the first press in
 * the response window is its response.
 */
export const TrialSchema = z.strictObject({
  phase: PhaseSchema,
  /** block: the practice round (0-based), 0 in the test; absent means 0. */
  ...TRIAL_NUMBERING_SHAPE,
  stimulusType: z.enum(STIMULUS_TYPES, { error: "stimulusType must be 'go' or 'nogo'" }),
  /** The stimulus shown: 'solid' or 'outline' square, or the letter 'P' or 'R'. */
  stimulusId: z.enum(STIMULUS_IDS, {
    error: "stimulusId must be 'solid', 'outline', 'P' or 'R'",
  }),
  /** The first press in the response window; null when there was none. */
  response: z.enum(RESPONSES, { error: "response must be 'space', 'tap' or null" }).nullable(),
  /** ms from the stimulus onset to the first press in the window, unrounded; null without one. */
  reactionTime: NullableReactionTimeSchema,
  /** Hit or correct rejection. */
  isCorrect: z.boolean(),
  /** A press came within the response window. */
  responded: z.boolean(),
  responseType: z.enum(RESPONSE_TYPES, {
    error: "responseType must be 'hit', 'omission', 'commission' or 'correct_rejection'",
  }),
  /** Presses in the window after the first. */
  nExtraResponses: extraResponsesSchema(MAX_EXTRA_RESPONSES),
  /** A press came after the window and before the next onset (it is never the next trial's). */
  lateResponse: z.boolean(),
  inputModality: InputModalitySchema.optional(),
  /** Device wall-clock time of the stimulus onset (ISO 8601, UTC). */
  startTime: TrialClockTimeSchema,
  /** Device wall-clock time of the end of the response window (ISO 8601, UTC). */
  endTime: TrialClockTimeSchema,
  timing: TimingSchema,
});
export type Trial = z.infer<typeof TrialSchema>;

/** The outcome of a trial of `stimulusType` that was, or was not, answered in the window. */
export function responseTypeOf(stimulusType: StimulusType, responded: boolean): ResponseType {
  if (stimulusType === 'go') return responded ? 'hit' : 'omission';
  return responded ? 'commission' : 'correct_rejection';
}

/** Hits and correct rejections are correct. */
export function isCorrectResponseType(responseType: ResponseType): boolean {
  return responseType === 'hit' || responseType === 'correct_rejection';
}

function positionProblem(config: Config, trial: Trial): string {
  const { phase, block, trialNumber } = positionOf(trial);
  if (phase === 'test' && block !== 0) return `block ${block} does not exist in the test (only 0)`;
  if (phase === 'practice' && block >= config.practiceMaxRounds) {
    return `block ${block} does not exist in practice (rounds 0-${config.practiceMaxRounds - 1})`;
  }
  const count = getBlockTrialCount(config, trial.phase);
  return `trialNumber ${trialNumber} does not exist in ${phase} block ${block} (0-${count - 1})`;
}

/**
 * Everything that makes a submitted trial impossible for this run, as messages: a position the
 * plan lacks, a stimulus other than the planned one, a response record that contradicts itself
 * (responded, response, reactionTime and the response timestamp must all agree), an outcome
 * or correctness that does not follow from the stimulus and the response, a reaction time
 * other than the response timestamp minus the onset or not within the response window, timing
 * events out of order, an end before the start. Empty when valid. Cheap: every save runs it.
 */
export function findTrialProblems(trial: Trial, plan: Plan, config: Config): string[] {
  const position = positionOf(trial);
  if (!isPosition(config, position)) return [positionProblem(config, trial)];
  const planned = plannedTrialAt(plan, config, position);
  if (!planned) return ['The trial is not part of this run'];
  const problems: string[] = [];
  const where = `${position.phase} block ${position.block} trial ${position.trialNumber}`;
  if (trial.stimulusType !== planned.stimulusType) {
    problems.push(`stimulusType must be '${planned.stimulusType}' for ${where}`);
  }
  if (trial.stimulusId !== planned.stimulusId) {
    problems.push(`stimulusId must be '${planned.stimulusId}' for ${where}`);
  }

  const { stimulusOnsetMs, responseTimestampMs, stimulusOffsetMs } = trial.timing;
  problems.push(...singlePressProblems(trial));
  const expected = responseTypeOf(trial.stimulusType, trial.responded);
  if (trial.responseType !== expected) {
    problems.push(
      `responseType must be '${expected}' for a ${trial.stimulusType} trial ${trial.responded ? 'with' : 'without'} a response`,
    );
  }
  if (trial.isCorrect !== isCorrectResponseType(expected)) {
    problems.push('isCorrect does not follow from the stimulus type and the response');
  }

  if (Date.parse(trial.endTime) < Date.parse(trial.startTime)) {
    problems.push('endTime is before startTime');
  }
  const outOfOrder =
    (responseTimestampMs !== null && responseTimestampMs < stimulusOnsetMs) ||
    (stimulusOffsetMs !== undefined && stimulusOffsetMs < stimulusOnsetMs);
  if (outOfOrder) {
    problems.push('The timing events are out of order: nothing comes before the stimulus onset');
  } else if (trial.reactionTime !== null && responseTimestampMs !== null) {
    const measured = responseTimestampMs - stimulusOnsetMs;
    if (Math.abs(trial.reactionTime - measured) > REACTION_TIME_TOLERANCE_MS) {
      problems.push('reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs');
    }
  }
  if (trial.reactionTime !== null && trial.reactionTime >= config.responseWindowMs) {
    problems.push(
      `reactionTime ${trial.reactionTime} ms is not within the response window (${config.responseWindowMs} ms)`,
    );
  }
  return problems;
}
