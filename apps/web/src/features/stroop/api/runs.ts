import {
  ActiveRunResponseSchema,
  type CompleteRunInput,
  type Run,
  RunResponseSchema,
  type StartRunInput,
} from '@cogni/domain';
import { apiRequest } from '../../../lib/api-client';

/** 'Ready ... Set ... Go!': a new session and result (D8). */
export async function startRun(input: StartRunInput): Promise<Run> {
  const { run } = await apiRequest('/api/results', {
    method: 'POST',
    body: input,
    schema: RunResponseSchema,
  });
  return run;
}

/** The user's latest Stroop run if it is unfinished, to resume it (D17). */
export async function getActiveRun(): Promise<Run | null> {
  const { run } = await apiRequest('/api/results/active?testType=stroopTest', {
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
