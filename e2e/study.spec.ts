import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { DIGIT_SPAN_RECORDER } from './support/digit-span-driver';
import { playGoNoGoRun, pressSpaceAt } from './support/go-no-go-driver';
import { screenshot } from './support/screenshot';
import { openStudy, PROLIFIC, takeDigitSpan } from './support/study-driver';
import { ELEMENT_TIMING_RECORDER, makeDelays, startRunFromIntro } from './support/task-run';

/** Presses Space on every go letter (P), holds back on R, then 'View Results'. */
async function takeGoNoGo(page: Page, cdp: CDPSession): Promise<void> {
  const delays = makeDelays(11);
  await playGoNoGoRun(page, async (next) => {
    if (next.stimulusId === 'P') await pressSpaceAt(page, cdp, next.presentedAt + delays());
  });
  await page.getByRole('button', { name: 'View Results' }).click();
}

describe('a study taken by its open link', () => {
  const browser = useBrowser();

  it('takes a participant with a Prolific id through consent, two tasks, the questions and the debrief, and back to Prolific with the id', async () => {
    const admin = await browser.newPage();
    await logInViaForm(admin, ADMIN.email, ADMIN.password);
    const code = await openStudy(admin, browser.baseUrl);

    const page = await browser.newPage();
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await page.addInitScript(DIGIT_SPAN_RECORDER);
    await page.route(`${PROLIFIC}**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Prolific</h1>' }),
    );
    await page.goto(`/s/${code}?PROLIFIC_PID=pid-e2e-1&STUDY_ID=s1&SESSION_ID=x`);
    await page.getByRole('heading', { name: 'Memory and attention' }).waitFor();
    await page
      .getByText('About 1')
      .or(page.getByText(/About \d+ minutes/))
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'study-landing-1280');
    await page.getByRole('button', { name: 'Start' }).click();

    // Consent.
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByRole('heading', { name: 'Consent' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'I agree' }).click();

    // Digit Span with the step's short settings.
    await page.getByText('Step 2 of 5').waitFor();
    const digits = await startRunFromIntro(page);
    expect(digits.run.isPreview).toBe(false);
    await takeDigitSpan(page, digits.cdp, 'keyboard');
    await page.getByRole('heading', { name: /done$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).click();

    // The questions: each optional.
    await page.getByText('Step 3 of 5').waitFor();
    await page.getByLabel('Age in years').fill('34');
    await page.getByLabel('Handedness').selectOption('left');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Go/No-Go with the step's short settings.
    await page.getByText('Step 4 of 5').waitFor();
    const gng = await startRunFromIntro(page);
    await takeGoNoGo(page, gng.cdp);
    await page.getByRole('heading', { name: /done$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).click();

    // The debrief, then back to Prolific with the participant's id, once all is saved.
    await page.getByText('Step 5 of 5').waitFor();
    await page.getByText('The study measures working memory.').waitFor();
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.href.startsWith(PROLIFIC), { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('pid')).toBe('pid-e2e-1');
    expect(new URL(page.url()).searchParams.get('cc')).toBe('C0FFEE');

    const me = await page.request.get(`/api/participation/${code}/me`);
    const { participation } = (await me.json()) as {
      participation: { state: string; runs: { runId: string; completed: boolean }[] };
    };
    expect(participation.state).toBe('completed');
    expect(participation.runs.map((run) => run.completed)).toEqual([true, true]);
    for (const run of participation.runs) {
      const trials = await page.request.get(`/api/participation/${code}/runs/${run.runId}/trials`);
      const body = (await trials.json()) as { trials: { inputModality: string }[] };
      expect(body.trials.length).toBeGreaterThan(5);
      expect(body.trials.every((trial) => trial.inputModality === 'keyboard')).toBe(true);
    }

    // The researcher's view: the participant counted and listed with their id, then excluded.
    await admin.goto('/studies');
    await admin.getByRole('link', { name: 'Browser study' }).first().click();
    await admin.getByRole('link', { name: 'Participants and data' }).click();
    await admin.getByRole('heading', { name: 'Each participant' }).waitFor();
    await admin.getByRole('cell', { name: 'PROLIFIC_PID=pid-e2e-1' }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'study-dashboard-1280');
    await admin.getByRole('button', { name: /^Exclude participant/ }).click();
    await admin.getByRole('button', { name: /^Excluded participant/, pressed: true }).waitFor();
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await logInViaForm(phone, ADMIN.email, ADMIN.password);
    await phone.goto(admin.url().replace(browser.baseUrl, ''));
    await phone.getByRole('heading', { name: 'Each participant' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(phone, 'study-dashboard-390');
  }, 240_000);
});
