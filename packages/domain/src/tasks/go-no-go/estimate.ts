import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import { type Config, getBlockTrialCount, getTrialPeriodMs, PHASES } from './config';

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): one practice round (the
 * criterion met at once) with its feedback, then the test block, each trial at its block's period
 * and each block after its intro.
 */
export function estimateMs(config: Config): number {
  return PHASES.reduce(
    (sum, phase) =>
      sum +
      ESTIMATE_PROMPT_MS +
      getBlockTrialCount(config, phase) * getTrialPeriodMs(config, phase),
    0,
  );
}
