import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import {
  getSartBlockTrialCount,
  getSartTrialPeriodMs,
  SART_PHASES,
  type SartConfig,
} from './config';

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): the practice block (when
 * on) with its feedback, then the test, each trial at its block's period and each block after its
 * intro.
 */
export function estimateSartMs(config: SartConfig): number {
  return SART_PHASES.reduce((sum, phase) => {
    const trials = getSartBlockTrialCount(config, phase);
    return trials === 0
      ? sum
      : sum + ESTIMATE_PROMPT_MS + trials * getSartTrialPeriodMs(config, phase);
  }, 0);
}
