import { type Config, ConfigSchema } from '../config';

/**
 * A much shorter run than the defaults' (levels 1 and 2, one block of 10 scored letters each, a
 * practice of 6): the contract test's check that the length estimate follows the configuration,
 * and the web pages' preview test.
 */
export const SHORT_CONFIG: Config = ConfigSchema.parse({
  levels: '1-2',
  blocksPerLevel: 1,
  scoredTrialsPerBlock: 10,
  targetsPerBlock: 3,
  practiceScoredTrials: 6,
  practiceTargets: 2,
});
