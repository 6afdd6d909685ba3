import { type Config, ConfigSchema } from '../config';

/**
 * A much shorter run than the defaults' (9 practice digits, each digit 3 times in the test): the
 * contract test's check that the length estimate follows the configuration, and the web pages'
 * preview test.
 */
export const SHORT_CONFIG: Config = ConfigSchema.parse({
  repsPerDigit: 3,
  practiceTrials: 9,
});
