import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { DIGIT_SPAN_RECORDER } from './support/digit-span-driver';
import { screenshot } from './support/screenshot';
import { openStudy, STUDY, takeDigitSpan } from './support/study-driver';
import { ELEMENT_TIMING_RECORDER, startRunFromIntro } from './support/task-run';

type Me = { participation: { state: string; runs: { runId: string }[] } };

describe('withdrawing from a study (ADR 041)', () => {
  const browser = useBrowser();

  it('deletes the trials of a participant who withdraws after a task, sends nothing more, and counts the withdrawal on the dashboard', async () => {
    const admin = await browser.newPage();
    await logInViaForm(admin, ADMIN.email, ADMIN.password);
    // A name of its own: the browser tests share one server, and another file's study of the
    // same name may be listed first.
    const code = await openStudy(admin, browser.baseUrl, {
      ...STUDY,
      settings: { ...STUDY.settings, name: 'Withdrawal study' },
    });

    const page = await browser.newPage();
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await page.addInitScript(DIGIT_SPAN_RECORDER);
    await page.goto(`/s/${code}?PROLIFIC_PID=pid-withdraws`);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Step 1 of 5').waitFor();
    await page.getByRole('button', { name: 'I agree' }).click();

    // The first task, taken whole: its trials reach the server.
    await page.getByText('Step 2 of 5').waitFor();
    // On a task step the way out sits above the task, outside its stage.
    await page.getByRole('button', { name: 'Stop taking part' }).waitFor();
    await screenshot(page, 'study-task-stop-control-1280');
    const digits = await startRunFromIntro(page);
    await takeDigitSpan(page, digits.cdp, 'keyboard');
    await page.getByRole('heading', { name: /done$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Step 3 of 5').waitFor();
    const before = (await (await page.request.get(`/api/participation/${code}/me`)).json()) as Me;
    const runId = before.participation.runs[0]?.runId ?? '';
    const trials = await page.request.get(`/api/participation/${code}/runs/${runId}/trials`);
    expect(((await trials.json()) as { trials: unknown[] }).trials.length).toBeGreaterThan(5);

    // The way out: a dialog with both choices, explained, and Cancel.
    await page.getByRole('button', { name: 'Stop taking part' }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop taking part?' });
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Cancel');
    expect(await axeViolations(page)).toEqual([]);
    for (const name of ['Stop and keep my answers', 'Withdraw and delete my answers', 'Cancel']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(40);
    }
    await screenshot(page, 'study-withdraw-dialog-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of ['Stop and keep my answers', 'Withdraw and delete my answers']) {
      const box = await dialog.getByRole('button', { name }).boundingBox();
      expect(box?.width, name).toBeLessThanOrEqual(390);
      expect(box?.height, name).toBeGreaterThanOrEqual(40);
    }
    await screenshot(page, 'study-withdraw-dialog-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Escape closes it and changes nothing.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Step 3 of 5').waitFor();

    await page.getByRole('button', { name: 'Stop taking part' }).click();
    const participationRequests: string[] = [];
    await page.getByRole('button', { name: 'Withdraw and delete my answers' }).click();
    await page.getByRole('heading', { name: 'Your answers are deleted' }).waitFor();
    page.on('request', (request) => {
      if (request.url().includes('/runs/')) participationRequests.push(request.url());
    });
    await screenshot(page, 'study-withdrawn-1280');

    // The server holds no trial of theirs, and refuses the run; the browser sends nothing more.
    const after = (await (await page.request.get(`/api/participation/${code}/me`)).json()) as Me;
    expect(after.participation.state).toBe('withdrawn');
    expect(after.participation.runs).toEqual([]);
    const gone = await page.request.get(`/api/participation/${code}/runs/${runId}/trials`);
    expect(gone.status()).toBe(409);
    await page.reload();
    await page.getByRole('heading', { name: 'Your answers are deleted' }).waitFor();
    expect(participationRequests).toEqual([]);

    // The researcher's dashboard counts one withdrawal and lists the participant as withdrawn.
    await admin.goto('/studies');
    await admin.getByRole('link', { name: 'Withdrawal study' }).click();
    await admin.getByRole('link', { name: 'Participants and data' }).click();
    await admin.getByRole('heading', { name: 'Each participant' }).waitFor();
    const withdrawn = admin.locator('.studies-counts li', { hasText: 'Withdrawn' });
    await expect.poll(() => withdrawn.locator('.studies-counts__value').textContent()).toBe('1');
    await admin.getByRole('cell', { name: 'Withdrawn', exact: true }).first().waitFor();
    await admin.getByRole('heading', { name: 'Find a participant' }).waitFor();
    // Found by the 8 characters the table shows; their data is already deleted, by them.
    const shown = await admin.locator('.table code').first().textContent();
    await admin.getByLabel('Participant id or panel id').fill(shown ?? '');
    await admin.getByRole('button', { name: 'Find' }).click();
    await admin.getByRole('cell', { name: /^Deleted .*\(by the participant\)$/ }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'study-withdrawal-dashboard-1280');
  }, 240_000);
});
