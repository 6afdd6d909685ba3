import type { GoNoGoStimulusId } from '@cogni/domain';
import type { CDPSession, Page } from 'playwright-core';
import { uniqueEmail } from './accounts';
import { logInViaForm, registerViaApi } from './browser';
import { ELEMENT_TIMING_RECORDER } from './stroop-driver';

export type GoNoGoPhase = 'practice' | 'test';

/** A stimulus the page presented: where it stands in the run, and when it was presented. */
export type ShownStimulus = {
  identifier: string;
  phase: GoNoGoPhase;
  block: number;
  trialNumber: number;
  stimulusId: GoNoGoStimulusId;
  /** Its Element Timing presentation time (performance.now() time line of the page). */
  presentedAt: number;
};

/** What the page shows next: a new stimulus, or a prompt (between blocks, at the end). */
export type NextOnStage = ({ kind: 'stimulus' } & ShownStimulus) | { kind: 'prompt'; text: string };

/**
 * Signs up a new user, opens Go/No-Go, starts the test and presses 'Ready ... Set ... Go!';
 * returns the new run's id and a DevTools session for trusted input. `beforeStart` runs on the
 * intro page (to look at it, or choose the response mode).
 */
export async function startGoNoGoRun(
  page: Page,
  emailPrefix: string,
  beforeStart: (page: Page) => Promise<void> = async () => {},
): Promise<{ runId: string; cdp: CDPSession }> {
  await page.addInitScript(ELEMENT_TIMING_RECORDER);
  const email = uniqueEmail(emailPrefix);
  await registerViaApi(page, email);
  await logInViaForm(page, email);
  await page.goto('/cognitive-tests/go-no-go');
  await page.getByRole('button', { name: 'Start Test' }).waitFor();
  await beforeStart(page);
  await page.getByRole('button', { name: 'Start Test' }).click();
  const started = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/results' && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Ready ... Set ... Go!' }).click();
  const runId: string = (await (await started).json()).run.id;
  return { runId, cdp: await page.context().newCDPSession(page) };
}

/** Waits for a stimulus newer than `after` (and its presentation time), or for a prompt. */
export async function waitForNext(
  page: Page,
  after: string | null,
  timeoutMs = 15_000,
): Promise<NextOnStage> {
  const handle = await page.waitForFunction(
    (previous) => {
      const el = document.querySelector<HTMLElement>('[data-testid="gng-stage"] .gng-stimulus');
      const id = el?.getAttribute('elementtiming');
      if (el && id && id !== previous) {
        return {
          kind: 'stimulus',
          identifier: id,
          position: el.dataset.position ?? '',
          stimulusId: el.dataset.stimulus ?? '',
        };
      }
      const prompt = document.querySelector('.gng-prompt');
      if (prompt) return { kind: 'prompt', text: prompt.textContent ?? '' };
      return null;
    },
    after,
    { timeout: timeoutMs, polling: 'raf' },
  );
  const next = (await handle.jsonValue()) as
    | { kind: 'stimulus'; identifier: string; position: string; stimulusId: GoNoGoStimulusId }
    | { kind: 'prompt'; text: string };
  if (next.kind === 'prompt') return next;
  const [phase, block, trialNumber] = next.position.split(':');
  if (phase !== 'practice' && phase !== 'test') throw new Error(`bad position ${next.position}`);
  const presentedAt = (await (
    await page.waitForFunction(
      (id) => (window as unknown as { __presented: Record<string, number> }).__presented[id],
      next.identifier,
      { timeout: 5000, polling: 'raf' },
    )
  ).jsonValue()) as number;
  return {
    kind: 'stimulus',
    identifier: next.identifier,
    phase,
    block: Number(block),
    trialNumber: Number(trialNumber),
    stimulusId: next.stimulusId,
    presentedAt,
  };
}

/** Every Element Timing presentation time the page saw, by identifier. */
export async function presentationTimes(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () => (window as unknown as { __presented: Record<string, number> }).__presented,
  );
}

/** Sleeps until the page's clock reaches `atMs` (performance.now() time line); returns it. */
async function waitForPageTime(page: Page, atMs: number): Promise<number> {
  const { timeOrigin, now } = await page.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    now: performance.now(),
  }));
  if (atMs > now) await new Promise((resolve) => setTimeout(resolve, atMs - now));
  return timeOrigin;
}

/**
 * A trusted Space press (DevTools Input.dispatchKeyEvent) whose event timestamp is exactly
 * `atMs` on the page's time line: sent once the page's clock has reached it.
 */
export async function pressSpaceAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  const timeOrigin = await waitForPageTime(page, atMs);
  const base = {
    key: ' ',
    code: 'Space',
    windowsVirtualKeyCode: 32,
    nativeVirtualKeyCode: 32,
    timestamp: (timeOrigin + atMs) / 1000,
  };
  await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyDown', text: ' ' });
  await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
}

/** A trusted touch on the on-screen Tap button, its touchstart stamped `atMs` (page time). */
export async function tapAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  const box = await page
    .locator('[data-testid="response-pad"] [data-response="tap"]')
    .boundingBox();
  if (!box) throw new Error('no Tap button');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const timeOrigin = await waitForPageTime(page, atMs);
  const timestamp = (timeOrigin + atMs) / 1000;
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ ...point, id: 1 }],
    timestamp,
  });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchEnd',
    touchPoints: [],
    timestamp: timestamp + 0.08,
  });
}
