import type { AdminTrial } from '@cogni/domain';
import type * as pvt from '@cogni/domain/tasks/pvt';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { eventually } from './support/eventually';
import {
  ELEMENT_TIMING_COUNTER,
  restFingerOnStageAt,
  startPvtPreview,
  tapSecondFingerAt,
  touchStageAt,
  waitForNextCounter,
} from './support/pvt-driver';
import { screenshot } from './support/screenshot';
import { makeDelays, STAMPED_TIME_BOUND_MS, startTaskRun, summarize } from './support/task-run';

describe('PVT on a phone', () => {
  const browser = useBrowser();

  it("answers an admin's short preview by touching the stage, a false start and a resting finger included", async () => {
    // A short PVT-B through the admin preview (ADR 028): one practice counter, 30 s of test.
    const config = { variant: 'PVT-B', durationS: 30, habituationTrials: 1 };
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    const { runId, plan, cdp } = await startPvtPreview(page, config, async (intro) => {
      // A coarse pointer: touch is chosen, and the instructions speak of the screen.
      expect(await intro.getByRole('radio', { name: /Tap the screen/ }).isChecked()).toBe(true);
      await intro.getByText('tap the dark area of the screen as fast as you can').waitFor();
      await intro.getByText('The test lasts 30 seconds: stay').waitFor();
      expect(await intro.getByText('Space bar').count()).toBe(0);
      expect(await axeViolations(intro)).toEqual([]);
      // Chosen explicitly too (the choice is kept), so that the full-page screenshot, which
      // drops the touch emulation while it is taken, shows the page as the phone does.
      await intro.getByText('Keyboard', { exact: true }).click();
      await intro.getByText('Tap the screen', { exact: true }).click();
      await screenshot(intro, 'pvt-intro-390');
    });

    // The dark stage fills most of the screen, and no answer buttons stand below it.
    const stage = await page.getByTestId('pvt-stage').boundingBox();
    if (!stage) throw new Error('no stage');
    expect(stage.height).toBeGreaterThan(844 * 0.5);
    expect(await page.getByTestId('response-pad').count()).toBe(0);
    expect(await page.getByTestId('pvt-reminder').textContent()).toBe(
      'Tap the screen as soon as the counter appears',
    );

    const delays = makeDelays(3);
    const touched: { position: string; trueRtMs: number; falseStarts: number[] }[] = [];
    let previous: string | null = null;
    let pending: number[] = [];
    let isFingerResting = false;
    /** The counter after which the false start came; the next one's feedback gets the finger. */
    let falseStartAfter: number | null = null;
    for (;;) {
      const next = await waitForNextCounter(page, previous);
      if (next.kind === 'finished') break;
      if (next.kind === 'timeout') throw new Error('a counter timed out');
      previous = next.identifier;
      const trueRtMs = delays();
      if (touched.length === 1) await screenshot(page, 'pvt-counter-390');
      const responseMs = next.presentedAt + trueRtMs;
      if (isFingerResting) await tapSecondFingerAt(page, cdp, responseMs);
      else await touchStageAt(page, cdp, responseMs);
      isFingerResting = false;
      touched.push({
        position: `${next.phase}:${next.trialNumber}`,
        trueRtMs,
        falseStarts: pending,
      });
      pending = [];
      if (touched.length === 1) await screenshot(page, 'pvt-feedback-390');
      // The interval to the next counter, from this response (its 1 s of feedback in it): the
      // test's next draw (the test's first after the one practice counter).
      const nextIntervalMs = plan.test[next.phase === 'test' ? next.draw + 1 : 0] as number;
      if (falseStartAfter === null && nextIntervalMs - 1000 >= 400) {
        // A touch halfway through the blank wait before the next counter: too soon.
        falseStartAfter = touched.length - 1;
        const falseStartMs = responseMs + 1000 + (nextIntervalMs - 1000) / 2;
        await touchStageAt(page, cdp, falseStartMs);
        await page.locator('.pvt-too-soon').waitFor();
        await page.getByTestId('pvt-announcement').getByText('Too soon!').waitFor();
        await screenshot(page, 'pvt-too-soon-390');
        pending = [falseStartMs];
      } else if (falseStartAfter !== null && touched.length - 1 === falseStartAfter + 1) {
        // A finger comes to rest on the screen during the feedback (an extra press): the next
        // counter is stopped by another finger, which is not the primary pointer.
        await restFingerOnStageAt(page, cdp, responseMs + 300);
        isFingerResting = true;
      }
    }
    await page.getByRole('button', { name: 'View Results' }).click();
    await page.getByRole('heading', { name: 'Preview Complete' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'pvt-results-390');

    const res = await page.request.get(`/api/results/${runId}/trials`);
    const stored = ((await res.json()) as { trials: (AdminTrial & pvt.Trial)[] }).trials;
    expect(stored.map((t) => `${t.phase}:${t.trialNumber}`)).toEqual(
      touched.map((t) => t.position),
    );
    expect(stored[0]?.phase).toBe('habituation');
    expect(stored.length).toBeGreaterThanOrEqual(4);
    const errors = stored.map((trial, i) => {
      const expected = touched[i] as (typeof touched)[number];
      expect(trial, expected.position).toMatchObject({
        response: 'tap',
        inputModality: 'touch',
        nFalseStarts: expected.falseStarts.length,
        timing: { onsetMethod: 'element-timing' },
      });
      // The event's own timestamp, to the browser's 5 µs clock.
      trial.timing.falseStartsMs.forEach((ms, k) => {
        expect(Math.abs(ms - (expected.falseStarts[k] as number))).toBeLessThanOrEqual(
          STAMPED_TIME_BOUND_MS,
        );
      });
      return (trial.reactionTime as number) - expected.trueRtMs;
    });
    // The false start by touch restarted the trial after it; the resting finger was an extra
    // press in that one's feedback, and the next counter was stopped by the second finger.
    if (falseStartAfter === null) throw new Error('no room for a false start');
    const restarted = stored[falseStartAfter + 1];
    expect(restarted?.nFalseStarts).toBe(1);
    expect(restarted?.nExtraResponses).toBe(1);
    expect(stored[falseStartAfter + 2]).toMatchObject({ response: 'tap', nFalseStarts: 0 });
    const summary = summarize(errors);
    expect(Math.abs(summary.medianMs)).toBeLessThanOrEqual(0.1);
    expect(summary.maxAbsMs).toBeLessThanOrEqual(1);
  }, 180_000);

  it('goes on after a reload mid-test for the time the test had left, the first trial flagged', async () => {
    // A participant's own run (PVT-10; a preview is never resumed): the practice, two counters
    // of the test, then the page is reloaded.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isPhone: true });
    await page.addInitScript(ELEMENT_TIMING_COUNTER);
    const { runId, cdp } = await startTaskRun(page, { slug: 'pvt', emailPrefix: 'pvt-resume' });
    const answerCounters = async (count: number) => {
      let previous: string | null = null;
      for (let n = 0; n < count; n++) {
        const next = await waitForNextCounter(page, previous);
        if (next.kind !== 'counter') throw new Error(`expected a counter, saw ${next.kind}`);
        previous = next.identifier;
        await touchStageAt(page, cdp, next.presentedAt + 280);
      }
    };
    await answerCounters(7);
    const savedBefore = async () => {
      const res = await page.request.get(`/api/results/${runId}/trials`);
      return ((await res.json()) as { trials: (AdminTrial & pvt.Trial)[] }).trials;
    };
    // The seventh trial is sent when its feedback ends.
    let before: pvt.Trial[] = [];
    await eventually(async () => {
      before = await savedBefore();
      expect(before.map((t) => `${t.phase}:${t.trialNumber}`).at(-1)).toBe('test:1');
    }, 10_000);
    const last = before.at(-1) as pvt.Trial;
    await page.reload();
    await page.getByRole('button', { name: 'Start Test' }).click();
    // The runner finds the unfinished run and says where it goes on: the next interval would
    // have started at the last response.
    const leftMinutes = Math.round((600_000 - last.endElapsedMs) / 60_000);
    await page.getByText(`of the test remain`).waitFor();
    await page.getByRole('button', { name: 'Continue test' }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByTestId('block-intro').textContent()).toContain(
      `The test goes on where it stopped: about ${leftMinutes} minutes left.`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'pvt-resume-390');
    await page.getByRole('button', { name: 'Continue' }).click();
    const next = await waitForNextCounter(page, null);
    if (next.kind !== 'counter') throw new Error(`expected a counter, saw ${next.kind}`);
    expect([next.phase, next.trialNumber]).toEqual(['test', 2]);
    await touchStageAt(page, cdp, next.presentedAt + 300);
    let resumed: pvt.Trial | undefined;
    await eventually(async () => {
      resumed = (await savedBefore()).find((t) => t.phase === 'test' && t.trialNumber === 2);
      expect(resumed).toBeDefined();
    }, 10_000);
    expect(resumed).toMatchObject({
      resumed: true,
      rsiMs: null,
      planIndex: last.planIndex + last.nFalseStarts + 1,
    });
    // Time on task goes on from where it stopped, the reload's gap left out: its first interval
    // (2-10 s) from the Continue button.
    expect(resumed?.startElapsedMs).toBeCloseTo(last.endElapsedMs, 6);
    expect(resumed?.elapsedMs).toBeGreaterThan(last.endElapsedMs + 2000 - 1);
    expect(resumed?.elapsedMs).toBeLessThan(last.endElapsedMs + 12_000);
  }, 180_000);
});
