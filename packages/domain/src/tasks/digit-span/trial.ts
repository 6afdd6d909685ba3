import { z } from 'zod';
import {
  InputModalitySchema,
  MAX_REACTION_TIME_MS,
  NullableReactionTimeSchema,
  positionOf,
  REACTION_TIME_TOLERANCE_MS,
  TIMING_BASE_SHAPE,
  TRIAL_NUMBERING_SHAPE,
  TrialClockTimeSchema,
} from '../shared/envelope';
import { type Config, DirectionSchema, MAX_ENTERED_DIGITS, PhaseSchema } from './config';
import { type Plan, parseDigits, plannedTrialAt } from './plan';
import { positionProblem } from './run-order';

/** How an answer was submitted: Enter on a keyboard, or the keypad's submit button. */
export const RESPONSES = ['enter', 'submit'] as const;
export type Response = (typeof RESPONSES)[number];

/** More backspaces than this in one answer are not a person's. */
export const MAX_BACKSPACES = 200;

/** A list written as the trial records it: digits 1-9 joined by '-', e.g. '3-7-2'. */
const digitList = (field: string, maxDigits: number, allowEmpty: boolean) =>
  z
    .string()
    .max(2 * maxDigits)
    .regex(
      allowEmpty ? /^([1-9](-[1-9])*)?$/ : /^[1-9](-[1-9])*$/,
      `${field} must be digits 1-9 joined by '-', e.g. '3-7-2'${allowEmpty ? " (or '' for none)" : ''}`,
    )
    .refine(
      (text) => parseDigits(text).length <= maxDigits,
      `${field} has more than ${maxDigits} digits`,
    );

const timestamp = z.number().finite().nonnegative();

/**
 * A list's timing record, in ms on the page's performance.now() time line. The stimulus onset
 * of the envelope is the keypad's (the answer prompt's) presentation, so the reaction time is
 * the answer time: submit minus keypad onset.
 */
export const TimingSchema = z.strictObject({
  ...TIMING_BASE_SHAPE,
  /** The submit's event timestamp (Enter or the submit button); null when the list timed out. */
  responseTimestampMs: timestamp.nullable(),
  /** The first digit's presentation. */
  sequenceOnsetMs: timestamp,
  /** Every digit's presentation, in order (the first is sequenceOnsetMs). */
  digitOnsetsMs: z.array(timestamp).min(1).max(9),
  /**
   * Every digit's offset: the presentation of the blank after it, or of what replaced it (the
   * next digit; the keypad after the last). Offset minus onset is the digit's exposure.
   */
  digitOffsetsMs: z.array(timestamp).min(1).max(9),
  /**
   * The answer's first key (a digit, Backspace or a submit, an empty submit that asked for a
   * second one included), its event timestamp; null if none.
   */
  firstKeyMs: timestamp.nullable(),
});
export type Timing = z.infer<typeof TimingSchema>;

/**
 * A Digit Span trial (one list) as the browser sends it: the envelope every task shares and
 * the task's own fields. `expected` comes from the plan (for backward lists the presented list
 * reversed), never from the answer.
 */
