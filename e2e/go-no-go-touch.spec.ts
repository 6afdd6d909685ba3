import type { AdminTrial } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodePreviewConfig } from '../apps/web/src/lib/preview';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { eventually } from './support/eventually';
import { playGoNoGoRun, startGoNoGoRun, tapAt, waitForNext } from './support/go-no-go-driver';
import { screenshot } from './support/screenshot';
import {
  ELEMENT_TIMING_RECORDER,
  expectOnPace,
  makeDelays,
  startRunFromIntro,
  summarize,
} from './support/task-run';

/** The trials of a run as its owner reads them back. */
async function storedTrials(page: Page, runId: string) {
  const res = await page.request.get(`/api/results/${runId}/trials`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { trials: AdminTrial[] }).trials;
}

describe('Go/No-Go on a phone', () => {
  const browser = useBrowser();

  it('defaults to the on-screen button, and stores a tap on a go trial as touch with its true RT', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    const { runId, cdp } = await startGoNoGoRun(page, 'gng-touch', async (intro) => {
      // A coarse pointer: the on-screen button is chosen, and the instructions speak of it.
      expect(await intro.getByRole('radio', { name: /On-screen buttons/ }).isChecked()).toBe(true);
      await intro.getByText('tap the Tap button as fast as you can').waitFor();
      expect(await intro.getByText('Space bar').count()).toBe(0);
      expect(await axeViolations(intro)).toEqual([]);
      // Chosen explicitly too (the choice is kept), so that the full-page screenshot, which
      // drops the touch emulation while it is taken, shows the page as the phone does.
      await intro.getByText('Keyboard', { exact: true }).click();
      await intro.getByText('On-screen buttons').click();
      await screenshot(intro, 'go-no-go-intro-390');
    });

    // One wide, tall button in the bottom third of the portrait screen, where the thumb is.
    const button = await page.locator('[data-response="tap"]').boundingBox();
    if (!button) throw new Error('no Tap button');
    expect(button.y).toBeGreaterThan((844 * 2) / 3 - 40);
    expect(button.width).toBeGreaterThan(390 * 0.8);
    expect(button.height).toBeGreaterThanOrEqual(38);
    expect(await page.getByText('Space for').count()).toBe(0);

    // The first trials of every block are go trials: touch the first one at a known delay.
    const shown = await waitForNext(page, null);
    if (shown.kind !== 'stimulus') throw new Error(`expected a stimulus, saw: ${shown.text}`);
    expect(shown).toMatchObject({ phase: 'practice', block: 0, trialNumber: 0 });
    expect(shown.stimulusId).toBe('solid');
    const delayMs = 318.37;
    await tapAt(page, cdp, shown.presentedAt + delayMs);
    const feedback = await page.waitForFunction(
      () => document.querySelector('[data-testid="gng-stage"] .task-feedback')?.textContent,
      null,
      { polling: 'raf', timeout: 5000 },
    );
    expect(await feedback.jsonValue()).toBe('Correct');

    // The run goes on at its pace: 2.5 s a trial in practice, feedback included.
    const next = await waitForNext(page, shown.identifier);
    expect(next).toMatchObject({ kind: 'stimulus', phase: 'practice', trialNumber: 1 });
    if (next.kind === 'stimulus') {
      expectOnPace(next.presentedAt - shown.presentedAt, 2500);
    }

    // Pictures last: a full-page screenshot of a phone stalls the page (and so the run).
    await screenshot(page, 'go-no-go-stimulus-390');
    await page.locator('[data-testid="gng-stage"] .task-feedback').waitFor();
    await screenshot(page, 'go-no-go-feedback-390');

    let trial: AdminTrial | undefined;
    await eventually(async () => {
      trial = (await storedTrials(page, runId)).find(
        (t) => t.phase === 'practice' && t.block === 0 && t.trialNumber === 0,
      );
      expect(trial).toBeDefined();
    }, 15_000);
    expect(trial).toMatchObject({
      inputModality: 'touch',
      response: 'tap',
      responded: true,
      responseType: 'hit',
      isCorrect: true,
    });
    expect(trial?.timing?.stimulusOnsetMs).toBe(shown.presentedAt);
    expect(Math.abs((trial?.reactionTime as number) - delayMs)).toBeLessThanOrEqual(0.1);
  }, 120_000);

  it("answers an admin's short preview run by touch from start to results", async () => {
    // A short version through the admin preview (ADR 028): the letters P and R, one practice
    // round of 5, 10 test trials, a 1000 ms SOA and short feedback.
    const config = {
      stimulusSet: 'letters-PR',
      practiceTrials: 5,
      practiceMaxRounds: 1,
      testTrials: 10,
      soaMs: 1000,
      responseWindowMs: 950,
      feedbackMs: 300,
    };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/cognitive-tests/go-no-go?preview=${encodePreviewConfig(config)}`);
    // The instructions show the preview's stimuli and counts, not the defaults'.
    await page.getByText('Letters appear one at a time').waitFor();
    expect(await page.locator('.gng-example__shape').allTextContents()).toEqual(['P', 'R']);
    await page.getByText('Then the real task: 10 trials').waitFor();
    await screenshot(page, 'go-no-go-preview-intro-390');
    const { run: startedRun, cdp } = await startRunFromIntro(page);
    expect(startedRun.isPreview).toBe(true);

    const delays = makeDelays(5);
    const tapped: { position: string; trueRtMs: number }[] = [];
    const shown = await playGoNoGoRun(page, async (next) => {
      // Tap every go trial (P), hold back on every no-go trial (R).
      if (next.stimulusId === 'P') {
        const trueRtMs = delays();
        await tapAt(page, cdp, next.presentedAt + trueRtMs);
        tapped.push({ position: `${next.phase}:${next.block}:${next.trialNumber}`, trueRtMs });
      }
    });
    expect(shown).toBe(15);
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });
    await page.getByText('is kept apart from participants').waitFor();
    await screenshot(page, 'go-no-go-preview-results-390');

    const stored = await storedTrials(page, startedRun.id);
    expect(stored).toHaveLength(15);
    const errors = tapped.map(({ position, trueRtMs }) => {
      const trial = stored.find((t) => `${t.phase}:${t.block}:${t.trialNumber}` === position);
      expect(trial, position).toMatchObject({ inputModality: 'touch', responseType: 'hit' });
      return (trial?.reactionTime as number) - trueRtMs;
    });
    const summary = summarize(errors);
    expect(Math.abs(summary.medianMs)).toBeLessThanOrEqual(0.1);
    expect(summary.maxAbsMs).toBeLessThanOrEqual(1);
    // Every no-go trial was held back: no commission, every trial correct.
    expect(stored.every((t) => t.isCorrect)).toBe(true);
    const run = await page.request.get(`/api/results/${startedRun.id}`);
    const body = (await run.json()) as { run: { isPreview: boolean; config: typeof config } };
    expect(body.run.isPreview).toBe(true);
    expect(body.run.config).toMatchObject(config);
  }, 120_000);
});
