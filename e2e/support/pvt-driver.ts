import * as pvt from '@cogni/domain/tasks/pvt';
import type { CDPSession, Page } from 'playwright-core';
import { encodePreviewConfig } from '../../apps/web/src/lib/preview';
import { ADMIN } from './accounts';
import { logInViaForm } from './browser';
import { ELEMENT_TIMING_RECORDER, startRunFromIntro, waitForPresentedAt } from './task-run';
import { pressKeyAt, touchPointAt, waitForPageTime } from './trusted-input';

/**
 * Counts the Element Timing entries of every element, and keeps the first one's time,
 * independently of the app: the counter rewrites its digits every frame, and the test checks
 * that its first paint is the only entry and the onset the app stored.
 */
export const ELEMENT_TIMING_COUNTER = `
  window.__entries = {};
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const seen = window.__entries[e.identifier];
      if (seen) seen.count += 1;
      else window.__entries[e.identifier] = { count: 1, first: e.presentationTime || e.renderTime };
    }
  }).observe({ type: 'element', buffered: true });
`;

/** A counter the page presented: its trial, its plan draw and its presentation time. */
export type ShownCounter = {
  kind: 'counter';
  identifier: string;
  phase: 'habituation' | 'test';
  trialNumber: number;
  draw: number;
  /** Its Element Timing presentation time (performance.now() time line of the page). */
  presentedAt: number;
};

/** What the stage shows next: a new counter, the timeout's message, or the end. */
export type NextOnPvtStage = ShownCounter | { kind: 'timeout' } | { kind: 'finished' };

/**
 * Logs in as the admin and opens the PVT page as an admin preview of `config` (ADR 028); runs
 * `beforeStart` on the instructions, then starts the run. Returns the run, its plan (the draws
 * the page will take, from the run's seed and settings) and a DevTools session for trusted input.
 */
export async function startPvtPreview(
  page: Page,
  config: Record<string, unknown>,
  beforeStart?: (page: Page) => Promise<void>,
): Promise<{ runId: string; plan: pvt.Plan; config: pvt.Config; cdp: CDPSession }> {
  await page.addInitScript(ELEMENT_TIMING_RECORDER);
  await page.addInitScript(ELEMENT_TIMING_COUNTER);
  await logInViaForm(page, ADMIN.email, ADMIN.password);
  await page.goto(`/cognitive-tests/pvt?preview=${encodePreviewConfig(config)}`);
  await page.getByRole('button', { name: 'Start Test' }).waitFor();
  await beforeStart?.(page);
  const { run, cdp } = await startRunFromIntro(page);
  if (!run.isPreview) throw new Error('the run is not a preview');
  // The server's answer is the whole run: its seed and settings give the plan.
  const started = run as typeof run & { seed: string; config: unknown };
  const runConfig = pvt.ConfigSchema.parse(started.config);
  return { runId: run.id, plan: pvt.plan(started.seed, runConfig), config: runConfig, cdp };
}

/**
 * Waits for a counter newer than `after` and its presentation time, or for the timeout's
 * message, or for the end.
 */
export async function waitForNextCounter(
  page: Page,
  after: string | null,
  timeoutMs = 40_000,
): Promise<NextOnPvtStage> {
  const handle = await page.waitForFunction(
    (previous) => {
      const shown = document.querySelector<HTMLElement>('[data-testid="pvt-stage"] > *');
      const id = shown?.getAttribute('elementtiming');
      if (shown?.classList.contains('pvt-counter') && id && id !== previous) {
        return {
          kind: 'counter',
          identifier: id,
          position: shown.dataset.position ?? '',
          draw: Number(shown.dataset.draw),
        };
      }
      if (shown?.classList.contains('pvt-timeout')) return { kind: 'timeout' };
      if (document.querySelector('.task-prompt')?.textContent?.includes('All trials done')) {
        return { kind: 'finished' };
      }
      return null;
    },
    after,
    { timeout: timeoutMs, polling: 'raf' },
  );
  const next = (await handle.jsonValue()) as
    | { kind: 'counter'; identifier: string; position: string; draw: number }
    | { kind: 'timeout' }
    | { kind: 'finished' };
  if (next.kind !== 'counter') return next;
  const [phase, , trialNumber] = next.position.split(':');
  if (phase !== 'habituation' && phase !== 'test') throw new Error(`bad position ${next.position}`);
  const presentedAt = await waitForPresentedAt(page, next.identifier);
  return {
    kind: 'counter',
    identifier: next.identifier,
    phase,
    trialNumber: Number(trialNumber),
    draw: next.draw,
    presentedAt,
  };
}

/** Every Element Timing entry count and first time the page saw, by identifier. */
export async function elementTimingEntries(
  page: Page,
): Promise<Record<string, { count: number; first: number }>> {
  return page.evaluate(
    () =>
      (window as unknown as { __entries: Record<string, { count: number; first: number }> })
        .__entries,
  );
}

/** A trusted Space press whose event timestamp is exactly `atMs` on the page's time line. */
export function pressSpaceAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  return pressKeyAt(page, cdp, { key: ' ', code: 'Space', keyCode: 32 }, atMs);
}

/**
 * A trusted touch on the dark stage (below its middle, clear of the reminder), its touchstart
 * stamped `atMs` on the page's time line; the app answers on the pointerdown it becomes.
 */
export async function touchStageAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  const box = await page.getByTestId('pvt-stage').boundingBox();
  if (!box) throw new Error('no stage');
  await touchPointAt(page, cdp, { x: box.x + box.width / 2, y: box.y + box.height * 0.6 }, atMs);
}

/** Where on the dark stage a finger rests, and where another taps: apart, clear of the reminder. */
async function stagePoints(page: Page) {
  const box = await page.getByTestId('pvt-stage').boundingBox();
  if (!box) throw new Error('no stage');
  const y = box.y + box.height * 0.6;
  return { rest: { x: box.x + box.width * 0.25, y }, tap: { x: box.x + box.width * 0.75, y } };
}

/**
 * A finger put down on the dark stage, its touchstart stamped `atMs`, and left there: from then
 * on it is the browser's primary pointer, and every other finger's pointerdown is not.
 */
export async function restFingerOnStageAt(
  page: Page,
  cdp: CDPSession,
  atMs: number,
): Promise<void> {
  const { rest } = await stagePoints(page);
  const timestamp = ((await waitForPageTime(page, atMs)) + atMs) / 1000;
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ ...rest, id: 1 }],
    timestamp,
  });
}

/**
 * While a finger rests on the stage (restFingerOnStageAt), a second finger's tap whose
 * touchstart is stamped `atMs`; then both fingers are lifted.
 */
export async function tapSecondFingerAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  const { rest, tap } = await stagePoints(page);
  const timestamp = ((await waitForPageTime(page, atMs)) + atMs) / 1000;
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [
      { ...rest, id: 1 },
      { ...tap, id: 2 },
    ],
    timestamp,
  });
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchEnd',
    touchPoints: [],
    timestamp: timestamp + 0.08,
  });
}

/** The page's clock now (performance.now()). */
export function pageNow(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}