export const TrialSchema = z.strictObject({
  phase: PhaseSchema,
  /** block: the direction, 0 forward and 1 backward; absent means 0. */
  ...TRIAL_NUMBERING_SHAPE,
  direction: DirectionSchema,
  /** Digits in the list. */
  length: z.number().int().min(1).max(9),
  /** 1-based: the list within its length (test) or the practice list's number. */
  attempt: z.number().int().min(1).max(9),
  /**
   * 0 for the ladder's own list (and every practice list); r for the r-th new list given in its
   * place after the one before was interrupted.
   */
  repeat: z.number().int().nonnegative().max(9),
  /**
   * The page was hidden or lost focus while the list was on ('Ready' to the submit): equal to
   * timing.wasInterrupted, and kept beside the list's fields because the run order reads it.
   */
  interrupted: z.boolean(),
  presented: digitList('presented', 9, false),
  expected: digitList('expected', 9, false),
  /** The answer as submitted (left to right as typed); '' for an empty answer. */
  entered: digitList('entered', MAX_ENTERED_DIGITS, true),
  nDigitsEntered: z.number().int().nonnegative().max(MAX_ENTERED_DIGITS),
  /** Positions where the answer has the expected digit: partial credit. */
  nCorrectPositions: z.number().int().nonnegative().max(9),
  /** From the keypad's onset to the answer's first key, ms; null without a key. */
  firstKeyRt: z.number().finite().nonnegative().max(MAX_REACTION_TIME_MS).nullable(),
  nBackspaces: z.number().int().nonnegative().max(MAX_BACKSPACES),
  /** The response time limit ran out before a submit. */
  timedOut: z.boolean(),
  /** 'enter' (keyboard) or 'submit' (the keypad's button); null when the list timed out. */
  response: z.enum(RESPONSES, { error: "response must be 'enter', 'submit' or null" }).nullable(),
  /** The answer time: from the keypad's onset to the submit, ms; null when timed out. */
  reactionTime: NullableReactionTimeSchema,
  /** The answer equals the expected digits exactly. */
  isCorrect: z.boolean(),
  inputModality: InputModalitySchema.optional(),
  /** Device wall-clock time of the first digit's onset (ISO 8601, UTC). */
  startTime: TrialClockTimeSchema,
  /** Device wall-clock time of the submit, or of the time-out. */
  endTime: TrialClockTimeSchema,
  timing: TimingSchema,
});
export type Trial = z.infer<typeof TrialSchema>;

/** Positions where `entered` has the digit `expected` has there (both written '3-7-2'). */
export function countCorrectPositions(entered: string, expected: string): number {
  const given = parseDigits(entered);
  return parseDigits(expected).filter((digit, i) => given[i] === digit).length;
}

/** Is an answer correct: submitted in time and exactly the expected digits? */
export function isAnswerCorrect(entered: string, expected: string, timedOut: boolean) {
  return !timedOut && entered === expected;
}

/** Problems of the timing record and the times derived from it. */
function timingProblems(trial: Trial, config: Config): string[] {
  const problems: string[] = [];
  const { timing } = trial;
  const onsets = timing.digitOnsetsMs;
  const offsets = timing.digitOffsetsMs;
  if (onsets.length !== trial.length || offsets.length !== trial.length) {
    problems.push(
      `timing.digitOnsetsMs and timing.digitOffsetsMs must hold one time per digit (${trial.length})`,
    );
    return problems;
  }
  // Each digit's onset, then its offset, then the next digit's onset: equal when a stalled page
  // replaced a digit (or its blank) before painting it.
  const inOrder = onsets.every(
    (ms, k) =>
      ms <= (offsets[k] as number) &&
      (k === onsets.length - 1 || (offsets[k] as number) <= (onsets[k + 1] as number)),
  );
  if (
    onsets[0] !== timing.sequenceOnsetMs ||
    !inOrder ||
    offsets.at(-1) !== timing.stimulusOnsetMs ||
    (timing.firstKeyMs !== null && timing.firstKeyMs < timing.stimulusOnsetMs) ||
    (timing.responseTimestampMs !== null && timing.responseTimestampMs < timing.stimulusOnsetMs) ||
    (timing.firstKeyMs !== null &&
      timing.responseTimestampMs !== null &&
      timing.firstKeyMs > timing.responseTimestampMs)
  ) {
    problems.push(
      "The timing events are out of order: each digit's onset, its offset, the next digit's onset from sequenceOnsetMs, the last offset at the keypad's onset (stimulusOnsetMs), then the first key and the submit",
    );
    return problems;
  }
  if (
    config.digitOffMs === 0 &&
    offsets.some((ms, k) => k < onsets.length - 1 && ms !== onsets[k + 1])
  ) {
    problems.push('Without a blank between digits, each digit goes off when the next one comes on');
  }
  const derived = (value: number | null, from: number | null, name: string, source: string) => {
    if ((value === null) !== (from === null)) {
      problems.push(`${name} must be set exactly when ${source} is`);
    } else if (value !== null && from !== null) {
      if (Math.abs(value - (from - timing.stimulusOnsetMs)) > REACTION_TIME_TOLERANCE_MS) {
        problems.push(`${name} must be ${source} minus timing.stimulusOnsetMs`);
      }
    }
  };
  derived(
    trial.reactionTime,
    timing.responseTimestampMs,
    'reactionTime',
    'timing.responseTimestampMs',
  );
  derived(trial.firstKeyRt, timing.firstKeyMs, 'firstKeyRt', 'timing.firstKeyMs');
  if (trial.timedOut !== (timing.responseTimestampMs === null)) {
    problems.push('timing.responseTimestampMs must be null exactly when the list timed out');
  }
  const limit = config.responseTimeLimitMs;
  if (
    trial.timedOut &&
    limit === 0 &&
    Date.parse(trial.endTime) - Date.parse(trial.startTime) < MAX_REACTION_TIME_MS - 1
  ) {
    problems.push(
      `Without a response time limit, a list times out only after ${MAX_REACTION_TIME_MS} ms`,
    );
  }
  if (limit > 0 && trial.reactionTime !== null && trial.reactionTime > limit) {
    problems.push(
      `reactionTime ${trial.reactionTime} ms exceeds the response time limit (${limit} ms)`,
    );
  }
  if (Date.parse(trial.endTime) < Date.parse(trial.startTime)) {
    problems.push('endTime is before startTime');
  }
  return problems;
}

