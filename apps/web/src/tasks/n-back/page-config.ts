import {
  DEFAULT_N_BACK_CONFIG,
  type NBackConfig,
  NBackConfigSchema,
} from '@cogni/domain/tasks/n-back';
import { readPreviewConfig } from '../../lib/preview';

/** The settings the run will use: an admin preview's (from the page's URL), or the defaults. */
export function readNBackPageConfig(): NBackConfig {
  const preview = readPreviewConfig(window.location.search);
  const parsed = preview ? NBackConfigSchema.safeParse(preview) : null;
  return parsed?.success ? parsed.data : DEFAULT_N_BACK_CONFIG;
}
