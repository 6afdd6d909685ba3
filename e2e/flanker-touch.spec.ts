import type { AdminTrial } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodePreviewConfig } from '../apps/web/src/lib/preview';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { eventually } from './support/eventually';
import {
  startFlankerRun,
  tapDirectionAt,
  targetOf,
  waitForNextDisplay,
} from './support/flanker-driver';
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

/** 10 mm in CSS px (96 px to the inch): the least size of a touch target. */
const TEN_MM_PX = (10 / 25.4) * 96;

describe('Flanker on a phone', () => {
  const browser = useBrowser();

  it('defaults to the two on-screen buttons, and stores a tap with its direction, as touch, with its true RT', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    const { runId, cdp } = await startFlankerRun(page, 'flanker-touch', async (intro) => {
      // A coarse pointer: the on-screen buttons are chosen, and the instructions speak of them.
      expect(await intro.getByRole('radio', { name: /On-screen buttons/ }).isChecked()).toBe(true);
      await intro.getByText('tap the Left or Right button at the bottom of the screen').waitFor();
      expect(await intro.getByText('physical keyboard').count()).toBe(0);
      expect(await axeViolations(intro)).toEqual([]);
      // Chosen explicitly too (the choice is kept), so that the full-page screenshot, which
      // drops the touch emulation while it is taken, shows the page as the phone does.
      await intro.getByText('Keyboard', { exact: true }).click();
      await intro.getByText('On-screen buttons').click();
      await screenshot(intro, 'flanker-intro-390');
    });

    // Two buttons side by side in the bottom of the portrait screen, Left on the left, each
    // at least 10 mm in both directions.
    const left = await page.locator('[data-response="left"]').boundingBox();
    const right = await page.locator('[data-response="right"]').boundingBox();
    if (!left || !right) throw new Error('no Left and Right buttons');
    expect(left.x + left.width).toBeLessThanOrEqual(right.x);
    for (const box of [left, right]) {
      expect(box.y).toBeGreaterThan(844 / 2);
      expect(box.width).toBeGreaterThanOrEqual(TEN_MM_PX);
      expect(box.height).toBeGreaterThanOrEqual(TEN_MM_PX);
    }
    expect(await page.getByText('middle arrow left').count()).toBe(0);

    const shown = await waitForNextDisplay(page, null);
    if (shown.kind !== 'stimulus') throw new Error(`expected arrows, saw: ${shown.text}`);
    expect(shown).toMatchObject({ phase: 'practice', block: 0, trialNumber: 0 });
    // The five arrows fit the phone's width, each wide enough to tell its way at a glance.
    const arrows = await page.locator('[data-testid="flanker-stage"] .flanker-arrow').all();
    expect(arrows).toHaveLength(5);
    const first = await arrows[0]?.boundingBox();
    const last = await arrows[4]?.boundingBox();
    if (!first || !last) throw new Error('arrows not laid out');
    expect(first.x).toBeGreaterThanOrEqual(0);
    expect(last.x + last.width).toBeLessThanOrEqual(390);
    expect(first.width).toBeGreaterThanOrEqual(40);
    const delayMs = 431.27;
    await tapDirectionAt(page, cdp, targetOf(shown.display), shown.presentedAt + delayMs);
    const feedback = await page.waitForFunction(
      () => document.querySelector('[data-testid="flanker-stage"] .task-feedback')?.textContent,
      null,
      { polling: 'raf', timeout: 5000 },
    );
    expect(await feedback.jsonValue()).toBe('Correct');

    // The run goes on at its pace: 3 s a trial in practice, feedback included.
    const next = await waitForNextDisplay(page, shown.identifier);
    expect(next).toMatchObject({ kind: 'stimulus', phase: 'practice', trialNumber: 1 });
    if (next.kind === 'stimulus') {
      expectOnPace(next.presentedAt - shown.presentedAt, 3000);
    }

    // Pictures last: a full-page screenshot of a phone stalls the page (and so the run).
    await screenshot(page, 'flanker-trial-390');
    await page.locator('[data-testid="flanker-stage"] .flanker-fixation').waitFor();
    await screenshot(page, 'flanker-fixation-390');

    let trial: AdminTrial | undefined;
    await eventually(async () => {
      trial = (await storedTrials(page, runId)).find(
        (t) => t.phase === 'practice' && t.block === 0 && t.trialNumber === 0,
      );
      expect(trial).toBeDefined();
    }, 15_000);
    expect(trial).toMatchObject({
      inputModality: 'touch',
      response: targetOf(shown.display),
      responded: true,
      responseType: 'correct',
      isCorrect: true,
    });
    expect(trial?.timing?.stimulusOnsetMs).toBe(shown.presentedAt);
    expect(Math.abs((trial?.reactionTime as number) - delayMs)).toBeLessThanOrEqual(0.1);
  }, 120_000);

  it("answers an admin's short preview run by touch from start to results", async () => {
    // A short version through the admin preview (ADR 028): 4 practice and 8 test trials, a 1.5 s
    // SOA, arrows for 800 ms and short feedback.
    const config = {
      practiceTrials: 4,
      testTrials: 8,
      soaMs: 1500,
      stimulusMs: 800,
      feedbackMs: 300,
    };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/cognitive-tests/flanker?preview=${encodePreviewConfig(config)}`);
    // The instructions show the preview's counts, not the defaults'.
    await page.getByText('First you practise: 4 trials').waitFor();
    await page.getByText('Then the real task: 8 trials').waitFor();
    await screenshot(page, 'flanker-preview-intro-390');
    const { run: startedRun, cdp } = await startRunFromIntro(page);
    expect(startedRun.isPreview).toBe(true);

    const delays = makeDelays(9);
    const tapped: { position: string; trueRtMs: number }[] = [];
    let previous: string | null = null;
    for (;;) {
      const next = await waitForNextDisplay(page, previous);
      if (next.kind === 'prompt') {
        if (next.text.includes('All trials done')) break;
        await page.getByTestId('block-intro').getByRole('button').click();
        continue;
      }
      previous = next.identifier;
      // Tap the middle arrow's way every time.
      const trueRtMs = delays();
      await tapDirectionAt(page, cdp, targetOf(next.display), next.presentedAt + trueRtMs);
      tapped.push({ position: `${next.phase}:${next.block}:${next.trialNumber}`, trueRtMs });
    }
    expect(tapped).toHaveLength(12);
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });
    await page.getByText('is kept apart from participants').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'flanker-preview-results-390');

    const stored = await storedTrials(page, startedRun.id);
    expect(stored).toHaveLength(12);
    const errors = tapped.map(({ position, trueRtMs }) => {
      const trial = stored.find((t) => `${t.phase}:${t.block}:${t.trialNumber}` === position);
      expect(trial, position).toMatchObject({ inputModality: 'touch', responseType: 'correct' });
      return (trial?.reactionTime as number) - trueRtMs;
    });
    const summary = summarize(errors);
    expect(Math.abs(summary.medianMs)).toBeLessThanOrEqual(0.1);
    expect(summary.maxAbsMs).toBeLessThanOrEqual(1);
    const run = await page.request.get(`/api/results/${startedRun.id}`);
    const body = (await run.json()) as {
      run: { isPreview: boolean; config: typeof config; summary: { overallScore: number } };
    };
    expect(body.run.isPreview).toBe(true);
    expect(body.run.config).toMatchObject(config);
    expect(body.run.summary.overallScore).toBe(100);
  }, 120_000);
});
