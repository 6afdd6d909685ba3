import {
  ActiveRunResponseSchema,
  type CompleteRunInput,
  type Run,
  RunResponseSchema,
  type StartRunInput,
  type TestType,
} from '@cogni/domain';
import { apiRequest } from '../api-client';

// The runs API every task shares: start a run, find the unfinished one, complete it. Trials go
// through the durable queue (lib/task-runtime/trial-queue).

/** 'Ready ... Set ... Go!': a new session and result (D8). */
export async function startRun(input: StartRunInput): Promise<Run> {
  const { run } = await apiRequest('/api/results', {
    method: 'POST',
    body: input,
    schema: RunResponseSchema,
  });
  return run;
}

/** The user's latest run of the test type if it is unfinished, to resume it (D17). */
export async function getActiveRun(testType: TestType): Promise<Run | null> {
  const { run } = await apiRequest(`/api/results/active?testType=${testType}`, {
    schema: ActiveRunResponseSchema,
  });
  return run;
}

/** 'View Results': the server scores the stored trials and returns the summary. */
export async function completeRun(resultId: string, input: CompleteRunInput): Promise<Run> {
  const { run } = await apiRequest(`/api/results/${resultId}/complete`, {
    method: 'POST',
    body: input,
    schema: RunResponseSchema,
  });
  return run;
}
