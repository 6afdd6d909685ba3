import { z } from 'zod';
import {
  InputModalitySchema,
  MAX_REACTION_TIME_MS,
  MAX_TRIAL_NUMBER,
  TIMING_BASE_SHAPE,
  TrialClockTimeSchema,
} from '../shared/envelope';
import { type Config, getPhaseTrialCount, PHASES } from './config';
import { STROOP_LANGUAGES } from './languages';
import { REACTION_TIME_TOLERANCE_MS } from './plausibility';
import {
  CueSchema,
  getCue,
  InkSchema,
  isSwitchTrial,
  type PlannedTrial,
  ResponseKeySchema,
  WordSchema,
} from './stimuli';

export const PhaseSchema = z.enum(PHASES);

/** The timing details of one Stroop trial: the common record plus the cue's onset. */
export const TrialTimingSchema = z.strictObject({
  /** When the cue was presented. */
  cueOnsetMs: z.number().finite().nonnegative(),
  ...TIMING_BASE_SHAPE,
});
export type TrialTiming = z.infer<typeof TrialTimingSchema>;

/** A completed trial as the browser saves it. */
export const TrialInputSchema = z.strictObject({
  phase: PhaseSchema,
  /** Stroop's phases have one block each. */
  block: z.literal(0).optional(),
  trialNumber: z.number().int().nonnegative().max(MAX_TRIAL_NUMBER),
  cueWord: CueSchema,
  stimulusWord: WordSchema,
  stimulusColor: InkSchema,
  /** The colour answered, as its English initial (R, G, B), whatever key answered it. */
  response: ResponseKeySchema,
  /**
   * What the run's language showed and read (ADR 042): the colour word as shown ('ROT'), the cue
   * as shown ('Farbe'), and the key pressed ('V' for green in Spanish). Left out by browsers
   * from before languages, whose runs are English.
   */
  shownWord: z.string().max(20).optional(),
  shownCue: z.string().max(20).optional(),
  keyPressed: z.string().max(10).optional(),
  /**
   * Milliseconds from stimulus onset to the key press, unrounded (rule 3 in docs/timing-rules.md).
   */
  reactionTime: z.number().finite().positive().max(MAX_REACTION_TIME_MS),
  isCorrect: z.boolean(),
  isSwitch: z.boolean(),
  inputModality: InputModalitySchema.optional(),
  /** Wall-clock time of the cue onset and of the response (ISO 8601, UTC), by the device. */
  startTime: TrialClockTimeSchema,
  endTime: TrialClockTimeSchema,
  timing: TrialTimingSchema,
});
export type TrialInput = z.infer<typeof TrialInputSchema>;

/** A stored trial, as the API returns it. */
export type Trial = TrialInput & { isCongruent: boolean | null };

/**
 * What the trial says it showed must be the same colour word, cue and answer in one of the
 * languages (ADR 042): 'ROJO' for RED with 'Palabra' and 'V' for green, not 'ROT' for BLUE.
 */
function findLanguageProblems(trial: TrialInput): string[] {
  const { shownWord, shownCue, keyPressed } = trial;
  if (shownWord === undefined && shownCue === undefined && keyPressed === undefined) return [];
  const fits = Object.values(STROOP_LANGUAGES).some(
    (language) =>
      (shownWord === undefined || language.words[trial.stimulusWord] === shownWord) &&
      (shownCue === undefined || language.cues[trial.cueWord] === shownCue) &&
      (keyPressed === undefined || language.keys[trial.response] === keyPressed),
  );
  return fits ? [] : ['The word, cue or key shown is not the trial’s in any one language'];
}

/**
 * Everything that makes a trial impossible for this run, as messages
 * (docs/product.md#the-server-checks-every-trial): a phase position that does not exist, a cue or
 * stimulus other than the seeded plan's, a wrong switch flag, an isCorrect that does not follow
 * from the response, an end before the start, and a timing record that contradicts itself: events
 * out of order, or a reaction time other than the response's timestamp minus the stimulus onset.
 * Empty when valid. Cheap: every trial save runs it.
 */
export function findTrialProblems(
  trial: TrialInput,
  plan: readonly PlannedTrial[],
  config: Config,
): string[] {
  const count = getPhaseTrialCount(config, trial.phase);
  if (trial.trialNumber >= count) {
    return [
      `trialNumber ${trial.trialNumber} does not exist in the ${trial.phase} phase (0-${count - 1})`,
    ];
  }
  const planned = plan[trial.trialNumber];
  if (!planned || planned.phase !== trial.phase) return ['The trial is not part of this run'];
  const problems: string[] = [];
  if (trial.cueWord !== getCue(trial.trialNumber)) {
    problems.push(`cueWord must be ${getCue(trial.trialNumber)} for trial ${trial.trialNumber}`);
  }
  if (
    trial.stimulusWord !== planned.stimulusWord ||
    trial.stimulusColor !== planned.stimulusColor
  ) {
    problems.push('The stimulus is not the one this run showed');
  }
  if (trial.isSwitch !== isSwitchTrial(trial.trialNumber)) {
    problems.push(
      `isSwitch must be ${isSwitchTrial(trial.trialNumber)} for trial ${trial.trialNumber}`,
    );
  }
  if (trial.isCorrect !== (trial.response === planned.correctKey)) {
    problems.push('isCorrect does not follow from the response');
  }
  problems.push(...findLanguageProblems(trial));
  if (Date.parse(trial.endTime) < Date.parse(trial.startTime)) {
    problems.push('endTime is before startTime');
  }
  const { stimulusOnsetMs, responseTimestampMs, cueOnsetMs } = trial.timing;
  if (stimulusOnsetMs < cueOnsetMs || responseTimestampMs < stimulusOnsetMs) {
    problems.push('The timing events are out of order');
    return problems;
  }
  if (
    Math.abs(trial.reactionTime - (responseTimestampMs - stimulusOnsetMs)) >
    REACTION_TIME_TOLERANCE_MS
  ) {
    problems.push('reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs');
  }
  return problems;
}
