import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import { type Config, getPhaseTrialCount, hasFeedback, PHASES } from './config';

/** A typical response to the word after its cue, ms (cued switching between colour and word). */
const TYPICAL_RT_MS = 1000;

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): the intro, every trial as
 * its cue, a typical response and its feedback (sample and practice), and a rest after every
 * `restBreakEveryTrials` test trials but the last.
 */
export function estimateMs(config: Config): number {
  const trialsMs = PHASES.reduce(
    (sum, phase) =>
      sum +
      getPhaseTrialCount(config, phase) *
        (config.cueDurationMs +
          TYPICAL_RT_MS +
          (hasFeedback(phase) ? config.feedbackDurationMs : 0)),
    0,
  );
  const rests = Math.floor((config.testTrials - 1) / config.restBreakEveryTrials);
  return ESTIMATE_PROMPT_MS + trialsMs + rests * ESTIMATE_PROMPT_MS;
}
