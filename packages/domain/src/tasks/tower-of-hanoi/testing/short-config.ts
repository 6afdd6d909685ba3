import { type Config, ConfigSchema } from '../config';

/**
 * A much shorter run than the defaults' (4 random three-disc problems): the contract test's check
 * that the length estimate follows the configuration, and the web pages' preview test.
 */
export const SHORT_CONFIG: Config = ConfigSchema.parse({
  problemSet: 'random3',
  randomProblems: 4,
});
