import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { eventually } from '../e2e/support/eventually';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/find-chromium';
import { answerTrials, firstPositions, storedPositions } from '../e2e/support/stroop-answers';
import { ELEMENT_TIMING_RECORDER, startStroopRun } from '../e2e/support/stroop-driver';

/**
 * A reload mid-test is e2e/stroop-resilience.spec.ts. This is the browser itself closed and
 * opened again on the same profile (a persistent context), with trials that had reached only
 * the IndexedDB outbox when it closed: they must be sent after the restart, and the test must
 * resume after them.
 */
describe('the browser is closed mid-test and opened again', () => {
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

  it('sends the trials left in the outbox and resumes after them, each stored once', async () => {
    const first = await openBrowser();
    const { runId, cdp } = await startStroopRun(first.page, 'faults-restart');
    const saved = await answerTrials(first.page, cdp, 10);
    await first.page.getByText('All trials saved').waitFor({ timeout: 30_000 });
    // The next three never reach the server before the browser closes.
    await first.page.route('**/api/results/*/trials/*/*', (route) => route.abort('failed'));
    await answerTrials(first.page, cdp, 3, saved.last);
    await eventually(async () =>
      expect(await first.page.locator('.stroop-save-status').textContent()).toMatch(
        /3 trials waiting to be saved/,
      ),
    );
    expect(await storedPositions(first.page, runId)).toEqual(firstPositions(10));
    await first.context.close();

    const second = await openBrowser();
    await second.page.addInitScript(ELEMENT_TIMING_RECORDER);
    // Still logged in (the session cookie persists); the outbox sends what it holds at start.
    await second.page.goto('/cognitive-tests/stroop-test');
    await second.page.getByRole('button', { name: 'Start Test' }).click();
    await second.page.getByText('Practice trial 6').waitFor();
    await second.page.getByRole('button', { name: 'Continue test' }).click();
    const resumed = await answerTrials(
      second.page,
      await second.context.newCDPSession(second.page),
      3,
    );
    expect(resumed.answered).toEqual(firstPositions(16).slice(13));
    await second.page.getByText('All trials saved').waitFor({ timeout: 30_000 });
    expect(await storedPositions(second.page, runId)).toEqual(firstPositions(16));
  }, 180_000);
});
