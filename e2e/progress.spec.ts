import { readFile } from 'node:fs/promises';
import type { Run } from '@cogni/domain';
import type { Trial } from '@cogni/domain/tasks/stroop';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { parseCsv } from '../apps/server/src/testing/parse-csv';
import { uniqueEmail } from './support/accounts';
import { finishEarlyRuns } from './support/api-runs';
import { axeViolations } from './support/axe';
import { type BrowserFixture, logInViaForm, registerViaApi, useBrowser } from './support/browser';
import type { ProgressRunsKey } from './support/global-setup';
import { screenshot } from './support/screenshot';

// The catalogue's message, spelled out so a changed text fails here.
const EMPTY = 'No test results available.';

async function logInNewUser(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerViaApi(page, email, 'Ada', 'Lovelace');
  await logInViaForm(page, email);
}

/**
 * Time for finishEarlyRuns: the runs become plausible four and a half minutes after global
 * setup started them, which has mostly passed by the time this file runs.
 */
const RUN_WAIT_TIMEOUT_MS = 6 * 60_000;

/** A page logged in as the owner of the early runs of `key`, and those runs finished. */
async function finishedRuns(
  browser: BrowserFixture,
  key: ProgressRunsKey,
  viewport?: { width: number; height: number },
) {
  const early = inject('progressRuns')[key];
  const page = await browser.newPage(viewport ? { viewport } : {});
  await logInViaForm(page, early.email);
  return { page, runs: await finishEarlyRuns(page, early) };
}

