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
  type Config,
  getBlockTrialCount,
  KEY_MAPPINGS,
  type KeyMapping,
  LETTERS,
  MAX_LEVEL,
  PhaseSchema,
  splitBlock,
} from './config';
import { LURE_TYPES, type Plan, plannedTrialAt } from './plan';
import { isPosition } from './run-order';

/**
 * The response: the F or J key (keyboard), or the on-screen button pressed, named by what it
 * means ('match' is "Same as N back", 'no-match' is "Different").
 */
export const RESPONSES = ['f', 'j', 'match', 'no-match'] as const;
export type Response = (typeof RESPONSES)[number];

/** What a response means: the letter is the one n back, or it is not. */
export const ANSWERS = ['match', 'no-match'] as const;
export type Answer = (typeof ANSWERS)[number];

/**
 * A trial's outcome. 'miss' is a target without a "match" (answered "no match" or not at all);
 * 'omission' is a non-target without any answer (neither a false alarm nor a correct
 * rejection, and wrong); 'filler' is one of a block's first n trials, which are not scored.
 */
export const RESPONSE_TYPES = [
  'hit',
  'miss',
  'false_alarm',
  'correct_rejection',
  'omission',
  'filler',
] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

/** What a key means under a key mapping: A is F = match, B is J = match. */
export function answerOfKey(key: 'f' | 'j', mapping: KeyMapping): Answer {
  const matchKey = mapping === 'A' ? 'f' : 'j';
  return key === matchKey ? 'match' : 'no-match';
}

/** The key that gives `answer` under a key mapping. */
export function keyOfAnswer(answer: Answer, mapping: KeyMapping): 'f' | 'j' {
  return (answer === 'match') === (mapping === 'A') ? 'f' : 'j';
}

/** What a response means: keys by the mapping, buttons by their name. */
export function answerOf(response: Response, mapping: KeyMapping): Answer {
  return response === 'f' || response === 'j' ? answerOfKey(response, mapping) : response;
}

/**
 * A trial's timing record, in ms on the page's performance.now() time line: the common part,
 * with no response timestamp when nothing was answered in the SOA, and the letter's offset
 * (the presentation of the blank that replaces it) when the page measured it.
 */
export const TimingSchema = z.strictObject(PACED_TIMING_SHAPE);
export type Timing = z.infer<typeof TimingSchema>;

const LetterSchema = z.enum(LETTERS, {
  error: `the letter must be one of ${LETTERS.join(', ')}`,
});

/**
 * An N-back trial as the browser sends it: the envelope every task shares and the task's own
 * fields. A response never ends a trial: the trial lasts its SOA, the first press in it is its
 * response and later ones are counted.
 */
export const TrialSchema = z.strictObject({
  phase: PhaseSchema,
  /** block: level x 10 + the practice round or test block within the level. */
  ...TRIAL_NUMBERING_SHAPE,
  /** The level n of the block. */
  level: z
    .number()
    .int('level must be a whole number')
    .min(1, 'level must be at least 1')
    .max(MAX_LEVEL, `level must be at most ${MAX_LEVEL}`),
  letter: LetterSchema,
  /** True for a target, false for a non-target, null for a filler. */
  isTarget: z.boolean().nullable(),
  /** Which item a lure copies ('n-1' or 'n+1'); 'none' for every other trial. */
  lureType: z.enum(LURE_TYPES, { error: "lureType must be 'none', 'n-1' or 'n+1'" }),
  /** The letter n back; null for a filler. */
  nBackLetter: LetterSchema.nullable(),
  /** The first press in the SOA; null when there was none. */
  response: z
    .enum(RESPONSES, { error: "response must be 'f', 'j', 'match', 'no-match' or null" })
    .nullable(),
  /** What the response means under the key mapping; null without one. */
  answer: z.enum(ANSWERS, { error: "answer must be 'match', 'no-match' or null" }).nullable(),
  /** ms from the letter's onset to the first press, unrounded; null without one. */
  reactionTime: NullableReactionTimeSchema,
  /** Hit or correct rejection; null for a filler. */
  isCorrect: z.boolean().nullable(),
  responseType: z.enum(RESPONSE_TYPES, {
    error: `responseType must be one of ${RESPONSE_TYPES.join(', ')}`,
  }),
  /** The run's key mapping: A is F = match, B is J = match. */
  keyMapping: z.enum(KEY_MAPPINGS, { error: "keyMapping must be 'A' or 'B'" }),
  /** Presses in the SOA after the first. */
  nExtraResponses: extraResponsesSchema(MAX_EXTRA_RESPONSES),
  inputModality: InputModalitySchema.optional(),
  /** Device wall-clock time of the letter's onset (ISO 8601, UTC). */
  startTime: TrialClockTimeSchema,
  /** Device wall-clock time of the end of its SOA (ISO 8601, UTC). */
  endTime: TrialClockTimeSchema,
  timing: TimingSchema,
});
export type Trial = z.infer<typeof TrialSchema>;

