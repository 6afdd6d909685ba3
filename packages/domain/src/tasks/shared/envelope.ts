import { z } from 'zod';
import { LAST_STORABLE_MS } from '../../time/storable-instant';

/**
 * The part of a trial every task has, as the browser sends it and the server stores it in
 * columns (ADR 027). A task adds its own fields beside these; they are stored as one jsonb.
 */

/** How the participant answered: each trial stores it, and RTs are not pooled across them. */
export const INPUT_MODALITIES = ['keyboard', 'touch', 'mouse'] as const;
export const InputModalitySchema = z.enum(INPUT_MODALITIES);
export type InputModality = z.infer<typeof InputModalitySchema>;

/** How the stimulus onset was measured (rule 2 in docs/timing-rules.md). */
export const ONSET_METHODS = ['element-timing', 'animation-frame'] as const;

/** Longest accepted reaction time, in ms: a stimulus may wait for an answer, but not forever. */
export const MAX_REACTION_TIME_MS = 30 * 60 * 1000;

/** Highest block number (a criterion-practice round, a test block) and trial number in one. */
export const MAX_BLOCK = 99;
export const MAX_TRIAL_NUMBER = 999;

/** A trial's block (absent means 0) and number within it, as a task's trial schema takes them. */
export const TRIAL_NUMBERING_SHAPE = {
  block: z
    .number()
    .int()
    .nonnegative()
    .max(MAX_BLOCK, `block must be at most ${MAX_BLOCK}`)
    .optional(),
  trialNumber: z
    .number()
    .int('trialNumber must be a whole number')
    .nonnegative()
    .max(MAX_TRIAL_NUMBER, `trialNumber must be at most ${MAX_TRIAL_NUMBER}`),
};

/**
 * A trial's clock times come from the device, whose clock may be wrong, so any time a device
 * clock can show is taken (a wrong clock must not cost a trial): from the Unix epoch, where
 * reset clocks start, to the last year PostgreSQL and ISO 8601 text share. Earlier years are
 * refused: year 0000 is a database error, and years 0001-0099 come back from the database as
 * 1950-2049 (JavaScript's date parser reads PostgreSQL's text that way).
 */
export const TrialClockTimeSchema = z.iso.datetime().refine((text) => {
  const ms = Date.parse(text);
  return ms >= 0 && ms <= LAST_STORABLE_MS;
}, 'Use a time from 1970 to 9999');

/**
 * The timing record's common part, in ms on the page's performance.now() time line. A task may
 * add its own events (Stroop: the cue's onset).
 */
export const TIMING_BASE_SHAPE = {
  /** When the stimulus was presented: the start of the reaction time. */
  stimulusOnsetMs: z.number().finite().nonnegative(),
  /** The response event's own timeStamp: the end of the reaction time. */
  responseTimestampMs: z.number().finite().nonnegative(),
  onsetMethod: z.enum(ONSET_METHODS),
  /** The page lost focus or was hidden between the trial's first onset and its response. */
  wasInterrupted: z.boolean(),
};

/**
 * A fixed-pace trial's timing record (Go/No-Go, N-back): the common part, with no response
 * timestamp when nothing was pressed in time, and the stimulus's offset (the first frame without
 * it) when the page measured it.
 */
export const PACED_TIMING_SHAPE = {
  ...TIMING_BASE_SHAPE,
  /** The first press in the response window (its event's timeStamp); null without one. */
  responseTimestampMs: z.number().finite().nonnegative().nullable(),
  stimulusOffsetMs: z.number().finite().nonnegative().optional(),
};

/**
 * How far a reaction time may be from the response's timestamp minus the stimulus onset, in ms:
 * the browser computes it as exactly that difference of the two numbers it sends.
 */
export const REACTION_TIME_TOLERANCE_MS = 0.01;

/** More presses than this after a trial's first are not a person's. */
export const MAX_EXTRA_RESPONSES = 100;

/** A trial's reaction time: ms, unrounded, up to MAX_REACTION_TIME_MS; null without a response. */
export const NullableReactionTimeSchema = z
  .number()
  .finite()
  .nonnegative('reactionTime cannot be negative')
  .max(MAX_REACTION_TIME_MS)
  .nullable();

/** How many presses came after a trial's first, at most `max` (more are not a person's). */
export function extraResponsesSchema(max: number) {
  return z
    .number()
    .int('nExtraResponses must be a whole number')
    .nonnegative('nExtraResponses cannot be negative')
    .max(max, `nExtraResponses must be at most ${max}`);
}

/** Where a trial sits in its run: the key of its row. */
export type TrialPosition = { phase: string; block: number; trialNumber: number };

/** The common part of a trial, whatever the task. */
export type TrialEnvelope = {
  phase: string;
  /** 0-based block within the phase; absent means 0. */
  block?: number;
  trialNumber: number;
  /** Key name or button id; null when there was none. */
  response: string | null;
  /** ms from stimulus onset to the response, unrounded; null without a response. */
  reactionTime: number | null;
  /** Null where correctness is undefined. */
  isCorrect: boolean | null;
  /** Absent means 'keyboard' (trials queued before the modality was recorded). */
  inputModality?: InputModality;
  /** Device wall-clock time of the trial's first onset and of its end (ISO 8601, UTC). */
  startTime: string;
  endTime: string | null;
  timing: {
    stimulusOnsetMs: number;
    responseTimestampMs: number | null;
    onsetMethod: (typeof ONSET_METHODS)[number];
    wasInterrupted: boolean;
  } & Record<string, unknown>;
};

