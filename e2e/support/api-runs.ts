import { getTask, type Run } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { fixtureRun, START_RUN } from '../../apps/server/src/testing/fixture-run';
import { trialPath } from '../../apps/server/src/testing/human-pace';

/** Runs started through the API with a page's session, to be finished by finishStartedRuns. */
export type StartedRuns = {
  page: Page;
  runs: Run[];
  /** performance.now() just before the first start was sent. */
  startedAtMs: number;
};

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
 * account's data; for runs progress must show, use startRunsViaApi and finishStartedRuns.
 */
export async function finishRunViaApi(page: Page): Promise<Run> {
  return saveAndComplete(page, await startRun(page));
}

/** Starts `count` runs one after the other (oldest first) with the page's session. */
export async function startRunsViaApi(page: Page, count: number): Promise<StartedRuns> {
  const startedAtMs = performance.now();
  const runs: Run[] = [];
  for (let i = 0; i < count; i++) runs.push(await startRun(page));
  return { page, runs, startedAtMs };
}

/**
 * Saves and completes runs from startRunsViaApi once a person could have taken them: not before
 * the least time every cue and feedback of a run takes has passed since they were started (about
 * four and a half minutes), so the server finds them plausible. The wait is shared: start the
 * runs a file needs early, and finish them where they are needed.
 */
export async function finishStartedRuns(started: StartedRuns): Promise<Run[]> {
  const [first] = started.runs;
  if (!first) return [];
  const leastMs = getTask(first.testType)
    .fixtureRun(first.seed, first.config)
    .reduce((sum, { minimumMs }) => sum + minimumMs, 0);
  const waitMs = started.startedAtMs + leastMs - performance.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  const finished: Run[] = [];
  for (const run of started.runs) finished.push(await saveAndComplete(started.page, run));
  return finished;
}
