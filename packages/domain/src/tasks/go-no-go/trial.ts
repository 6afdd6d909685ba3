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
  GO_NO_GO_STIMULUS_IDS,
  GO_NO_GO_STIMULUS_TYPES,
  type GoNoGoConfig,
  GoNoGoPhaseSchema,
  type GoNoGoStimulusType,
  getGoNoGoBlockTrialCount,
} from './config';
import { type GoNoGoPlan, plannedGoNoGoTrialAt } from './plan';
import { isGoNoGoPosition } from './run-order';

/** The response: Space on a keyboard, or the on-screen button (touch or mouse). */
export const GO_NO_GO_RESPONSES = ['space', 'tap'] as const;
export type GoNoGoResponse = (typeof GO_NO_GO_RESPONSES)[number];

/** What a trial's outcome was, from its stimulus type and whether it was answered in time. */
export const GO_NO_GO_RESPONSE_TYPES = [
  'hit',
  'omission',
  'commission',
  'correct_rejection',
] as const;
export type GoNoGoResponseType = (typeof GO_NO_GO_RESPONSE_TYPES)[number];

/**
 * A trial's timing record, in ms on the page's performance.now() time line: the common part,
 * with no response timestamp when nothing was pressed in the window, and the stimulus's offset
 * (the first frame without it) when the page measured it.
 */
export const GoNoGoTimingSchema = z.strictObject(PACED_TIMING_SHAPE);
export type GoNoGoTiming = z.infer<typeof GoNoGoTimingSchema>;

/**
 * A Go/No-Go trial as the browser sends it: the envelope every task shares and the task's own
 * fields. A response never ends a trial: the trial lasts its SOA, and only the first press in
 * the response window is its response.
 */
export const GoNoGoTrialSchema = z.strictObject({
  phase: GoNoGoPhaseSchema,
  /** block: the practice round (0-based), 0 in the test; absent means 0. */
  ...TRIAL_NUMBERING_SHAPE,
  stimulusType: z.enum(GO_NO_GO_STIMULUS_TYPES, { error: "stimulusType must be 'go' or 'nogo'" }),
  /** The stimulus shown: 'solid' or 'outline' square, or the letter 'P' or 'R'. */
  stimulusId: z.enum(GO_NO_GO_STIMULUS_IDS, {
    error: "stimulusId must be 'solid', 'outline', 'P' or 'R'",
  }),
  /** The first press in the response window; null when there was none. */
  response: z
    .enum(GO_NO_GO_RESPONSES, { error: "response must be 'space', 'tap' or null" })
    .nullable(),
  /** ms from the stimulus onset to the first press in the window, unrounded; null without one. */
  reactionTime: NullableReactionTimeSchema,
  /** Hit or correct rejection. */
  isCorrect: z.boolean(),
  /** A press came within the response window. */
  responded: z.boolean(),
  responseType: z.enum(GO_NO_GO_RESPONSE_TYPES, {
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
  timing: GoNoGoTimingSchema,
});
export type GoNoGoTrial = z.infer<typeof GoNoGoTrialSchema>;

/** The outcome of a trial of `stimulusType` that was, or was not, answered in the window. */
export function goNoGoResponseTypeOf(
  stimulusType: GoNoGoStimulusType,
  responded: boolean,
): GoNoGoResponseType {
  if (stimulusType === 'go') return responded ? 'hit' : 'omission';
  return responded ? 'commission' : 'correct_rejection';
}

/** Hits and correct rejections are correct. */
export function isCorrectResponseType(responseType: GoNoGoResponseType): boolean {
  return responseType === 'hit' || responseType === 'correct_rejection';
}

function positionProblem(config: GoNoGoConfig, trial: GoNoGoTrial): string {
  const { phase, block, trialNumber } = positionOf(trial);
  if (phase === 'test' && block !== 0) return `block ${block} does not exist in the test (only 0)`;
  if (phase === 'practice' && block >= config.practiceMaxRounds) {
    return `block ${block} does not exist in practice (rounds 0-${config.practiceMaxRounds - 1})`;
  }
  const count = getGoNoGoBlockTrialCount(config, trial.phase);
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
export function findGoNoGoTrialProblems(
  trial: GoNoGoTrial,
  plan: GoNoGoPlan,
  config: GoNoGoConfig,
): string[] {
  const position = positionOf(trial);
  if (!isGoNoGoPosition(config, position)) return [positionProblem(config, trial)];
  const planned = plannedGoNoGoTrialAt(plan, config, position);
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
  const expected = goNoGoResponseTypeOf(trial.stimulusType, trial.responded);
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
