import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import {
  type Config,
  type Direction,
  getDirections,
  getLengths,
  getSoaMs,
  hasFeedback,
  INTER_TRIAL_MS,
  PRACTICE_LENGTH,
  READY_BLANK_MS,
} from './config';

/**
 * The spans the estimate assumes: an adult's typical forward and backward span (the simulated
 * participant's too). The ladder goes on to the length after it, where the lists fail.
 */
const TYPICAL_SPAN: Record<Direction, number> = { forward: 6, backward: 5 };

/** Typing an answer at a steady pace, from the keypad to the submit: a start and each digit, ms. */
const ANSWER_MS = { first: 1000, perDigit: 500 } as const;

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs). Each direction: its
 * practice (when on: its intro, one list answered right at once, and its feedback), the test's
 * intro, and every list of each length from the start to the one after the typical span (or the
 * maximum). A list is its 'Ready' cue and blank, its digits, the answer, then feedback (where
 * there is some) or the pause before the next list.
 */
export function estimateMs(config: Config): number {
  const soa = getSoaMs(config);
  const listMs = (length: number, feedback: boolean) =>
    config.readyMs +
    READY_BLANK_MS +
    (length - 1) * soa +
    config.digitOnMs +
    ANSWER_MS.first +
    ANSWER_MS.perDigit * length +
    (feedback ? ESTIMATE_PROMPT_MS : INTER_TRIAL_MS);
  let ms = 0;
  for (const direction of getDirections(config)) {
    if (config.practiceMaxTries > 0) {
      ms += ESTIMATE_PROMPT_MS + listMs(PRACTICE_LENGTH, true);
    }
    ms += ESTIMATE_PROMPT_MS;
    const { start, max } = getLengths(config, direction);
    // A ladder starting above the typical span still gives its first length in full.
    const last = Math.max(start, Math.min(max, TYPICAL_SPAN[direction] + 1));
    const feedback = hasFeedback(config, 'test');
    for (let length = start; length <= last; length++) {
      ms += config.trialsPerLength * listMs(length, feedback);
    }
  }
  return ms;
}
