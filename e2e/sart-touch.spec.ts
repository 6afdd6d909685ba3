import type { AdminTrial } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { encodePreviewConfig } from '../apps/web/src/lib/preview';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { eventually } from './support/eventually';
import {
  expectMasksSizedAndCentred,
  feedbackShown,
  SART_STAGE_RECORDER,
  startSartRun,
  tapAt,
  waitForNextDigit,
} from './support/sart-driver';
import { screenshot } from './support/screenshot';
import {
  ELEMENT_TIMING_RECORDER,
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

describe('SART on a phone', () => {
  const browser = useBrowser();

  it('defaults to the on-screen button, stores a tap as touch with its true RT, and tells a missed digit', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    const { runId, cdp } = await startSartRun(page, 'sart-touch', async (intro) => {
      expect(await intro.getByRole('radio', { name: /On-screen buttons/ }).isChecked()).toBe(true);
      await intro.getByText('Tap the Tap button', { exact: true }).waitFor();
      expect(await intro.getByText('Space bar').count()).toBe(0);
      expect(await axeViolations(intro)).toEqual([]);
      // Chosen explicitly too, so that the full-page screenshot shows the page as the phone does.
      await intro.getByText('Keyboard', { exact: true }).click();
      await intro.getByText('On-screen buttons').click();
      await screenshot(intro, 'sart-intro-390');
    });

    // One wide, tall button in the bottom third of the portrait screen, at least 10 mm tall.
    const button = await page.locator('[data-response="tap"]').boundingBox();
    if (!button) throw new Error('no Tap button');
    expect(button.y).toBeGreaterThan((844 * 2) / 3 - 40);
    expect(button.width).toBeGreaterThan(390 * 0.8);
    expect(button.height).toBeGreaterThanOrEqual(38);

    // Tap the first go digit at a known delay; leave the second go digit unanswered.
    const delayMs = 318.37;
    let tapped: { position: string; presentedAt: number } | null = null;
    let missed = false;
    let previous: string | null = null;
    while (!tapped || !missed) {
      const next = await waitForNextDigit(page, previous);
      if (next.kind !== 'stimulus') throw new Error(`expected a digit, saw: ${next.text}`);
      expect(next.phase).toBe('practice');
      previous = next.identifier;
      if (next.digit === '3') continue;
      if (!tapped) {
        await tapAt(page, cdp, next.presentedAt + delayMs);
        tapped = { position: `${next.phase}:${next.block}:${next.trialNumber}`, ...next };
      } else {
        missed = true;
      }
    }
    await eventually(async () => {
      expect(await feedbackShown(page)).toEqual(['Tap for every digit except 3']);
    }, 5000);

    // Pictures last: a full-page screenshot of a phone stalls the page (and so the run). Every
    // go digit from here on is missed, so feedback comes again.
    // The digit shows for 250 ms only, so the next one is found by polling every frame (a
    // locator's visibility polling can miss it for many trials on a busy machine); if practice
    // ends first, its closing prompt shows and there is no digit to picture.
    await screenshot(page, 'sart-feedback-390');
    const after = await waitForNextDigit(page, previous);
    if (after.kind === 'stimulus') {
      await screenshot(page, 'sart-digit-390');
      await page.locator('[data-testid="sart-stage"] .sart-mask').waitFor({ timeout: 5000 });
      await screenshot(page, 'sart-mask-390');
    }
    // The masks as drawn: 20 % of 1.6 x the 390 px width (624 px), centred on their digits.
    expect(await expectMasksSizedAndCentred(page, 20)).toBeGreaterThanOrEqual(2);

    let trial: AdminTrial | undefined;
    await eventually(async () => {
      trial = (await storedTrials(page, runId)).find(
        (t) => `${t.phase}:${t.block}:${t.trialNumber}` === tapped?.position,
      );
      expect(trial).toBeDefined();
    }, 15_000);
    expect(trial).toMatchObject({
      inputModality: 'touch',
      response: 'tap',
      responded: true,
      responseType: 'go_success',
      isCorrect: true,
      devicePixelRatio: 3,
    });
    expect(trial?.timing?.stimulusOnsetMs).toBe(tapped?.presentedAt);
    expect(Math.abs((trial?.reactionTime as number) - delayMs)).toBeLessThanOrEqual(0.1);
    // A phone held upright: sized against 1.6 x its 390 px width, the middle size 16 % of 624 px.
    expect(trial?.fontSizePx as number).toBeCloseTo(0.16 * 624, 6);
  }, 120_000);

  it("answers an admin's short preview run by touch from start to results, with the green mask", async () => {
    // A short version through the admin preview (ADR 028): each digit once in the test, 9
    // practice digits, no-go digit 5, the green mask after a tap on a go digit.
    const config = { repsPerDigit: 1, practiceTrials: 9, nogoDigit: 5, maskFeedback: true };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await page.addInitScript(SART_STAGE_RECORDER);
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/cognitive-tests/sart?preview=${encodePreviewConfig(config)}`);
    // The instructions show the preview's no-go digit and counts, not the defaults'.
    await page.getByText('When you see 5, do nothing').waitFor();
    await page.getByText('Then the real task: 9 digits').waitFor();
    await screenshot(page, 'sart-preview-intro-390');
    const { run: startedRun, cdp } = await startRunFromIntro(page);
    expect(startedRun.isPreview).toBe(true);

    const delays = makeDelays(7);
    const taps: { position: string; trueRtMs: number }[] = [];
    const greenMasks: boolean[] = [];
    let previous: string | null = null;
    let shown = 0;
    for (;;) {
      const next = await waitForNextDigit(page, previous);
      if (next.kind === 'prompt') {
        if (next.text.includes('All trials done')) break;
        await page.getByTestId('block-intro').getByRole('button').click();
        continue;
      }
      previous = next.identifier;
      shown += 1;
      if (next.digit === '5') continue;
      const trueRtMs = delays();
      await tapAt(page, cdp, next.presentedAt + trueRtMs);
      taps.push({ position: `${next.phase}:${next.block}:${next.trialNumber}`, trueRtMs });
      if (greenMasks.length < 3) {
        const mask = page.locator('[data-testid="sart-stage"] .sart-mask');
        await mask.waitFor({ timeout: 3000 });
        greenMasks.push(await mask.evaluate((el) => el.classList.contains('sart-mask--pressed')));
      }
    }
    expect(shown).toBe(18);
    expect(greenMasks).toEqual([true, true, true]);
    expect(await expectMasksSizedAndCentred(page, 20)).toBeGreaterThanOrEqual(8);
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'sart-preview-results-390');

    const stored = await storedTrials(page, startedRun.id);
    expect(stored).toHaveLength(18);
    const errors = taps.map(({ position, trueRtMs }) => {
      const trial = stored.find((t) => `${t.phase}:${t.block}:${t.trialNumber}` === position);
      expect(trial, position).toMatchObject({ inputModality: 'touch', responseType: 'go_success' });
      return (trial?.reactionTime as number) - trueRtMs;
    });
    const summary = summarize(errors);
    expect(Math.abs(summary.medianMs)).toBeLessThanOrEqual(0.1);
    expect(summary.maxAbsMs).toBeLessThanOrEqual(1);
    // Every 5 was withheld: every trial correct, and no practice feedback.
    expect(stored.every((t) => t.isCorrect)).toBe(true);
    expect(stored.filter((t) => t.isNogo)).toHaveLength(2);
    expect(await feedbackShown(page)).toEqual([]);
    const run = await page.request.get(`/api/results/${startedRun.id}`);
    const body = (await run.json()) as { run: { isPreview: boolean; config: typeof config } };
    expect(body.run.config).toMatchObject(config);
  }, 120_000);
});
