import { getTask, type Run } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import {
  expectingSuccess,
  finishRun,
  type Send,
  startRun,
} from '../../apps/server/src/testing/participant-api';
import type { EarlyRuns } from './early-runs';

/**
 * A participant's calls (participant-api.ts) with the page's session, through Playwright's
 * request with the browser tests' Origin; each throws unless the call succeeds.
 */
export function pageApi(page: Page): Send {
  return expectingSuccess(async (method, path, body) => {
    const response = await page.request.fetch(path, {
      method,
      data: body,
      headers: { origin: inject('baseUrl') },
    });
    const text = await response.text();
    const isJson = response.headers()['content-type']?.includes('application/json');
    return { status: response.status(), body: isJson && text ? JSON.parse(text) : text };
  });
}

/**
 * A whole Stroop run made through the API with the page's session (start, every trial, complete)
 * at once. The server judges a run whose trials arrive faster than a person can take them
 * implausible and leaves it out of progress and reports, but keeps it and exports it with the
 * account's data; for runs progress must show, use finishEarlyRuns.
 */
export async function finishRunViaApi(page: Page): Promise<Run> {
  const send = pageApi(page);
  return finishRun(send, await startRun(send));
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
  const send = pageApi(page);
  const finished: Run[] = [];
  for (const run of early.runs) finished.push(await finishRun(send, run));
  return finished;
}