/** The common fields of a trial, in the order of the columns that store them. */
export const ENVELOPE_KEYS = [
  'phase',
  'block',
  'trialNumber',
  'response',
  'reactionTime',
  'isCorrect',
  'inputModality',
  'startTime',
  'endTime',
  'timing',
] as const;

/** A trial's position, with the defaults filled in. */
export function positionOf(trial: Pick<TrialEnvelope, 'phase' | 'block' | 'trialNumber'>) {
  return { phase: trial.phase, block: trial.block ?? 0, trialNumber: trial.trialNumber };
}

/**
 * The exclusions of a run's scored trials by position (a RunScore's `trialExclusions`): every
 * trial, with what `exclusionsOf` leaves it out of (an empty list for one every score reads).
 */
export function listTrialExclusions<
  T extends Pick<TrialEnvelope, 'phase' | 'block' | 'trialNumber'>,
>(
  trials: readonly T[],
  exclusionsOf: (trial: T) => readonly string[],
): (TrialPosition & { exclusions: readonly string[] })[] {
  return trials.map((trial) => ({ ...positionOf(trial), exclusions: exclusionsOf(trial) }));
}

/**
 * A trial as the server stores it and scoring reads it (a StoredTrial): the envelope's defaults
 * filled in (block 0, keyboard) and the server's flags, none unless given.
 */
export function storedTrialOf<Trial extends Pick<TrialEnvelope, 'block' | 'inputModality'>>(
  trial: Trial,
  flags: readonly string[] = [],
): Omit<Trial, 'block' | 'inputModality' | 'flags'> & {
  block: number;
  inputModality: InputModality;
  flags: readonly string[];
} {
  return {
    ...trial,
    block: trial.block ?? 0,
    inputModality: trial.inputModality ?? 'keyboard',
    flags,
  };
}

/** A trial as the run order reads it (a SavedTrial): its position and correctness. */
export function savedTrialOf(
  trial: Pick<TrialEnvelope, 'phase' | 'block' | 'trialNumber' | 'isCorrect'>,
): TrialPosition & { isCorrect: boolean | null } {
  return { ...positionOf(trial), isCorrect: trial.isCorrect };
}

/**
 * A trial as the run order of a task with `runOrderFields` reads it: savedTrialOf, with those of
 * the task's own fields (read from the trial, where the browser's record keeps them).
 */
export function savedTrialWithFields(
  trial: Pick<TrialEnvelope, 'phase' | 'block' | 'trialNumber' | 'isCorrect'>,
  fieldKeys: readonly string[],
): TrialPosition & { isCorrect: boolean | null; fields: Record<string, unknown> } {
  return {
    ...savedTrialOf(trial),
    fields: pickFields(trial as Readonly<Record<string, unknown>>, fieldKeys),
  };
}

/** A task's own fields of a trial: the keys `fieldKeys` names, in that order. */
export function pickFields(
  trial: Readonly<Record<string, unknown>>,
  fieldKeys: readonly string[],
): Record<string, unknown> {
  return Object.fromEntries(fieldKeys.map((key) => [key, trial[key]]));
}

/** A trial answered by one button at most, Space on a keyboard or 'tap' on the screen. */
export type SinglePressTrial = {
  responded: boolean;
  response: 'space' | 'tap' | null;
  reactionTime: number | null;
  inputModality?: InputModality | null;
  nExtraResponses: number;
  timing: { responseTimestampMs: number | null };
};

/** A Space from something other than a keyboard, or a tap from a keyboard. */
export function pressModalityProblems(trial: {
  response: 'space' | 'tap' | null;
  inputModality?: InputModality | null;
}): string[] {
  const modality = trial.inputModality ?? 'keyboard';
  if (trial.response === 'space' && modality !== 'keyboard') {
    return [`The response 'space' is a keyboard's, not ${modality}`];
  }
  if (trial.response === 'tap' && modality === 'keyboard') {
    return ["The response 'tap' is a touch or mouse response, not a keyboard's"];
  }
  return [];
}

/**
 * What makes a single-press trial's response impossible: a response, RT and response time that
 * do not agree with `responded`, a key or a tap from the wrong kind of input, or extra presses
 * without a first one.
 */
export function singlePressProblems(trial: SinglePressTrial): string[] {
  const problems: string[] = [];
  const answered = [trial.response, trial.reactionTime, trial.timing.responseTimestampMs].map(
    (v) => v !== null,
  );
  if (answered.some((isSet) => isSet !== trial.responded)) {
    problems.push(
      trial.responded
        ? 'A trial that responded needs a response, a reactionTime and timing.responseTimestampMs'
        : 'A trial that did not respond has no response, reactionTime or timing.responseTimestampMs',
    );
  }
  problems.push(...pressModalityProblems(trial));
  if (trial.nExtraResponses > 0 && !trial.responded) {
    problems.push('nExtraResponses counts presses after the first in the window: there was none');
  }
  return problems;
}
