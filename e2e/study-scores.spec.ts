import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { playGoNoGoRun, pressSpaceAt } from './support/go-no-go-driver';
import { screenshot } from './support/screenshot';
import { openStudy, PROLIFIC, STUDY } from './support/study-driver';
import { ELEMENT_TIMING_RECORDER, makeDelays, startRunFromIntro } from './support/task-run';

/** One Go/No-Go step, then the end with the participant's own scores (a clinic's setting). */
const SHOWS_SCORES = {
  settings: { ...STUDY.settings, name: 'Self-assessment', showScores: true },
  content: {
    ...STUDY.content,
    title: 'How quick are you?',
    steps: STUDY.content.steps.filter(
      (step) => step.kind === 'task' && step.title === 'Go or wait',
    ),
  },
};

describe('a study that shows participants their scores', () => {
  const browser = useBrowser();

  it('shows each task’s scores, charts and trials at the end, and leaves for the completion URL only when the participant continues', async () => {
    const admin = await browser.newPage();
    await logInViaForm(admin, ADMIN.email, ADMIN.password);
    const code = await openStudy(admin, browser.baseUrl, SHOWS_SCORES);

    const page = await browser.newPage();
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    let prolificAt = 0;
    await page.route(`${PROLIFIC}**`, (route) => {
      prolificAt = Date.now();
      return route.fulfill({ contentType: 'text/html', body: '<h1>Prolific</h1>' });
    });
    await page.goto(`/s/${code}?PROLIFIC_PID=pid-scores-1`);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Step 1 of 1').waitFor();
    const { cdp, run } = await startRunFromIntro(page);
    const delays = makeDelays(5);
    await playGoNoGoRun(page, async (next) => {
      if (next.stimulusId === 'P') await pressSpaceAt(page, cdp, next.presentedAt + delays());
    });
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: /done$/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Continue' }).click();

    // The end: the completion code, then the scores; no redirect until Continue.
    await page.getByRole('heading', { name: 'Your results' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('completion-code').textContent()).toBe('C0FFEE');
    const stored = await page.request.get(`/api/participation/${code}/runs/${run.id}`);
    const { summary } = ((await stored.json()) as { run: { summary: { overallScore: number } } })
      .run;
    const toggle = page.getByRole('button', { name: /Score \d+%/ });
    expect(await toggle.textContent()).toContain(`Score ${summary.overallScore}%`);
    await page.getByRole('heading', { name: 'Go or wait', level: 3 }).waitFor();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    // The same views as progress tracking: the facts, the task's charts and its trials.
    await page.getByText('Scoring').waitFor();
    await page.locator('.result-details__charts').first().waitFor();
    // The trial tables are there, folded under their own disclosure as in progress tracking.
    await page.locator('.result-details__trials table').first().waitFor({ state: 'attached' });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'study-end-scores-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'study-end-scores-390');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(prolificAt).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/s/${code}`);

    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.href.startsWith(PROLIFIC));
    const back = new URL(page.url());
    expect(back.searchParams.get('pid')).toBe('pid-scores-1');
    expect(back.searchParams.get('cc')).toBe('C0FFEE');
  }, 180_000);
});
