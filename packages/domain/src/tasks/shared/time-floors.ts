/**
 * Floors of humanly possible times (ADR 036). Every time a browser sends for something a person
 * did (a reaction time, a first key, a move) has a floor; a time under it cannot be a person's.
 * The server keeps such a trial, flags it, and leaves it out of every time score of the run and
 * of every report cell's RT mean; its answer still counts as the task's scoring document says.
 */

import { isAnticipation } from './plausibility';

/**
 * The least time from a stimulus to a person's response to it, ms: simple reaction times under
 * 100 ms are anticipations, a press begun before the stimulus could have been taken in (Basner &
 * Dinges, 2011, for the PVT; Cheyne et al., 2009, for the SART). A response that needs more than
 * seeing the stimulus (reading a word: Stroop's 200 ms) has a higher floor of its own.
 */
export const SIMPLE_REACTION_FLOOR_MS = 100;

/**
 * The least time between two inputs of one person (keys, taps, clicks), ms: the fastest typists
 * average about 100 ms between keystrokes (120 words a minute; Dhakal et al., 2018), and tapping
 * with alternating fingers peaks at 10-15 taps a second, so no person keeps to less than 50 ms.
 */
export const INPUT_INTERVAL_FLOOR_MS = 50;

/**
 * The flag (and score exclusion) of a trial with a time under its floor, for the tasks whose own
 * flag does not already say so: 'anticipation' (Stroop, Go/No-Go, N-back, SART) and 'falseStart'
 * (PVT, under its false-start threshold) name an RT under the floor where the task has them.
 */
export const TOO_FAST = 'tooFast';

/** One timed field of a trial: its name, its value (null: not measured) and its floor, ms. */
export type TimedField = { field: string; ms: number | null; floorMs: number };

/** The fields among `times` whose value is under their floor; a null value never is. */
export function fieldsUnderFloor(times: readonly TimedField[]): string[] {
  return times.filter((t) => isAnticipation(t.ms, t.floorMs)).map((t) => t.field);
}
