import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import { type Config, getBlockTrialCount, getTrialPeriodMs, PHASES } from './config';

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): the practice block (when
 * on) with its feedback, then the test, each trial at its block's period and each block after its
 * intro.
 */
export function estimateMs(config: Config): number {
  return PHASES.reduce((sum, phase) => {
    const trials = getBlockTrialCount(config, phase);
    return trials === 0 ? sum : sum + ESTIMATE_PROMPT_MS + trials * getTrialPeriodMs(config, phase);
  }, 0);
}
