/**
 * The steady pace behind every task's length estimate (the task contract's estimateMs), where the
 * participant rather than the task sets the pace.
 */

/**
 * A screen that waits for the participant to go on (an intro, a practice result, a rest, feedback
 * to continue from), ms: read and left at an ordinary pace.
 */
export const ESTIMATE_PROMPT_MS = 5000;
