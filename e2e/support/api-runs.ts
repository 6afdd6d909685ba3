import type { Run } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { fixtureRun, START_RUN } from '../../apps/server/src/testing/stroop-run';

/**
 * A whole Stroop run made through the API with the page's session, the way the browser saves one
 * (start, every trial, complete): the API tests' fixture answers (12 test errors). Returns the run.
 */
export async function finishRunViaApi(page: Page): Promise<Run> {
  const headers = { origin: inject('baseUrl') };
  const started = await page.request.post('/api/results', { data: START_RUN, headers });
  if (started.status() !== 201) throw new Error(`start failed: ${started.status()}`);
  const { run } = (await started.json()) as { run: Run };
  for (const trial of fixtureRun(run.seed, run.config)) {
    const url = `/api/results/${run.id}/trials/${trial.phase}/${trial.trialNumber}`;
    const saved = await page.request.put(url, { data: trial, headers });
    if (!saved.ok()) throw new Error(`saving ${url} failed: ${saved.status()}`);
  }
  const done = await page.request.post(`/api/results/${run.id}/complete`, { data: {}, headers });
  if (!done.ok()) throw new Error(`complete failed: ${done.status()}`);
  return ((await done.json()) as { run: Run }).run;
}