/** Problems of the answer: its counts, its correctness, how it was submitted. */
function answerProblems(trial: Trial): string[] {
  const problems: string[] = [];
  const digits = parseDigits(trial.entered).length;
  if (trial.nDigitsEntered !== digits) {
    problems.push(`nDigitsEntered must be ${digits}, the digits in entered`);
  }
  const positions = countCorrectPositions(trial.entered, trial.expected);
  if (trial.nCorrectPositions !== positions) {
    problems.push(`nCorrectPositions must be ${positions} for this answer`);
  }
  if (trial.isCorrect !== isAnswerCorrect(trial.entered, trial.expected, trial.timedOut)) {
    problems.push(
      'isCorrect must be true exactly when the answer, submitted in time, equals expected',
    );
  }
  if (trial.timedOut !== (trial.response === null)) {
    problems.push('A list has a response (enter or submit) exactly when it did not time out');
  }
  if (trial.timedOut !== (trial.reactionTime === null)) {
    problems.push('reactionTime must be null exactly when the list timed out');
  }
  const modality = trial.inputModality ?? 'keyboard';
  if (trial.response === 'enter' && modality !== 'keyboard') {
    problems.push(`The response 'enter' is a keyboard's, not ${modality}`);
  }
  if (trial.response === 'submit' && modality === 'keyboard') {
    problems.push("The response 'submit' is a touch or mouse response, not a keyboard's");
  }
  // A timed-out list with nothing typed may still have had a key: an empty submit that asked for
  // a second one.
  const pressed = digits > 0 || trial.nBackspaces > 0 || trial.response !== null;
  const hasFirstKey = trial.timing.firstKeyMs !== null;
  if ((pressed && !hasFirstKey) || (hasFirstKey && !pressed && !trial.timedOut)) {
    problems.push('timing.firstKeyMs must be set exactly when a key was pressed');
  }
  return problems;
}

/**
 * Everything that makes a submitted trial impossible for this run, as messages: a position the
 * plan lacks, a list other than the planned one (its direction, length, attempt, digits or
 * expected answer), an answer whose counts or correctness do not follow from it, a response
 * that contradicts the modality or the time-out, times that are not the differences of the
 * timestamps they come from, timing events out of order. Empty when valid. Cheap: every save
 * runs it.
 */
export function findTrialProblems(trial: Trial, plan: Plan, config: Config): string[] {
  const position = positionOf(trial);
  const problem = positionProblem(config, position);
  if (problem !== null) return [problem];
  const planned = plannedTrialAt(plan, config, position);
  if (!planned) return ['The trial is not part of this run'];
  const problems: string[] = [];
  const where = `${position.phase} block ${position.block} trial ${position.trialNumber}`;
  for (const key of [
    'direction',
    'length',
    'attempt',
    'repeat',
    'presented',
    'expected',
  ] as const) {
    if (trial[key] !== planned[key]) problems.push(`${key} must be '${planned[key]}' for ${where}`);
  }
  if (trial.interrupted !== trial.timing.wasInterrupted) {
    problems.push('interrupted must equal timing.wasInterrupted');
  }
  return [...problems, ...answerProblems(trial), ...timingProblems(trial, config)];
}
