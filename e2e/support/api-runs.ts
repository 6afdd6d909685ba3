import { getTask, type Run } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { fixtureRun, START_RUN } from '../../apps/server/src/testing/fixture-run';
import { trialPath } from '../../apps/server/src/testing/human-pace';
import type { EarlyRuns } from './early-runs';

const headers = () => ({ origin: inject('baseUrl') });

async function startRun(page: Page): Promise<Run> {
  const started = await page.request.post('/api/results', { data: START_RUN, headers: headers() });
  if (started.status() !== 201) throw new Error(`start failed: ${started.status()}`);
  return ((await started.json()) as { run: Run }).run;
}

/** Saves every trial of the run as the API tests' fixture answers them (12 test errors), then completes it. */
async function saveAndComplete(page: Page, run: Run): Promise<Run> {
  for (const trial of fixtureRun(run.seed, run.config, getTask(run.testType))) {
    const url = trialPath(run.id, trial);
    const saved = await page.request.put(url, { data: trial, headers: headers() });
    if (!saved.ok()) throw new Error(`saving ${url} failed: ${saved.status()}`);
  }
  const done = await page.request.post(`/api/results/${run.id}/complete`, {
    data: {},
    headers: headers(),
  });
  if (!done.ok()) throw new Error(`complete failed: ${done.status()}`);
  return ((await done.json()) as { run: Run }).run;
}

/**
 * A whole Stroop run made through the API with the page's session (start, every trial, complete)
 * at once. The server judges a run whose trials arrive faster than a person can take them
 * implausible and leaves it out of progress and reports, but keeps it and exports it with the
 * account's data; for runs progress must show, use finishEarlyRuns.
 */
export async function finishRunViaApi(page: Page): Promise<Run> {
  return saveAndComplete(page, await startRun(page));
}

/**
 * Saves and completes runs started early (global setup's startEarlyRuns) once a person could
 * have taken them: not before the least time every cue and feedback of a run takes has passed
 * since they were started, so the server finds them plausible. The page must be logged in as
 * the runs' owner.
 */
export async function finishEarlyRuns(page: Page, early: EarlyRuns): Promise<Run[]> {
  const [first] = early.runs;
  if (!first) return [];
  const leastMs = getTask(first.testType)
    .fixtureRun(first.seed, first.config)
    .reduce((sum, { minimumMs }) => sum + minimumMs, 0);
  const waitMs = early.startedAtEpochMs + leastMs - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  const finished: Run[] = [];
  for (const run of early.runs) finished.push(await saveAndComplete(page, run));
  return finished;
}
