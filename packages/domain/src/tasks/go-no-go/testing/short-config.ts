import { type Config, ConfigSchema } from '../config';

/**
 * A much shorter run than the defaults' (5 practice and 20 test trials): the contract test's check
 * that the length estimate follows the configuration, and the web pages' preview test.
 */
export const SHORT_CONFIG: Config = ConfigSchema.parse({
  testTrials: 20,
  practiceTrials: 5,
});
