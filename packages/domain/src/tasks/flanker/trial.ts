import { z } from 'zod';
import {
  extraResponsesSchema,
  InputModalitySchema,
  MAX_EXTRA_RESPONSES,
  NullableReactionTimeSchema,
  PACED_TIMING_SHAPE,
  positionOf,
  REACTION_TIME_TOLERANCE_MS,
  TRIAL_NUMBERING_SHAPE,
  TrialClockTimeSchema,
} from '../shared/envelope';
import { SOA_RESPONSE_SLACK_MS } from '../shared/soa-engine';
import {
  blockTrialCount,
  CONGRUENCIES,
  type Config,
  DIRECTIONS,
  type Direction,
  PhaseSchema,
} from './config';
import { type Plan, plannedTrialAt } from './plan';
import { isPosition } from './run-order';

/** What a trial's outcome was: the middle arrow's direction, the other one, or nothing in time. */
export const RESPONSE_TYPES = ['correct', 'error', 'omission'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/** The displays a trial can show ('<' an arrow pointing left, '>' one pointing right). */
export const DISPLAYS = ['<<<<<', '>>>>>', '>><>>', '<<><<'] as const;

/** A trial's timing record: the fixed-pace one (onset, first press, offset when measured). */
export const TimingSchema = z.strictObject(PACED_TIMING_SHAPE);

/**
 * A flanker trial as the browser sends it: the envelope every task shares and the task's own
 * fields. The trial lasts its SOA whatever is pressed; the first press in its response window
 * (from the onset to the next onset) is its response, whatever the input: the left or right
 * arrow key, F or J, or the on-screen Left and Right buttons.
 */
export const TrialSchema = z.strictObject({
  phase: PhaseSchema,
  /** Always 0: each phase is one block; absent means 0. */
  ...TRIAL_NUMBERING_SHAPE,
  congruency: z.enum(CONGRUENCIES, { error: "congruency must be 'congruent' or 'incongruent'" }),
  /** Where the middle arrow pointed: the correct response. */
  targetDirection: z.enum(DIRECTIONS, { error: "targetDirection must be 'left' or 'right'" }),
  /** The five arrows shown, '<' for left and '>' for right, e.g. '>><>>'. */
  display: z.enum(DISPLAYS, { error: "display must be one of '<<<<<', '>>>>>', '>><>>', '<<><<'" }),
  /** The direction answered by the first press in the window; null when there was none. */
  response: z.enum(DIRECTIONS, { error: "response must be 'left', 'right' or null" }).nullable(),
  /** ms from the onset to the first press in the window, unrounded; null without one. */
  reactionTime: NullableReactionTimeSchema,
  /** The response was the middle arrow's direction. */
  isCorrect: z.boolean(),
  /** A press came within the response window. */
  responded: z.boolean(),
  responseType: z.enum(RESPONSE_TYPES, {
    error: "responseType must be 'correct', 'error' or 'omission'",
  }),
  /** Presses in the window after the first (either direction). */
  nExtraResponses: extraResponsesSchema(MAX_EXTRA_RESPONSES),
  inputModality: InputModalitySchema.optional(),
  /** Device wall-clock time of the onset (ISO 8601, UTC). */
  startTime: TrialClockTimeSchema,
  /** Device wall-clock time of the end of the response window (ISO 8601, UTC). */
  endTime: TrialClockTimeSchema,
  timing: TimingSchema,
});
export type Trial = z.infer<typeof TrialSchema>;

/** The outcome of a trial whose middle arrow pointed `target`, answered `response` (or not). */
export function responseTypeOf(target: Direction, response: Direction | null): ResponseType {
  if (response === null) return 'omission';
  return response === target ? 'correct' : 'error';
}

function positionProblem(config: Config, trial: Trial): string {
  const { phase, block, trialNumber } = positionOf(trial);
  if (block !== 0) return `block ${block} does not exist in the ${phase} (only 0)`;
  const count = blockTrialCount(config, trial.phase);
  return count === 0
    ? `This run has no ${phase} trials`
    : `trialNumber ${trialNumber} does not exist in the ${phase} (0-${count - 1})`;
}

/**
 * Everything that makes a submitted trial impossible for this run, as messages: a position the
 * plan lacks, a display other than the planned one, a response record that contradicts itself
 * (responded, response, reactionTime and the response timestamp must agree), an outcome or
 * correctness that does not follow from the target and the response, a reaction time other
 * than the response timestamp minus the onset or longer than the window can be, timing events
 * out of order, an end before the start. Empty when valid. Cheap: every save runs it.
 */
export function findTrialProblems(trial: Trial, plan: Plan, config: Config): string[] {
  const position = positionOf(trial);
  if (!isPosition(config, position)) return [positionProblem(config, trial)];
  const planned = plannedTrialAt(plan, position);
  if (!planned) return ['The trial is not part of this run'];
  const problems: string[] = [];
  const where = `${position.phase} trial ${position.trialNumber}`;
  for (const key of ['congruency', 'targetDirection', 'display'] as const) {
    if (trial[key] !== planned[key]) problems.push(`${key} must be '${planned[key]}' for ${where}`);
  }

  const { stimulusOnsetMs, responseTimestampMs, stimulusOffsetMs } = trial.timing;
  const answered = [trial.response, trial.reactionTime, responseTimestampMs].map((v) => v !== null);
  if (answered.some((isSet) => isSet !== trial.responded)) {
    problems.push(
      trial.responded
        ? 'A trial that responded needs a response, a reactionTime and timing.responseTimestampMs'
        : 'A trial that did not respond has no response, reactionTime or timing.responseTimestampMs',
    );
  }
  if (trial.nExtraResponses > 0 && !trial.responded) {
    problems.push('nExtraResponses counts presses after the first in the window: there was none');
  }
  const expected = responseTypeOf(trial.targetDirection, trial.responded ? trial.response : null);
  if (trial.responseType !== expected) {
    problems.push(`responseType must be '${expected}' for this target and response`);
  }
  if (trial.isCorrect !== (expected === 'correct')) {
    problems.push('isCorrect does not follow from the target direction and the response');
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
  // The window runs to the next onset, cut at the SOA plus SOA_RESPONSE_SLACK_MS.
  const longestMs = config.soaMs + SOA_RESPONSE_SLACK_MS;
  if (trial.reactionTime !== null && trial.reactionTime >= longestMs) {
    problems.push(
      `reactionTime ${trial.reactionTime} ms is beyond the response window (under ${longestMs} ms)`,
    );
  }
  return problems;
}
