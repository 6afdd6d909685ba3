import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eventually } from '../e2e/support/eventually';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/find-chromium';
import {
  answerTrials,
  firstPositions,
  storedPositions,
  waitUntilKept,
} from '../e2e/support/stroop-answers';
import { startStroopRun } from '../e2e/support/stroop-driver';
import { ELEMENT_TIMING_RECORDER } from '../e2e/support/task-run';
import { finishRunAndCheckSummary } from './support/finish-browser-run';

/**
 * The page reloaded mid-test (just after a trial, which may still be in the browser's queue),
 * then the browser itself closed and opened again on the same profile (a persistent context),
 * with trials that had reached only the IndexedDB outbox when it closed: they must be sent after
 * the restart, and the test must resume after them. The run is then finished and its summary
 * checked.
 */
describe('the page is reloaded, and the browser closed and opened again, mid-test', () => {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'cogni-faults-profile-'));
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    rmSync(userDataDir, { recursive: true, force: true });
  });

  async function openBrowser() {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      baseURL: inject('baseUrl'),
      viewport: { width: 1280, height: 800 },
    });
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10_000);
    return { context, page };
  }

  /** Opens the test again and continues the unfinished run at trial `next` of the practice. */
  async function resume(page: Page, next: number) {
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByText(`Practice trial ${next}`).waitFor();
    await page.getByRole('button', { name: 'Continue test' }).click();
    return page.context().newCDPSession(page);
  }

  it('resumes after each without losing or repeating a trial, and scores the whole run', async () => {
    const first = await openBrowser();
    const { runId, cdp } = await startStroopRun(first.page, 'faults-restart');
    const beforeReload = await answerTrials(first.page, cdp, 13);
    expect(beforeReload.answered.at(-1)).toEqual({ phase: 'practice', trialNumber: 4 });
    // As soon as the last answer is kept, perhaps only in the outbox (see waitUntilKept).
    await waitUntilKept(first.page, runId, { phase: 'practice', trialNumber: 4 });
    await first.page.reload();
    const reloadedCdp = await resume(first.page, 6);
    const afterReload = await answerTrials(first.page, reloadedCdp, 3);
    expect(afterReload.answered).toEqual(firstPositions(16).slice(13));
    await first.page.getByText('All trials saved').waitFor({ timeout: 30_000 });
    expect(await storedPositions(first.page, runId)).toEqual(firstPositions(16));

    // The next three never reach the server before the browser closes.
    await first.page.route('**/api/results/*/trials/**', (route) => route.abort('failed'));
    const unsent = await answerTrials(first.page, reloadedCdp, 3, afterReload.last);
    await eventually(async () =>
      expect(await first.page.locator('.task-save-status').textContent()).toMatch(
        /3 trials waiting to be saved/,
      ),
    );
    expect(await storedPositions(first.page, runId)).toEqual(firstPositions(16));
    for (const position of unsent.answered) await waitUntilKept(first.page, runId, position);
    await first.context.close();

    const second = await openBrowser();
    await second.page.addInitScript(ELEMENT_TIMING_RECORDER);
    // Still logged in (the session cookie persists); the outbox sends what it holds at start.
    await second.page.goto('/cognitive-tests/stroop-test');
    const resumed = await answerTrials(second.page, await resume(second.page, 12), 3);
    expect(resumed.answered).toEqual(firstPositions(22).slice(19));
    await second.page.getByText('All trials saved').waitFor({ timeout: 30_000 });
    expect(await storedPositions(second.page, runId)).toEqual(firstPositions(22));

    await finishRunAndCheckSummary(second.context, inject('baseUrl'), runId, [
      ...beforeReload.pressed,
      ...afterReload.pressed,
      ...unsent.pressed,
      ...resumed.pressed,
    ]);
  }, 180_000);
});
