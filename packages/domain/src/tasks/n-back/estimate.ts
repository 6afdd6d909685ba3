import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import { type Config, getBlockTrialCount, getLevels, getTrialPeriodMs } from './config';

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): at each level one practice
 * round (the criterion met at once) with its feedback, then the level's test blocks, each trial
 * at its block's period and each block after its intro.
 */
export function estimateMs(config: Config): number {
  const blockMs = (phase: 'practice' | 'test', n: number) =>
    ESTIMATE_PROMPT_MS + getBlockTrialCount(config, phase, n) * getTrialPeriodMs(config, phase);
  return getLevels(config).reduce(
    (sum, n) => sum + blockMs('practice', n) + config.blocksPerLevel * blockMs('test', n),
    0,
  );
}
