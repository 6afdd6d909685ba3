import type { CDPSession, Page } from 'playwright-core';

/** Sleeps until the page's clock reaches `atMs` (performance.now() time line); returns its origin. */
export async function waitForPageTime(page: Page, atMs: number): Promise<number> {
  const { timeOrigin, now } = await page.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    now: performance.now(),
  }));
  if (atMs > now) await new Promise((resolve) => setTimeout(resolve, atMs - now));
  return timeOrigin;
}

/** A key as DevTools dispatches it: the character, the physical key, its virtual key code. */
export type TrustedKey = { key: string; code: string; keyCode: number };

/**
 * A trusted key press (DevTools Input.dispatchKeyEvent, as a real keyboard's) whose event
 * timestamp is exactly `atMs` on the page's time line: sent once the page's clock has reached it.
 */
export async function pressKeyAt(
  page: Page,
  cdp: CDPSession,
  { key, code, keyCode }: TrustedKey,
  atMs: number,
): Promise<void> {
  const timeOrigin = await waitForPageTime(page, atMs);
  const base = {
    key,
    code,
    windowsVirtualKeyCode: keyCode,
    nativeVirtualKeyCode: keyCode,
    timestamp: (timeOrigin + atMs) / 1000,
  };
  await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyDown', text: key });
  await cdp.send('Input.dispatchKeyEvent', { ...base, type: 'keyUp' });
}

/**
 * A trusted touch (DevTools Input.dispatchTouchEvent, as a finger's) on the centre of the
 * response pad's button answering `response`, its touchstart stamped `atMs` on the page's time
 * line; the app answers on the pointerdown it becomes.
 */
export async function touchPadButtonAt(
  page: Page,
  cdp: CDPSession,
  response: string,
  atMs: number,
): Promise<void> {
  const box = await page
    .locator(`[data-testid="response-pad"] [data-response="${response}"]`)
    .boundingBox();
  if (!box) throw new Error(`no on-screen button answering ${response}`);
  await touchPointAt(page, cdp, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, atMs);
}

/**
 * A trusted touch (DevTools Input.dispatchTouchEvent, as a finger's) at `point` (CSS px of the
 * viewport), its touchstart stamped `atMs` on the page's time line.
 */
export async function touchPointAt(
  page: Page,
  cdp: CDPSession,
  point: { x: number; y: number },
  atMs: number,
): Promise<void> {
  const timestamp = ((await waitForPageTime(page, atMs)) + atMs) / 1000;
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
