export type EventLoopDelay = { p50Ms: number; p99Ms: number; maxMs: number };

/** How often the loop is sampled, ms. */
const INTERVAL_MS = 10;

const round2 = (ms: number) => Math.round(ms * 100) / 100;
const at = (sorted: number[], q: number) =>
  sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;

/**
 * Samples how late this thread's event loop runs: a 10 ms interval timer notes how much later
 * than 10 ms after the previous tick each tick came. A stall delays every request the thread
 * serves or times at once, which shows in p99 long before the CPU is busy. (Node's
 * monitorEventLoopDelay under-reports a long block, so it is not used.) `take` returns the
 * figures since the last take and starts again.
 */
export function monitorEventLoop(): { take: () => EventLoopDelay } {
  let lateMs: number[] = [];
  let previous = performance.now();
  setInterval(() => {
    const now = performance.now();
    lateMs.push(Math.max(0, now - previous - INTERVAL_MS));
    previous = now;
  }, INTERVAL_MS).unref();
  return {
    take() {
      const sorted = lateMs.sort((a, b) => a - b);
      lateMs = [];
      return {
        p50Ms: round2(at(sorted, 0.5)),
        p99Ms: round2(at(sorted, 0.99)),
        maxMs: round2(sorted.at(-1) ?? 0),
      };
    },
  };
}