describe('progress tracking', () => {
  const browser = useBrowser();

  it('tells a user without results that there are none, and still offers the download', async () => {
    const page = await browser.newPage();
    await logInNewUser(page, 'progress-empty');
    await page.goto('/progress-tracking');
    await page.getByText(EMPTY).waitFor();
    await page.getByRole('heading', { name: 'Download my data' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Progress Tracking');
  });

  it(
    'shows results grouped and expandable, with details, charts, a CSV equal to the stored trials, and no serious accessibility violations',
    async () => {
      const {
        page,
        runs: [older, newer],
      } = await finishedRuns(browser, 'results');
      if (!older || !newer) throw new Error('the runs were not finished');

      await page.goto('/progress-tracking');
      const group = page.getByRole('region', { name: 'Stroop Test' });
      await group.waitFor();
      // The score trend over both sessions, drawn once the chart code has loaded.
      await group.getByRole('img', { name: 'Stroop Test scores across sessions' }).waitFor();
      const toggles = group.getByRole('button', { expanded: false });
      expect(await toggles.count()).toBe(2);

      // Newest first: open it.
      const newest = page.locator(`[data-result-id="${newer.id}"]`);
      expect(await page.locator('[data-result-id]').first().getAttribute('data-result-id')).toBe(
        newer.id,
      );
      await newest.getByRole('button').first().click();
      expect(await newest.getByRole('button').first().getAttribute('aria-expanded')).toBe('true');
      const summary = newer.summary;
      if (!summary) throw new Error('the finished run has no summary');
      const overall = newest.locator('.score-list__item', { hasText: 'Overall score' });
      expect(await overall.locator('dd').textContent()).toBe(`${summary.overallScore}%`);
      const cells = newest.getByRole('table', { name: 'Test trials by condition' });
      expect(await cells.locator('tbody tr').count()).toBe(4);
      await newest
        .getByRole('img', { name: 'Box plot of reaction times in the four conditions' })
        .waitFor();
      await newest
        .getByRole('img', { name: 'Reaction time of each of the 144 test trials' })
        .waitFor();
      // The RT chart's text alternative names the errors (the fixture answers 12 test trials wrongly).
      await newest.getByText(/12 errors, drawn as crosses/).waitFor();

      // Practice and test trials are apart, collapsed until opened.
      await newest.getByText(/^Practice trials \(\d+, 0 errors\)$/).waitFor();
      await newest.getByText('Test trials (144, 12 errors)').click();
      expect(
        await newest
          .getByRole('table', { name: 'Test trials', exact: true })
          .locator('tbody tr')
          .count(),
      ).toBe(144);
      await screenshot(page, 'progress-1280');

      const violations = await axeViolations(page);
      expect(violations).toEqual([]);

      // 'Download my data' as CSV: one row per stored trial of both runs, equal to the database.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^cogni-my-data-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = parseCsv(await readFile(await download.path(), 'utf8'));
      if (!header) throw new Error('the CSV is empty');
      const records = rows.map((row) =>
        Object.fromEntries(header.map((name, i) => [name, row[i]])),
      );
      const stored: { run: Run; trials: Trial[] }[] = [];
      for (const run of [older, newer]) {
        const res = await page.request.get(`/api/results/${run.id}/trials`);
        stored.push({ run, trials: ((await res.json()) as { trials: Trial[] }).trials });
      }
      const expected = stored.flatMap(({ run, trials }) =>
        trials.map((t) => ({
          result_id: run.id,
          session_id: run.sessionId,
          phase: t.phase,
          trial_number: String(t.trialNumber),
          cue_word: t.cueWord,
          stimulus_word: t.stimulusWord,
          stimulus_color: t.stimulusColor,
          response: t.response,
          reaction_time_ms: String(t.reactionTime),
          is_correct: String(t.isCorrect),
          is_switch: String(t.isSwitch),
        })),
      );
      const sortKey = (r: Record<string, string | undefined>) =>
        `${r.result_id}/${r.phase}/${r.trial_number?.padStart(4, '0')}`;
      const actual = records
        .map((r) => Object.fromEntries(Object.keys(expected[0] ?? {}).map((k) => [k, r[k]])))
        .sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
      expected.sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
      expect(rows).toHaveLength(2 * 168);
      expect(actual).toEqual(expected);
    },
    RUN_WAIT_TIMEOUT_MS,
  );

  it(
    'reads a result\'s trials as the pointer reaches it; if they fail to load, says so and loads them on "Try again"',
    async () => {
      const {
        page,
        runs: [older, newer],
      } = await finishedRuns(browser, 'trials');
      if (!older || !newer) throw new Error('the runs were not finished');
      const trialsOf = (id: string) => `**/api/progress/results/${id}/trials`;

      await page.goto('/progress-tracking');
      // Pointer over the newest result: its trials are read before it is opened.
      const newest = page.locator(`[data-result-id="${newer.id}"]`);
      const read = page.waitForResponse((res) => res.url().endsWith(`/${newer.id}/trials`));
      await newest.getByRole('button').first().hover();
      expect((await read).status()).toBe(200);
      await page.route(trialsOf(newer.id), (route) => route.abort('internetdisconnected'));
      await newest.getByRole('button').first().click();
      // Already read, so shown although the network now fails.
      await newest
        .getByRole('img', { name: 'Reaction time of each of the 144 test trials' })
        .waitFor();

      // The older result's trials fail (the server answers 503, twice retried): the scores still
      // show, then the message, and "Try again" loads them once the server answers.
      let failures = 0;
      await page.route(trialsOf(older.id), (route) => {
        failures++;
        return route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Down for a moment' } }),
        });
      });
      const other = page.locator(`[data-result-id="${older.id}"]`);
      await other.getByRole('button').first().focus();
      await other.getByRole('button').first().press('Enter');
      await other.locator('.score-list__item', { hasText: 'Overall score' }).waitFor();
      await other.getByText('Failed to load test results. Please try again later.').waitFor();
      expect(failures).toBeGreaterThanOrEqual(3);
      await screenshot(page, 'progress-trials-failed');
      await page.unroute(trialsOf(older.id));
      await other.getByRole('button', { name: 'Try again' }).click();
      await other
        .getByRole('img', { name: 'Reaction time of each of the 144 test trials' })
        .waitFor();
      expect(await other.getByText('Failed to load test results').count()).toBe(0);
    },
    RUN_WAIT_TIMEOUT_MS,
  );

  it(
    'fits a phone screen: no sideways scrolling of the page, charts redrawn to the width',
    async () => {
      const {
        page,
        runs: [run],
      } = await finishedRuns(browser, 'phone', { width: 390, height: 844 });
      if (!run) throw new Error('the run was not finished');
      await page.goto('/progress-tracking');
      const result = page.locator(`[data-result-id="${run.id}"]`);
      await result.getByRole('button').first().click();
      const chart = result.getByRole('img', {
        name: 'Reaction time of each of the 144 test trials',
      });
      await chart.waitFor();
      expect(Number(await chart.getAttribute('width'))).toBeLessThanOrEqual(390);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await screenshot(page, 'progress-390');
      expect(await axeViolations(page)).toEqual([]);
    },
    RUN_WAIT_TIMEOUT_MS,
  );
});
