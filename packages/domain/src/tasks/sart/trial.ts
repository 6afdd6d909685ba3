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
import { SOA_RESPONSE_SLACK_MS } from '../shared/soa-engine';
import {
  type Config,
  FONT_SIZE_COUNT,
  getBlockTrialCount,
  getSoaMs,
  isNogoDigit,
  PhaseSchema,
} from './config';
import { type Plan, plannedTrialAt } from './plan';
import { isPosition } from './run-order';

/** The response: Space on a keyboard, or the on-screen button (touch or mouse). */
export const RESPONSES = ['space', 'tap'] as const;
export type Response = (typeof RESPONSES)[number];

/** A trial's outcome, from whether its digit was the no-go digit and whether it was answered. */
export const RESPONSE_TYPES = ['go_success', 'omission', 'nogo_success', 'commission'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/**
 * Reaction times under this many ms are anticipatory: a press begun before the digit could have
 * been seen (Cheyne et al., 2009).
 */
export const ANTICIPATION_MS = 100;
/** Reaction times from this many ms on are valid; those from 100 ms up to it are ambiguous. */
export const VALID_RT_MS = 200;

/**
 * Inquisit's latency type of a response, after Cheyne et al. (2009): 0 none, 1 anticipatory
 * (RT < 100 ms), 2 ambiguous (100-199 ms), 3 valid (>= 200 ms).
 */
export const LATENCY_TYPES = { none: 0, anticipatory: 1, ambiguous: 2, valid: 3 } as const;
export type LatencyType = (typeof LATENCY_TYPES)[keyof typeof LATENCY_TYPES];

/** The latency type of a reaction time (null: no response). */
export function latencyTypeOf(reactionTime: number | null): LatencyType {
  if (reactionTime === null) return LATENCY_TYPES.none;
  if (reactionTime < ANTICIPATION_MS) return LATENCY_TYPES.anticipatory;
  if (reactionTime < VALID_RT_MS) return LATENCY_TYPES.ambiguous;
  return LATENCY_TYPES.valid;
}

/** The largest font size (CSS px) a trial may report: far beyond any screen's 30 %. */
export const MAX_FONT_SIZE_PX = 5000;
/** The largest devicePixelRatio a trial may report. */
export const MAX_DEVICE_PIXEL_RATIO = 20;

/**
 * A trial's timing record, in ms on the page's performance.now() time line: the digit's onset,
 * the first press's timestamp (null without one), and the digit's offset, which is the mask's
 * presentation (Element Timing), so the digit's presented duration is offset - onset.
 */
export const TimingSchema = z.strictObject(PACED_TIMING_SHAPE);
export type Timing = z.infer<typeof TimingSchema>;

/**
 * A SART trial as the browser sends it: the envelope every task shares and the task's own
 * fields. A response never ends a trial: the digit and the mask keep their time, the first
 * press from the digit's onset until the next digit is presented is the response, and later
 * ones are counted.
 */
export const TrialSchema = z.strictObject({
  phase: PhaseSchema,
  /** block: always 0 (one practice block, one test block); absent means 0. */
  ...TRIAL_NUMBERING_SHAPE,
  digit: z
    .number()
    .int('digit must be a whole number')
    .min(1, 'digit must be 1-9')
    .max(9, 'digit must be 1-9'),
  /** The digit is the configured no-go digit. */
  isNogo: z.boolean(),
  fontSizeIndex: z
    .number()
    .int('fontSizeIndex must be a whole number')
    .min(0, `fontSizeIndex must be 0-${FONT_SIZE_COUNT - 1}`)
    .max(FONT_SIZE_COUNT - 1, `fontSizeIndex must be 0-${FONT_SIZE_COUNT - 1}`),
  /**
   * The digit's font size as the browser rendered it (its computed style while on screen), in
   * CSS px (its em height).
   */
  fontSizePx: z
    .number()
    .finite()
    .positive('fontSizePx must be positive')
    .max(MAX_FONT_SIZE_PX, `fontSizePx must be at most ${MAX_FONT_SIZE_PX}`),
  /** Device pixels per CSS pixel when the digit was drawn. */
  devicePixelRatio: z
    .number()
    .finite()
    .positive('devicePixelRatio must be positive')
    .max(MAX_DEVICE_PIXEL_RATIO, `devicePixelRatio must be at most ${MAX_DEVICE_PIXEL_RATIO}`),
  /** The first press in the window; null when there was none. */
  response: z.enum(RESPONSES, { error: "response must be 'space', 'tap' or null" }).nullable(),
  /** ms from the digit's onset to the first press, unrounded; null without one. */
  reactionTime: NullableReactionTimeSchema,
  /** A press on a go digit, or none on the no-go digit. */
  isCorrect: z.boolean(),
  /** A press came in the window. */
  responded: z.boolean(),
  latencyType: z
    .number()
    .int('latencyType must be 0, 1, 2 or 3')
    .min(0, 'latencyType must be 0, 1, 2 or 3')
    .max(3, 'latencyType must be 0, 1, 2 or 3'),
  responseType: z.enum(RESPONSE_TYPES, {
    error: `responseType must be one of ${RESPONSE_TYPES.join(', ')}`,
  }),
  /** Presses in the window after the first. */
  nExtraResponses: extraResponsesSchema(MAX_EXTRA_RESPONSES),
  inputModality: InputModalitySchema.optional(),
  /** Device wall-clock time of the digit's onset (ISO 8601, UTC). */
  startTime: TrialClockTimeSchema,
  /** Device wall-clock time of the end of the response window (ISO 8601, UTC). */
  endTime: TrialClockTimeSchema,
  timing: TimingSchema,
});
export type Trial = z.infer<typeof TrialSchema>;

/** The outcome of a trial on a go or no-go digit that was, or was not, answered. */
export function responseTypeOf(isNogo: boolean, responded: boolean): ResponseType {
  if (isNogo) return responded ? 'commission' : 'nogo_success';
  return responded ? 'go_success' : 'omission';
}

/** Successes are correct. */
export function isCorrect(responseType: ResponseType): boolean {
  return responseType === 'go_success' || responseType === 'nogo_success';
}

/**
 * The longest reaction time a trial can have, in ms: the window runs until the next digit is
 * presented, which a frame may put a little after its due time (SOA_RESPONSE_SLACK_MS; the
 * engine cuts every window there).
 */
export function getMaxReactionTimeMs(config: Config): number {
  return getSoaMs(config) + SOA_RESPONSE_SLACK_MS;
}

function positionProblem(config: Config, trial: Trial): string {
  const { phase, block, trialNumber } = positionOf(trial);
  if (block !== 0) return `block ${block} does not exist in ${phase} (only 0)`;
  const count = getBlockTrialCount(config, trial.phase);
  if (count === 0) return `This run has no ${phase} trials`;
  return `trialNumber ${trialNumber} does not exist in ${phase} (0-${count - 1})`;
}

/** What contradicts the stored response: its fields, modality, outcome and latency type. */
function responseProblems(trial: Trial): string[] {
  const problems = singlePressProblems(trial);
  const expected = responseTypeOf(trial.isNogo, trial.responded);
  if (trial.responseType !== expected) {
    problems.push(
      `responseType must be '${expected}' for a ${trial.isNogo ? 'no-go' : 'go'} digit ${trial.responded ? 'with' : 'without'} a response`,
    );
  }
  if (trial.isCorrect !== isCorrect(expected)) {
    problems.push('isCorrect does not follow from the digit and the response');
  }
  if (trial.latencyType !== latencyTypeOf(trial.reactionTime)) {
    problems.push(`latencyType must be ${latencyTypeOf(trial.reactionTime)} for this reactionTime`);
  }
  return problems;
}

/** What contradicts the timing record: events out of order, an RT other than its timestamps'. */
function timingProblems(trial: Trial, config: Config): string[] {
  const problems: string[] = [];
  const { stimulusOnsetMs, responseTimestampMs, stimulusOffsetMs } = trial.timing;
  if (Date.parse(trial.endTime) < Date.parse(trial.startTime)) {
    problems.push('endTime is before startTime');
  }
  const outOfOrder =
    (responseTimestampMs !== null && responseTimestampMs < stimulusOnsetMs) ||
    (stimulusOffsetMs !== undefined && stimulusOffsetMs < stimulusOnsetMs);
  if (outOfOrder) {
    problems.push('The timing events are out of order: nothing comes before the digit onset');
  } else if (trial.reactionTime !== null && responseTimestampMs !== null) {
    const measured = responseTimestampMs - stimulusOnsetMs;
    if (Math.abs(trial.reactionTime - measured) > REACTION_TIME_TOLERANCE_MS) {
      problems.push('reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs');
    }
  }
  const maxRtMs = getMaxReactionTimeMs(config);
  if (trial.reactionTime !== null && trial.reactionTime >= maxRtMs) {
    problems.push(
      `reactionTime ${trial.reactionTime} ms is not within the response window (the SOA, ${getSoaMs(config)} ms, + ${SOA_RESPONSE_SLACK_MS} ms)`,
    );
  }
  return problems;
}

/**
 * Everything that makes a submitted trial impossible for this run, as messages: a position the
 * plan lacks; a digit, no-go status or font size other than the planned ones; a response record
 * that contradicts itself (responded, response, reactionTime and the response timestamp must
 * all agree, Space comes from a keyboard and the button does not); an outcome, correctness or
 * latency type that does not follow from the digit and the response; a reaction time other
 * than the response timestamp minus the onset, or beyond the window; timing events out of
 * order; an end before the start. Empty when valid. Cheap: every save runs it.
 */
export function findTrialProblems(trial: Trial, plan: Plan, config: Config): string[] {
  const position = positionOf(trial);
  if (!isPosition(config, position)) return [positionProblem(config, trial)];
  const planned = plannedTrialAt(plan, config, position);
  if (!planned) return ['The trial is not part of this run'];
  const problems: string[] = [];
  const where = `${position.phase} trial ${position.trialNumber}`;
  if (trial.digit !== planned.digit) problems.push(`digit must be ${planned.digit} for ${where}`);
  if (trial.isNogo !== isNogoDigit(config, trial.digit)) {
    problems.push(
      `isNogo must be ${isNogoDigit(config, trial.digit)} for the digit ${trial.digit}`,
    );
  }
  if (trial.fontSizeIndex !== planned.fontSizeIndex) {
    problems.push(`fontSizeIndex must be ${planned.fontSizeIndex} for ${where}`);
  }
  return [...problems, ...responseProblems(trial), ...timingProblems(trial, config)];
}
