import type { AdminTrial } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { encodePreviewConfig } from '../apps/web/src/lib/preview';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { type ShownLetter, tapAnswerAt, waitForNextLetter } from './support/n-back-driver';
import { screenshot } from './support/screenshot';
import {
  ELEMENT_TIMING_RECORDER,
  makeDelays,
  startRunFromIntro,
  summarize,
} from './support/task-run';

describe('N-back on a phone', () => {
  const browser = useBrowser();

  it("answers an admin's short preview run by touch, the buttons on the mapping's sides", async () => {
    // One level (1-back), one practice round of 1 + 6 letters, one block of 1 + 8, a 1500 ms SOA
    // (letters on for 1000 ms, so that the phone's screenshot, which stalls the page, shows one).
    const config = {
      levels: '1',
      blocksPerLevel: 1,
      scoredTrialsPerBlock: 8,
      targetsPerBlock: 3,
      practiceScoredTrials: 6,
      practiceTargets: 2,
      practiceMaxRounds: 1,
      soaMs: 1500,
      stimulusMs: 1000,
      feedbackMs: 300,
    };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/cognitive-tests/n-back?preview=${encodePreviewConfig(config)}`);
    // A coarse pointer: the on-screen buttons are chosen, and the instructions speak of them.
    expect(await page.getByRole('radio', { name: /On-screen buttons/ }).isChecked()).toBe(true);
    await page.getByText('tap “Same as N back”', { exact: false }).first().waitFor();
    await page.getByText('Letters appear one at a time, every 1.5 seconds.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Chosen explicitly too, so that the full-page screenshot shows the page as the phone does.
    await page.getByText('Keyboard', { exact: true }).click();
    await page.getByText('On-screen buttons').click();
    await screenshot(page, 'n-back-intro-390');
    const { run: startedRun, cdp } = await startRunFromIntro(page);
    expect(startedRun.isPreview).toBe(true);

    // Two buttons side by side in the bottom third, at least 10 mm tall; "same" on the side of
    // the mapping's match key.
    const pad = page.locator('[data-testid="response-pad"] button');
    expect(await pad.allTextContents()).toHaveLength(2);
    const boxes = await Promise.all(
      ['match', 'no-match'].map((r) =>
        page.locator(`[data-testid="response-pad"] [data-response="${r}"]`).boundingBox(),
      ),
    );
    const [same, different] = boxes;
    if (!same || !different) throw new Error('no answer buttons');
    for (const box of [same, different]) {
      expect(box.y).toBeGreaterThan((844 * 2) / 3 - 40);
      expect(box.height).toBeGreaterThanOrEqual(38);
      expect(box.width).toBeGreaterThanOrEqual(38);
    }
    expect(Math.abs(same.y - different.y)).toBeLessThan(1);
    const mapping = same.x < different.x ? 'A' : 'B';
    expect(await page.locator('[data-response="match"]').textContent()).toBe('Same as 1 back');

    const delays = makeDelays(3);
    const tapped: {
      position: string;
      answer: string;
      trueRtMs: number;
      isTarget: boolean | null;
    }[] = [];
    const shown: ShownLetter[] = [];
    let previous: string | null = null;
    for (;;) {
      const next = await waitForNextLetter(page, previous);
      if (next.kind === 'prompt') {
        if (next.text.includes('All trials done')) break;
        if (next.text.includes('block 1 of 1')) await screenshot(page, 'n-back-block-intro-390');
        await page.getByTestId('block-intro').getByRole('button').click();
        continue;
      }
      previous = next.identifier;
      const block = shown.filter((s) => s.phase === next.phase);
      const back = block[next.trialNumber - 1];
      const isTarget = back ? back.letter === next.letter : null;
      shown.push(next);
      if (shown.length === 3) await screenshot(page, 'n-back-letter-390');
      const answer = isTarget ? 'match' : 'no-match';
      const trueRtMs = delays() + 200;
      await tapAnswerAt(page, cdp, answer, next.presentedAt + trueRtMs);
      tapped.push({
        position: `${next.phase}:${next.block}:${next.trialNumber}`,
        answer,
        trueRtMs,
        isTarget,
      });
    }
    expect(shown).toHaveLength(7 + 9);
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'n-back-results-390');

    const res = await page.request.get(`/api/results/${startedRun.id}/trials`);
    const stored = ((await res.json()) as { trials: AdminTrial[] }).trials;
    expect(stored).toHaveLength(16);
    const errors = tapped.map(({ position, answer, trueRtMs, isTarget }) => {
      const trial = stored.find((t) => `${t.phase}:${t.block}:${t.trialNumber}` === position);
      expect(trial, position).toMatchObject({
        inputModality: 'touch',
        response: answer,
        answer,
        isTarget,
        keyMapping: mapping,
        isCorrect: isTarget === null ? null : true,
      });
      return (trial?.reactionTime as number) - trueRtMs;
    });
    const summary = summarize(errors);
    expect(Math.abs(summary.medianMs)).toBeLessThanOrEqual(0.1);
    expect(summary.maxAbsMs).toBeLessThanOrEqual(1);
    const run = await page.request.get(`/api/results/${startedRun.id}`);
    const body = (await run.json()) as { run: { summary: { overallScore: number } } };
    expect(body.run.summary.overallScore).toBe(100);
  }, 180_000);
});
