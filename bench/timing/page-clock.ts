import type { Page } from 'playwright-core';

/** Epoch milliseconds on this process's high-resolution clock. */
const nodeEpochMs = () => performance.timeOrigin + performance.now();

/**
 * Maps the page's performance.now() time line onto this process's clock, so a key press can be
 * sent right when its timestamp comes due: a press sent late would make a system that reads the
 * clock in its handler (jsPsych) look worse than it is. The offset comes from the fastest of a
 * few round trips, NTP style.
 */
export async function syncPageClock(page: Page, rounds = 15) {
  let best = { rttMs: Number.POSITIVE_INFINITY, offsetMs: 0 };
  for (let i = 0; i < rounds; i++) {
    const sentMs = nodeEpochMs();
    const pageMs = await page.evaluate(() => performance.timeOrigin + performance.now());
    const receivedMs = nodeEpochMs();
    const rttMs = receivedMs - sentMs;
    if (rttMs < best.rttMs) best = { rttMs, offsetMs: pageMs - (sentMs + receivedMs) / 2 };
  }
  const pageTimeOriginMs = await page.evaluate(() => performance.timeOrigin);
  return {
    pageTimeOriginMs,
    /** Resolves once the page's performance.now() has passed `pageMs`; spins the last 2 ms. */
    waitUntil: async (pageMs: number): Promise<void> => {
      const dueMs = pageTimeOriginMs + pageMs - best.offsetMs;
      const coarseMs = dueMs - nodeEpochMs() - 2;
      if (coarseMs > 0) await new Promise((resolve) => setTimeout(resolve, coarseMs));
      while (nodeEpochMs() < dueMs) {
        // spin: setTimeout alone wakes up to a millisecond or more late
      }
    },
  };
}