/** The outcome of a trial from what it was and what was answered. */
export function responseTypeOf(isTarget: boolean | null, answer: Answer | null): ResponseType {
  if (isTarget === null) return 'filler';
  if (isTarget) return answer === 'match' ? 'hit' : 'miss';
  if (answer === null) return 'omission';
  return answer === 'match' ? 'false_alarm' : 'correct_rejection';
}

/** Hits and correct rejections are correct; fillers are neither (null). */
export function isCorrect(responseType: ResponseType): boolean | null {
  if (responseType === 'filler') return null;
  return responseType === 'hit' || responseType === 'correct_rejection';
}

function positionProblem(config: Config, trial: Trial): string {
  const { phase, block, trialNumber } = positionOf(trial);
  const { level, index } = splitBlock(block);
  if (!isPosition(config, { phase, block, trialNumber: 0 })) {
    return `block ${block} (level ${level}, ${phase} block ${index}) does not exist in this run`;
  }
  const count = getBlockTrialCount(config, trial.phase, level);
  return `trialNumber ${trialNumber} does not exist in ${phase} block ${block} (0-${count - 1})`;
}

/**
 * Everything that makes a submitted trial impossible for this run, as messages: a position the
 * plan lacks; a level, letter, target status, lure type, letter n back or key mapping other than
 * the planned ones; a response record that contradicts itself (response, answer, reactionTime
 * and the response timestamp must all agree, keys come from a keyboard and buttons do not, an
 * answer follows from the response and the mapping); an outcome or correctness that does not
 * follow from the trial and the answer; a reaction time other than the response timestamp
 * minus the onset, or not within the SOA; timing events out of order; an end before the start.
 * Empty when valid. Cheap: every save runs it.
 */
export function findTrialProblems(trial: Trial, plan: Plan, config: Config): string[] {
  const position = positionOf(trial);
  if (!isPosition(config, position)) return [positionProblem(config, trial)];
  const planned = plannedTrialAt(plan, position);
  if (!planned) return ['The trial is not part of this run'];
  const problems: string[] = [];
  const where = `${position.phase} block ${position.block} trial ${position.trialNumber}`;
  const expectField = (name: string, actual: unknown, expected: unknown) => {
    if (actual !== expected) {
      problems.push(`${name} must be ${JSON.stringify(expected)} for ${where}`);
    }
  };
  expectField('level', trial.level, planned.level);
  expectField('letter', trial.letter, planned.letter);
  expectField('isTarget', trial.isTarget, planned.isTarget);
  expectField('lureType', trial.lureType, planned.lureType);
  expectField('nBackLetter', trial.nBackLetter, planned.nBackLetter);
  expectField('keyMapping', trial.keyMapping, plan.keyMapping);

  const { stimulusOnsetMs, responseTimestampMs, stimulusOffsetMs } = trial.timing;
  const responded = trial.response !== null;
  const answered = [trial.answer, trial.reactionTime, responseTimestampMs].map((v) => v !== null);
  if (answered.some((isSet) => isSet !== responded)) {
    problems.push(
      responded
        ? 'A trial with a response needs an answer, a reactionTime and timing.responseTimestampMs'
        : 'A trial without a response has no answer, reactionTime or timing.responseTimestampMs',
    );
  }
  const modality = trial.inputModality ?? 'keyboard';
  if ((trial.response === 'f' || trial.response === 'j') && modality !== 'keyboard') {
    problems.push(`The response '${trial.response}' is a key, not a ${modality} response`);
  }
  if ((trial.response === 'match' || trial.response === 'no-match') && modality === 'keyboard') {
    problems.push(`The response '${trial.response}' is an on-screen button, not a key`);
  }
  if (trial.response !== null && trial.answer !== null) {
    const meant = answerOf(trial.response, trial.keyMapping);
    if (trial.answer !== meant) {
      problems.push(
        `answer must be '${meant}' for the response '${trial.response}' under key mapping ${trial.keyMapping}`,
      );
    }
  }
  if (trial.nExtraResponses > 0 && !responded) {
    problems.push('nExtraResponses counts presses after the first in the SOA: there was none');
  }
  const expected = responseTypeOf(trial.isTarget, trial.answer);
  if (trial.responseType !== expected) {
    problems.push(`responseType must be '${expected}' for this trial and answer`);
  }
  if (trial.isCorrect !== isCorrect(expected)) {
    problems.push('isCorrect does not follow from the trial and the answer (null for a filler)');
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
  const windowMs = config.soaMs + SOA_RESPONSE_SLACK_MS;
  if (trial.reactionTime !== null && trial.reactionTime >= windowMs) {
    problems.push(
      `reactionTime ${trial.reactionTime} ms is not within the response window (the SOA, ${config.soaMs} ms, + ${SOA_RESPONSE_SLACK_MS} ms)`,
    );
  }
  return problems;
}
