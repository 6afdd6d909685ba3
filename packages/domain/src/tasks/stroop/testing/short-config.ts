import { type Config, ConfigSchema } from '../config';

/**
 * A much shorter run than the defaults' (2 sample, 4 practice and 20 test trials, a rest after
 * 10): the contract test's check that the length estimate follows the configuration, and the
 * web pages' preview test.
 */
export const SHORT_CONFIG: Config = ConfigSchema.parse({
  sampleTrials: 2,
  practiceTrials: 4,
  testTrials: 20,
  restBreakEveryTrials: 10,
});
