import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import {
  GO_NO_GO_PHASES,
  type GoNoGoConfig,
  getGoNoGoBlockTrialCount,
  getGoNoGoTrialPeriodMs,
} from './config';

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): one practice round (the
 * criterion met at once) with its feedback, then the test block, each trial at its block's period
 * and each block after its intro.
 */
export function estimateGoNoGoMs(config: GoNoGoConfig): number {
  return GO_NO_GO_PHASES.reduce(
    (sum, phase) =>
      sum +
      ESTIMATE_PROMPT_MS +
      getGoNoGoBlockTrialCount(config, phase) * getGoNoGoTrialPeriodMs(config, phase),
    0,
  );
}
