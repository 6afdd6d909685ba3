import { z } from 'zod';
import { LAST_STORABLE_MS } from '../../time/storable-instant';
import { getPhaseTrialCount, PHASES, type StroopConfig } from './config';
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

/**
 * A trial's clock times come from the device, whose clock may be wrong, so any time a device
 * clock can show is taken (a wrong clock must not cost a trial): from the Unix epoch, where
 * reset clocks start, to the last year PostgreSQL and ISO 8601 text share. Earlier years are
 * refused: year 0000 is a database error, and years 0001-0099 come back from the database as
 * 1950-2049 (JavaScript's date parser reads PostgreSQL's text that way).
 */
const TRIAL_CLOCK_MESSAGE = 'Use a time from 1970 to 9999';
const TrialClockTimeSchema = z.iso.datetime().refine((text) => {
  const ms = Date.parse(text);
  return ms >= 0 && ms <= LAST_STORABLE_MS;
}, TRIAL_CLOCK_MESSAGE);

/** Longest accepted reaction time, in ms: the stimulus waits for an answer (D12), but not forever. */
export const MAX_REACTION_TIME_MS = 30 * 60 * 1000;

/** How the stimulus onset was measured (timing.md rule 2). */
export const ONSET_METHODS = ['element-timing', 'animation-frame'] as const;

/** The timing details of one trial, all in ms on the page's performance.now() time line. */
export const TrialTimingSchema = z.strictObject({
  /** When the cue was presented. */
  cueOnsetMs: z.number().finite().nonnegative(),
  /** When the stimulus was presented: the start of the reaction time. */
  stimulusOnsetMs: z.number().finite().nonnegative(),
  /** The keydown event's own timeStamp: the end of the reaction time. */
  responseTimestampMs: z.number().finite().nonnegative(),
  onsetMethod: z.enum(ONSET_METHODS),
  /** The page lost focus or was hidden between cue onset and response. */
  wasInterrupted: z.boolean(),
});
export type TrialTiming = z.infer<typeof TrialTimingSchema>;

/** A completed trial as the browser saves it (spec section 3, trial). */
export const TrialInputSchema = z.strictObject({
  phase: PhaseSchema,
  trialNumber: z.number().int().nonnegative().max(999),
  cueWord: CueSchema,
  stimulusWord: WordSchema,
  stimulusColor: InkSchema,
  response: ResponseKeySchema,
  /** Milliseconds from stimulus onset to the key press, unrounded (D13). */
  reactionTime: z.number().finite().positive().max(MAX_REACTION_TIME_MS),
  isCorrect: z.boolean(),
  isSwitch: z.boolean(),
  /** Wall-clock time of the cue onset and of the response (ISO 8601, UTC), by the device. */
  startTime: TrialClockTimeSchema,
  endTime: TrialClockTimeSchema,
  timing: TrialTimingSchema,
});
export type TrialInput = z.infer<typeof TrialInputSchema>;

/** A stored trial, as the API returns it. */
export type Trial = TrialInput & { isCongruent: boolean | null };

/**
 * Everything that makes a trial impossible for this run, as messages (D14): a phase position
 * that does not exist, a cue or stimulus other than the seeded plan's, a wrong switch flag, an
 * isCorrect that does not follow from the response, an end before the start, and a timing record
 * that contradicts itself: events out of order, or a reaction time other than the response's
 * timestamp minus the stimulus onset. Empty when valid. Cheap: every trial save runs it.
 */
export function findTrialProblems(
  trial: TrialInput,
  plan: readonly PlannedTrial[],
  config: StroopConfig,
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
