import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { DIGIT_SPAN_RECORDER } from './support/digit-span-driver';
import { playGoNoGoRun, tapAt } from './support/go-no-go-driver';
import { screenshot } from './support/screenshot';
import { openStudy, PROLIFIC, STUDY, takeDigitSpan } from './support/study-driver';
import { ELEMENT_TIMING_RECORDER, makeDelays, startRunFromIntro } from './support/task-run';

/** The study without its debrief: the Go/No-Go run is the last step, and its last trial the end. */
const ENDS_ON_A_TASK = {
  settings: { ...STUDY.settings, name: 'Phone study' },
  content: { ...STUDY.content, steps: STUDY.content.steps.slice(0, 4) },
};

describe('a study on a phone, by touch', () => {
  const browser = useBrowser();

  it('resumes a task at its next trial after a reload, and leaves for Prolific only once the trials cut off at the end are saved', async () => {
    const admin = await browser.newPage();
    await logInViaForm(admin, ADMIN.email, ADMIN.password);
    const code = await openStudy(admin, browser.baseUrl, ENDS_ON_A_TASK);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await page.addInitScript(DIGIT_SPAN_RECORDER);
    let prolificAt = 0;
    await page.route(`${PROLIFIC}**`, (route) => {
      prolificAt = Date.now();
      return route.fulfill({ contentType: 'text/html', body: '<h1>Prolific</h1>' });
    });
    await page.goto(`/s/${code}?PROLIFIC_PID=pid-phone-7`);
    await page.getByRole('heading', { name: 'Memory and attention' }).waitFor();
    await screenshot(page, 'study-landing-390');
    const start = await page.getByRole('button', { name: 'Start' }).boundingBox();
    expect(start?.height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Start' }).tap();
    await page.getByRole('heading', { name: 'Consent' }).waitFor();
    await screenshot(page, 'study-consent-390');
    await page.getByRole('button', { name: 'I agree' }).tap();

    // Digit Span on the keypad; a reload after two lists comes back to the third.
    await page.getByText('Step 2 of 4').waitFor();
    const first = await startRunFromIntro(page);
    expect(await takeDigitSpan(page, first.cdp, 'touch', 2)).toBe(2);
    const runId = first.run.id;
    const savedBefore = await page.request.get(`/api/participation/${code}/runs/${runId}/trials`);
    await page.reload();
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByRole('button', { name: 'Start Test' }).tap();
    await page.getByText('Welcome back').waitFor();
    await page.getByRole('button', { name: 'Continue test' }).tap();
    const cdp = await page.context().newCDPSession(page);
    await takeDigitSpan(page, cdp, 'touch');
    await page.getByRole('heading', { name: /done$/ }).waitFor({ timeout: 30_000 });
    const trials = await page.request.get(`/api/participation/${code}/runs/${runId}/trials`);
    const stored = (
      (await trials.json()) as { trials: { phase: string; block: number; trialNumber: number }[] }
    ).trials;
    // Every list once: nothing lost, nothing twice.
    const positions = stored.map((t) => `${t.phase}:${t.block}:${t.trialNumber}`);
    expect(new Set(positions).size).toBe(positions.length);
    expect(stored.length).toBeGreaterThan(
      ((await savedBefore.json()) as { trials: unknown[] }).trials.length,
    );
    await page.getByRole('button', { name: 'Continue' }).tap();

    await page.getByText('Step 3 of 4').waitFor();
    await page.getByLabel('Age in years').fill('51');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'study-demographics-390');
    await page.getByRole('button', { name: 'Continue' }).tap();

    // Go/No-Go by touch; the network drops before its last trial.
    await page.getByText('Step 4 of 4').waitFor();
    const gng = await startRunFromIntro(page);
    const delays = makeDelays(3);
    const shown = await playGoNoGoRun(page, async (next) => {
      if (next.phase === 'test' && next.trialNumber === 9) await page.context().setOffline(true);
      if (next.stimulusId === 'P') await tapAt(page, gng.cdp, next.presentedAt + delays());
    });
    expect(shown).toBe(15);
    await page.getByRole('button', { name: 'View Results' }).tap();
    // Offline, the page stays: the last trial waits in the outbox, the run is not complete.
    await page.waitForTimeout(3000);
    expect(prolificAt).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/s/${code}`);
    await screenshot(page, 'study-saving-offline-390');
    const cutAt = Date.now();
    await page.context().setOffline(false);
    await page.getByRole('heading', { name: /done$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).tap();
    await page.waitForURL((url) => url.href.startsWith(PROLIFIC), { timeout: 30_000 });
    expect(prolificAt).toBeGreaterThan(cutAt);
    expect(new URL(page.url()).searchParams.get('pid')).toBe('pid-phone-7');

    const me = await page.request.get(`/api/participation/${code}/me`);
    const { participation } = (await me.json()) as {
      participation: { state: string; runs: { runId: string }[] };
    };
    expect(participation.state).toBe('completed');
    const last = await page.request.get(
      `/api/participation/${code}/runs/${participation.runs[1]?.runId}/trials`,
    );
    const lastTrials = ((await last.json()) as { trials: { inputModality: string }[] }).trials;
    expect(lastTrials).toHaveLength(15);
    expect(lastTrials.every((trial) => trial.inputModality === 'touch')).toBe(true);
  }, 240_000);
});
