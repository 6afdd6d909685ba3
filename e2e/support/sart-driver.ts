import type { CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startTaskRun, waitForNamedStimulus } from './task-run';
import { pressKeyAt, touchPadButtonAt } from './trusted-input';

/** A digit the page presented: where it stands in the run, and when it was presented. */
export type ShownDigit = {
  identifier: string;
  phase: 'practice' | 'test';
  block: number;
  trialNumber: number;
  /** The digit shown, as its element's data-digit says ('1'-'9'). */
  digit: string;
  /** Its Element Timing presentation time (performance.now() time line of the page). */
  presentedAt: number;
};

/** What the page shows next: a new digit, or a prompt (between blocks, at the end). */
export type NextOnStage = ({ kind: 'stimulus' } & ShownDigit) | { kind: 'prompt'; text: string };

/** How many digits and masks SART_STAGE_RECORDER measures (the first ones of the run). */
const MEASURED_ELEMENTS = 24;

/**
 * Records, independently of the app, what the SART's stage shows besides the digits: the
 * Element Timing identifier of each mask by its trial's position, and the text of every
 * practice feedback in order (the app draws both outside React). It also measures the first
 * digits' boxes and the first masks' drawings (their SVG) as laid out when inserted, with the
 * viewport then.
 */
export const SART_STAGE_RECORDER = `
  window.__sartMasks = {};
  window.__sartFeedback = [];
  window.__sartBoxes = [];
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        const isMask = node.classList.contains('sart-mask');
        if (isMask) {
          window.__sartMasks[node.dataset.position] = node.getAttribute('elementtiming');
        }
        if (node.classList.contains('task-feedback')) window.__sartFeedback.push(node.textContent);
        if ((isMask || node.classList.contains('sart-digit')) && window.__sartBoxes.length < ${MEASURED_ELEMENTS}) {
          const box = (isMask ? node.querySelector('svg') : node).getBoundingClientRect();
          window.__sartBoxes.push({
            kind: isMask ? 'mask' : 'digit',
            position: node.dataset.position,
            x: box.x, y: box.y, width: box.width, height: box.height,
            viewportWidth: window.innerWidth, viewportHeight: window.innerHeight,
          });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
`;

/** A digit's box or a mask's drawing as SART_STAGE_RECORDER measured it, in CSS px. */
type StageBox = {
  kind: 'digit' | 'mask';
  position: string;
  x: number;
  y: number;
  width: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
};

/** A mask's drawing against its digit, in CSS px. */
export type MaskGeometry = {
  position: string;
  /** maskHeight % of the reference height, min(viewport height, 1.6 x viewport width). */
  expectedPx: number;
  widthPx: number;
  heightPx: number;
  /** The drawing's centre minus its digit's box centre. */
  dx: number;
  dy: number;
};

/** Each measured mask's drawing (the first of the run) against its digit's box. */
async function maskGeometry(page: Page, maskHeightPercent: number): Promise<MaskGeometry[]> {
  const boxes = await page.evaluate(
    () => (window as unknown as { __sartBoxes: StageBox[] }).__sartBoxes,
  );
  const centre = (b: StageBox) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  return boxes.flatMap((mask) => {
    const digit = boxes.find((b) => b.kind === 'digit' && b.position === mask.position);
    if (mask.kind !== 'mask' || !digit) return [];
    const reference = Math.min(mask.viewportHeight, 1.6 * mask.viewportWidth);
    return [
      {
        position: mask.position,
        expectedPx: (maskHeightPercent / 100) * reference,
        widthPx: mask.width,
        heightPx: mask.height,
        dx: centre(mask).x - centre(digit).x,
        dy: centre(mask).y - centre(digit).y,
      },
    ];
  });
}

/**
 * Signs up a new user and starts a SART run (startTaskRun), recording the stage
 * (SART_STAGE_RECORDER); `beforeStart` runs on the intro page.
 */
export async function startSartRun(
  page: Page,
  emailPrefix: string,
  beforeStart?: (page: Page) => Promise<void>,
): Promise<{ runId: string; cdp: CDPSession }> {
  await page.addInitScript(SART_STAGE_RECORDER);
  return startTaskRun(page, { slug: 'sart', emailPrefix, beforeStart });
}

/** Waits for a digit newer than `after` (and its presentation time), or for a prompt. */
export function waitForNextDigit(
  page: Page,
  after: string | null,
  timeoutMs = 15_000,
): Promise<NextOnStage> {
  return waitForNamedStimulus(
    page,
    { selector: '[data-testid="sart-stage"] .sart-digit', dataKey: 'digit', name: 'digit' },
    after,
    timeoutMs,
  );
}

/**
 * Checks the first masks of the run as drawn: `maskHeightPercent` of the reference height high
 * and wide (within a pixel), centred on the box of the digit before (within 3 px). Returns how
 * many masks were checked.
 */
export async function expectMasksSizedAndCentred(
  page: Page,
  maskHeightPercent: number,
): Promise<number> {
  const geometry = await maskGeometry(page, maskHeightPercent);
  for (const g of geometry) {
    expect(Math.abs(g.heightPx - g.expectedPx), `${g.position} height`).toBeLessThanOrEqual(1);
    expect(Math.abs(g.widthPx - g.expectedPx), `${g.position} width`).toBeLessThanOrEqual(1);
    expect(Math.abs(g.dx), `${g.position} centre x`).toBeLessThanOrEqual(3);
    expect(Math.abs(g.dy), `${g.position} centre y`).toBeLessThanOrEqual(3);
  }
  return geometry.length;
}

/** The Element Timing presentation time of each trial's mask, by position 'phase:block:trial'. */
export function maskPresentations(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => {
    const w = window as unknown as {
      __sartMasks: Record<string, string>;
      __presented: Record<string, number>;
    };
    return Object.fromEntries(
      Object.entries(w.__sartMasks).map(([position, id]) => [position, w.__presented[id] ?? -1]),
    );
  });
}

/** Every practice feedback text the stage showed, in order. */
export function feedbackShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __sartFeedback: string[] }).__sartFeedback);
}

/** A trusted Space press whose event timestamp is exactly `atMs` on the page's time line. */
export function pressSpaceAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  return pressKeyAt(page, cdp, { key: ' ', code: 'Space', keyCode: 32 }, atMs);
}

/** A trusted touch on the on-screen Tap button, its touchstart stamped `atMs` (page time). */
export function tapAt(page: Page, cdp: CDPSession, atMs: number): Promise<void> {
  return touchPadButtonAt(page, cdp, 'tap', atMs);
}
