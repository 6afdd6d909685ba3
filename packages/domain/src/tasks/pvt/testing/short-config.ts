import { type Config, ConfigSchema } from '../config';

/**
 * A much shorter run than the defaults' (the PVT-B variant, 2 practice counters and a 1-minute
 * test): the contract test's check that the length estimate follows the configuration, and the
 * web pages' preview test.
 */
export const SHORT_CONFIG: Config = ConfigSchema.parse({
  variant: 'PVT-B',
  durationS: 60,
  habituationTrials: 2,
});
