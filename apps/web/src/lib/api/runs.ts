import {
  ActiveRunResponseSchema,
  type CompleteRunInput,
  type Run,
  RunResponseSchema,
  type StartRunInput,
  type TestType,
} from '@cogni/domain';
import { apiRequest } from '../api-client';
import { pageLanguage } from '../i18n/i18n';
import { runsPathOf } from '../task-runtime/run-paths';

// The runs API every task shares: start a run, find the unfinished one, complete it. Trials go
// through the durable queue (lib/task-runtime/trial-queue).

/**
 * What a task sends to start a run. `config` (admins only; the server answers anyone else 403)
 * makes the run an admin preview with those settings, the rest taking their defaults (ADR 028):
 * the task runner sends its run source's configuration (startConfigOf,
 * lib/task-runtime/run-source.ts) when the route read a preview.
 */
export type StartRunRequest = Omit<StartRunInput, 'config'> & {
  config?: Record<string, unknown> | undefined;
};

/**
 * 'Ready ... Set ... Go!': a new run (docs/product.md#what-a-run-is); a preview with `config`.
 * The run is taken in the page's language (ADR 042), which the server stores with it.
 */
export async function startRun(input: StartRunRequest): Promise<Run> {
  const { run } = await apiRequest('/api/results', {
    method: 'POST',
    body: { ...input, language: pageLanguage() },
    schema: RunResponseSchema,
  });
  return run;
}

/**
 * The user's latest run of the test type if unfinished, to resume
 * (docs/product.md#how-resume-works).
 */
export async function getActiveRun(testType: TestType): Promise<Run | null> {
  const { run } = await apiRequest(`/api/results/active?testType=${testType}`, {
    schema: ActiveRunResponseSchema,
  });
  return run;
}

/**
 * 'View Results': the server scores the stored trials and returns the summary (a study run's
 * under its study's runs path, which also ends its step).
 */
export async function completeRun(resultId: string, input: CompleteRunInput): Promise<Run> {
  const { run } = await apiRequest(`${runsPathOf(resultId)}/${resultId}/complete`, {
    method: 'POST',
    body: input,
    schema: RunResponseSchema,
  });
  return run;
}
