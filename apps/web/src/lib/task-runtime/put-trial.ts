import { positionOf, type TrialEnvelope } from '@cogni/domain';
import { z } from 'zod';
import { apiRequest, isApiError } from '../api-client';
import { USER_RUNS_PATH } from './run-paths';

/** What to do after a failed send. */
export type FailureKind = 'transient' | 'unauthorized' | 'permanent';

/**
 * Sorts a send failure. Only a 4xx the server means is treated as final; everything else (no
 * answer, 5xx, 429, 408, an unreadable 2xx from a captive portal, an unexpected exception) is
 * retried, because dropping a trial is the one outcome the outbox exists to prevent.
 */
export function classifySendFailure(error: unknown): FailureKind {
  if (!isApiError(error)) return 'transient';
  if (error.status === 401) return 'unauthorized';
  if (error.status === 408 || error.status === 429) return 'transient';
  if (error.status >= 400 && error.status < 500) return 'permanent';
  return 'transient';
}

/** The server's answer to a saved trial: 201 first time, 200 with duplicate for a replay. */
const SaveTrialResponseSchema = z.object({ saved: z.literal(true), duplicate: z.boolean() });

/**
 * Saves one trial: `PUT /api/results/:resultId/trials/:phase/:block/:trialNumber` (a study
 * participant's under their study's runs path, run-paths.ts). The path names the
 * slot, so a replay after a lost answer is answered 200 instead of creating a second row
 * (docs/product.md#the-server-checks-every-trial).
 */
export function putTrial(
  resultId: string,
  trial: TrialEnvelope,
  runsPath: string = USER_RUNS_PATH,
): Promise<z.output<typeof SaveTrialResponseSchema>> {
  const { phase, block, trialNumber } = positionOf(trial);
  const path = `${runsPath}/${encodeURIComponent(resultId)}/trials/${encodeURIComponent(phase)}/${block}/${trialNumber}`;
  // The answer is checked, not just its status: a captive portal's 200 HTML page must not count
  // as saved (it becomes an ApiError, which classifySendFailure retries).
  return apiRequest(path, { method: 'PUT', body: trial, schema: SaveTrialResponseSchema });
}
