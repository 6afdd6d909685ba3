import { type Config, ConfigSchema } from '../config';

/**
 * A much shorter run than the defaults' (forward only, up to 5 digits, one list a length): the
 * contract test's check that the length estimate follows the configuration, and the web pages'
 * preview test.
 */
export const SHORT_CONFIG: Config = ConfigSchema.parse({
  directions: 'forward',
  forwardMaxLength: 5,
  trialsPerLength: 1,
  practiceMaxTries: 1,
});
