import type { AdminTrial } from '@cogni/domain';
import { describe, expect, it } from 'vitest';
import { encodePreviewConfig } from '../apps/web/src/lib/preview';
import { ADMIN } from './support/accounts';
import { axeViolations } from './support/axe';
import { logInViaForm, useBrowser } from './support/browser';
import { continuePast, DIGIT_SPAN_RECORDER, waitForNextInRun } from './support/digit-span-driver';
import { screenshot } from './support/screenshot';
import {
  ELEMENT_TIMING_RECORDER,
  makeDelays,
  startRunFromIntro,
  summarize,
} from './support/task-run';
import { touchPadButtonAt } from './support/trusted-input';

const position = (t: { phase: string; block: number; trialNumber: number }) =>
  `${t.phase}:${t.block}:${t.trialNumber}`;

describe('Digit Span on a phone', () => {
  const browser = useBrowser();

  it("answers an admin's short preview run on the on-screen keypad from start to results", async () => {
    // A short version through the admin preview: one practice list a direction, forward lists of
    // 3 digits only, backward lists of 2 and 3, and feedback after test lists too.
    const config = {
      forwardMaxLength: 3,
      backwardMaxLength: 3,
      practiceMaxTries: 1,
      testFeedback: true,
    };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_RECORDER);
    await page.addInitScript(DIGIT_SPAN_RECORDER);
    await logInViaForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/cognitive-tests/digit-span?preview=${encodePreviewConfig(config)}`);
    // A coarse pointer: the keypad is chosen, and the instructions speak of it.
    expect(await page.getByRole('radio', { name: /On-screen buttons/ }).isChecked()).toBe(true);
    await page.getByText('tap them on the keypad and tap Submit').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByText('Keyboard', { exact: true }).click();
    await page.getByText('On-screen buttons').click();
    await screenshot(page, 'digit-span-intro-390');
    const { run, cdp } = await startRunFromIntro(page);
    expect(run.isPreview).toBe(true);
    // A digit as the phone shows it (the first list's; it is answered from the recorder).
    await page.locator('[data-testid="ds-stage"] .ds-digit').first().waitFor();
    await screenshot(page, 'digit-span-digit-390');

    // The keypad in phone order, in the bottom half, each key at least 4rem (64 CSS px) tall: a
    // phone's CSS px is about 0.16 mm, so that is about 10 mm.
    const box = async (response: string) => {
      const found = await page
        .locator(`[data-testid="response-pad"] [data-response="${response}"]`)
        .boundingBox();
      if (!found) throw new Error(`no key ${response}`);
      return found;
    };
    const one = await box('1');
    const three = await box('3');
    const four = await box('4');
    const seven = await box('7');
    const del = await box('backspace');
    const submit = await box('submit');
    expect(Math.abs(one.y - three.y)).toBeLessThan(1);
    expect(three.x).toBeGreaterThan(one.x);
    expect(four.y).toBeGreaterThan(one.y);
    expect(seven.y).toBeGreaterThan(four.y);
    expect(del.y).toBeGreaterThan(seven.y);
    expect(Math.abs(submit.y - del.y)).toBeLessThan(1);
    expect(await page.locator('[data-response="0"]').count()).toBe(0);
    for (const key of [one, del, submit]) expect(key.height).toBeGreaterThanOrEqual(64);
    // The page leaves the keypad room: its bottom is reachable above it.
    const padTop = (await page.getByTestId('response-pad').boundingBox())?.y ?? 0;
    const bottomPadding = await page
      .locator('.ds-run')
      .evaluate((run) => Number.parseFloat(getComputedStyle(run).paddingBottom));
    expect(bottomPadding).toBeGreaterThanOrEqual(844 - padTop);
    expect(one.y).toBeGreaterThan(844 / 2);

    const delays = makeDelays(3);
    const typed: { position: string; entered: string; firstMs: number; submitMs: number }[] = [];
    const feedback: string[] = [];
    let previous: string | null = null;
    let lists = 0;
    for (;;) {
      const next = await waitForNextInRun(page, previous);
      if (next.kind === 'finished') break;
      if (next.kind !== 'list') {
        if (next.kind === 'feedback') feedback.push(next.text);
        if (feedback.length === 1 && next.kind === 'feedback')
          await screenshot(page, 'digit-span-feedback-390');
        if (next.kind === 'intro' && next.text.includes('reverse'))
          await screenshot(page, 'digit-span-backward-intro-390');
        await continuePast(page);
        continue;
      }
      previous = next.padId;
      lists += 1;
      const expected = next.block === 0 ? next.digits : [...next.digits].reverse();
      // Every list right except the second backward list of 3 digits (place 3, test number 3 x 3:
      // each place has room for two new lists after interruptions), answered in forward order.
      const wrong = next.phase === 'test' && next.block === 1 && next.trialNumber === 9;
      const answer = wrong ? next.digits : expected;
      if (lists === 1) await screenshot(page, 'digit-span-answer-390');
      let afterMs = 500 + delays();
      const firstMs = afterMs;
      // The first list's first digit is tapped wrongly and deleted.
      const taps = lists === 1 ? [String(answer[0] === 9 ? 8 : 9), 'backspace'] : [];
      for (const tap of [...taps, ...answer.map(String), 'submit']) {
        await touchPadButtonAt(page, cdp, tap, next.padOnset + afterMs);
        if (tap !== 'submit') afterMs += delays();
      }
      if (lists === 2) await screenshot(page, 'digit-span-entered-390');
      typed.push({
        position: position(next),
        entered: answer.join('-'),
        firstMs,
        submitMs: afterMs,
      });
    }
    expect(lists).toBe(8);
    expect(feedback).toHaveLength(8);
    expect(feedback.filter((text) => text.includes('Not quite'))).toHaveLength(1);

    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'digit-span-preview-results-390');

    const res = await page.request.get(`/api/results/${run.id}/trials`);
    const stored = ((await res.json()) as { trials: (AdminTrial & Record<string, unknown>)[] })
      .trials;
    expect(stored).toHaveLength(8);
    const errors = typed.map((t) => {
      const trial = stored.find((s) => position(s) === t.position);
      expect(trial, t.position).toMatchObject({
        inputModality: 'touch',
        response: 'submit',
        entered: t.entered,
        timedOut: false,
      });
      expect(Math.abs((trial?.firstKeyRt as number) - t.firstMs)).toBeLessThanOrEqual(1);
      return (trial?.reactionTime as number) - t.submitMs;
    });
    const summary = summarize(errors);
    expect(Math.abs(summary.medianMs)).toBeLessThanOrEqual(0.1);
    expect(summary.maxAbsMs).toBeLessThanOrEqual(1);
    expect(stored.find((s) => position(s) === 'test:0:0')).toMatchObject({ nBackspaces: 0 });
    expect(stored.find((s) => position(s) === 'practice:0:0')).toMatchObject({
      nBackspaces: 1,
      isCorrect: true,
    });
    // Forward recalled up to the maximum (3), backward: 2, then one of two lists of 3.
    const result = await (await page.request.get(`/api/results/${run.id}`)).json();
    expect(result.run.summary.scores).toMatchObject({
      forward: { longestSpan: 3, reachedMaxLength: true, totalCorrect: 2 },
      backward: { longestSpan: 3, totalCorrect: 3 },
    });
  }, 180_000);
});
