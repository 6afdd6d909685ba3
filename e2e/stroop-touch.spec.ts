import type { AdminTrial } from '@cogni/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, registerViaApi, useBrowser } from './support/browser';
import { screenshot } from './support/screenshot';
import { answerNextTrial, startStroopRun } from './support/stroop-driver';
import { makeDelays, summarize } from './support/task-run';

/** The trials of a run as its owner reads them back. */
async function storedTrials(page: Page, runId: string) {
  const res = await page.request.get(`/api/results/${runId}/trials`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { trials: AdminTrial[] }).trials;
}

describe('touch mode', () => {
  const browser = useBrowser();

  it('on a phone: buttons by default, answers on touch with the touch time, stored as touch', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    const { runId, cdp } = await startStroopRun(page, 'touch');
    // The page chose on-screen buttons for a coarse pointer; the keys are not mentioned.
    await page.getByTestId('response-pad').waitFor();
    expect(await page.getByText('R red · G green · B blue').count()).toBe(0);
    const pad = await page.getByTestId('response-pad').boundingBox();
    if (!pad) throw new Error('no answer buttons');
    // In thumb reach: the buttons sit in the bottom third of a portrait screen, each >= 10 mm.
    expect(pad.y).toBeGreaterThan((844 * 2) / 3 - 40);
    for (const button of await page.locator('.response-pad__button').all()) {
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(38);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(38);
    }

    const delay = makeDelays(7);
    let previous: string | null = null;
    const pressed: { trueRtMs: number }[] = [];
    for (let i = 0; i < 8; i++) {
      const trial = await answerNextTrial(page, cdp, {
        previous,
        trueRtMs: delay(),
        input: 'touch',
      });
      pressed.push(trial);
      previous = trial.identifier;
      if (i === 2) await screenshot(page, 'stroop-touch-390');
    }
    await page.getByText('All trials saved').waitFor({ timeout: 30_000 });
    const stored = (await storedTrials(page, runId)).filter((t) => t.phase === 'sample');
    expect(stored).toHaveLength(8);
    for (const trial of stored) expect(trial.inputModality).toBe('touch');
    const errors = stored.map(
      (t, i) => (t.reactionTime as number) - (pressed[i]?.trueRtMs as number),
    );
    const summary = summarize(errors);
    expect(Math.abs(summary.medianMs)).toBeLessThanOrEqual(0.1);
    expect(summary.maxAbsMs).toBeLessThanOrEqual(1);
  }, 180_000);

  it('on a desktop: keys by default, switchable to buttons before the run, and accessible', async () => {
    const page = await browser.newPage();
    const email = uniqueEmail('touch-switch');
    await registerViaApi(page, email);
    await logInViaForm(page, email);
    await page.goto('/cognitive-tests/stroop-test');
    const keyboard = page.getByRole('radio', { name: /Keyboard/ });
    const buttons = page.getByRole('radio', { name: /On-screen buttons/ });
    expect(await keyboard.isChecked()).toBe(true);
    await page.getByText('Use a physical keyboard').waitFor();
    // As a person does: a tap on the option's label.
    await page.getByText('On-screen buttons').click();
    expect(await buttons.isChecked()).toBe(true);
    await page.getByText('tapping the Red, Green or Blue button').waitFor();
    expect(await page.getByText('Use a physical keyboard').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'stroop-intro-touch-1280');
    // The choice is kept for the next visit.
    await page.reload();
    expect(await page.getByRole('radio', { name: /On-screen buttons/ }).isChecked()).toBe(true);
  }, 120_000);
});
