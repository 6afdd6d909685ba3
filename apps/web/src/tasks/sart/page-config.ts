import {
  DEFAULT_SART_CONFIG,
  getSartBlockTrialCount,
  getSartSoaMs,
  getSartTrialPeriodMs,
  type SartConfig,
  SartConfigSchema,
} from '@cogni/domain/tasks/sart';
import { readPreviewConfig } from '../../lib/preview';

/** The settings the run will use: an admin preview's (from the page's URL), or the defaults. */
export function readSartPageConfig(): SartConfig {
  const preview = readPreviewConfig(window.location.search);
  const parsed = preview ? SartConfigSchema.safeParse(preview) : null;
  return parsed?.success ? parsed.data : DEFAULT_SART_CONFIG;
}

/** The test's length at its steady pace, in whole minutes, at least 1. */
export function getSartTestMinutes(config: SartConfig): number {
  return Math.max(
    1,
    Math.round((getSartBlockTrialCount(config, 'test') * getSartSoaMs(config)) / 60_000),
  );
}

/** The whole run's length at its steady pace, practice (with its feedback) and test, in whole minutes, at least 1. */
export function getSartRunMinutes(config: SartConfig): number {
  const ms =
    getSartBlockTrialCount(config, 'practice') * getSartTrialPeriodMs(config, 'practice') +
    getSartBlockTrialCount(config, 'test') * getSartTrialPeriodMs(config, 'test');
  return Math.max(1, Math.round(ms / 60_000));
}
