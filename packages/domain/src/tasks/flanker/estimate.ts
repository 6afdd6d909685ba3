import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import { blockTrialCount, type Config, PHASES, trialPeriodMs } from './config';

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): each block that has trials
 * after its intro, every trial at its block's period (the SOA, plus feedback in practice).
 */
export function estimateMs(config: Config): number {
  return PHASES.reduce((sum, phase) => {
    const trials = blockTrialCount(config, phase);
    return trials === 0 ? sum : sum + ESTIMATE_PROMPT_MS + trials * trialPeriodMs(config, phase);
  }, 0);
}
