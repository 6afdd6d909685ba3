import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/accounts';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import {
  answerTrials as answer,
  answerWhileOffline,
  firstPositions,
  positions,
  storedPositions,
  waitUntilKept,
} from './support/stroop-answers';
import { startStroopRun } from './support/stroop-driver';

describe('saving survives reloads and lost connections', () => {
  const browser = useBrowser();

  it('a reload mid-test resumes at the next trial, with nothing lost or repeated', async () => {
    const page = await browser.newPage();
    const { runId, cdp } = await startStroopRun(page, 'resilience');
    const first = await answer(page, cdp, 13);
    expect(first.answered.at(-1)).toEqual({ phase: 'practice', trialNumber: 4 });

    // Reload as soon as the last answer is kept: it may still be in the browser's queue, not on
    // the server. (A reload in the few ms before that would lose it, and the test would ask that
    // trial again: waitUntilKept.)
    await waitUntilKept(page, runId, { phase: 'practice', trialNumber: 4 });
    await page.reload();
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByText('Practice trial 6').waitFor();
    await page.getByRole('button', { name: 'Continue test' }).click();
    const resumedCdp = await page.context().newCDPSession(page);
    const second = await answer(page, resumedCdp, 6);
    expect(second.answered).toEqual(positions('practice', 5, 11));
    await page.getByText('All trials saved').waitFor({ timeout: 30_000 });
    const stored = await storedPositions(page, runId);
    expect(stored).toEqual([...positions('sample', 0, 8), ...positions('practice', 0, 11)]);
  }, 180_000);

  it('trials answered while offline for 10 s are kept and saved when the connection returns', async () => {
    const page = await browser.newPage();
    const { runId, cdp } = await startStroopRun(page, 'resilience');
    const before = await answer(page, cdp, 3);
    const offline = await answerWhileOffline(page, cdp, 10_000, before.last);
    await answer(page, cdp, 2, offline.last);
    await page.getByText('All trials saved').waitFor({ timeout: 30_000 });
    expect(await storedPositions(page, runId)).toEqual(firstPositions(3 + offline.count + 2));
  }, 180_000);

  it("shows 'Failed to start the test' and logs it when the run cannot be created", async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('start-fails');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await page.route('**/api/results', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"INTERNAL","message":"x"}}',
          })
        : route.continue(),
    );
    const logged = page.waitForRequest(
      (r) => r.url().endsWith('/api/error-logs') && r.method() === 'POST',
    );
    await page.goto('/cognitive-tests/stroop-test');
    await page.getByRole('button', { name: 'Start Test' }).click();
    await page.getByRole('button', { name: 'Ready ... Set ... Go!' }).click();
    await page
      .getByRole('alert')
      .getByText('Failed to start the test. Please try again.')
      .waitFor();
    expect((await logged).postDataJSON()).toMatchObject({ errorType: 'TEST_START_ERROR' });
    // The button is there to try again.
    await page.getByRole('button', { name: 'Ready ... Set ... Go!' }).waitFor();
  });
});
