import type { CDPSession, Page } from 'playwright-core';

/** The benchmark's three conditions: nothing else running, a janky main thread, a slow CPU. */
export const CONDITIONS = ['idle', 'jank', 'throttled'] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * 20 ms of busy work every 50 ms on the page's main thread: what a heavy framework render or a
 * garbage collection does to a page, so handler-time clocks run late while event timestamps
 * do not.
 */
const JANK = `setInterval(() => {
  const end = performance.now() + 20;
  while (performance.now() < end) {}
}, 50);`;

/** Puts the page in `condition` before its run starts. */
export async function applyCondition(
  page: Page,
  cdp: CDPSession,
  condition: Condition,
): Promise<void> {
  if (condition === 'jank') await page.evaluate(JANK);
  if (condition === 'throttled') await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
