/** How a presentation time was obtained (rule 2 in docs/timing-rules.md). */
export type OnsetMethod = 'element-timing' | 'animation-frame';
export type Onset = { timeMs: number; method: OnsetMethod };

type ElementTimingEntry = PerformanceEntry & {
  identifier: string;
  renderTime: number;
  presentationTime?: number;
};

/** If Element Timing has not reported within this long, the frame timestamp stands, in ms. */
const ELEMENT_TIMING_WAIT_MS = 1000;

export function supportsElementTiming(): boolean {
  return (
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes.includes('element')
  );
}

/**
 * Reports when elements were actually presented. Chromium's Element Timing gives the
 * presentation time of an element's first paint, so every cue and stimulus is a new element with
 * a unique `elementtiming` identifier. Where Element Timing is missing, the timestamp of the
 * first animation frame after the DOM change stands in, and the onset is marked approximate.
 */
export class OnsetTracker {
  private readonly waiting = new Map<string, (timeMs: number) => void>();
  private readonly observer: PerformanceObserver | null;

  constructor() {
    this.observer = supportsElementTiming()
      ? new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as ElementTimingEntry[]) {
            const time = entry.presentationTime || entry.renderTime;
            if (time > 0) this.waiting.get(entry.identifier)?.(time);
          }
        })
      : null;
    this.observer?.observe({ type: 'element', buffered: false });
  }

  /**
   * Call right after inserting `element` (with its `elementtiming` attribute set to
   * `identifier`) in an animation frame; resolves with its presentation time.
   */
  track(identifier: string): Promise<Onset> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (onset: Onset) => {
        if (settled) return;
        settled = true;
        this.waiting.delete(identifier);
        resolve(onset);
      };
      this.waiting.set(identifier, (timeMs) => settle({ timeMs, method: 'element-timing' }));
      requestAnimationFrame((frameMs) => {
        const fallback = { timeMs: frameMs, method: 'animation-frame' as const };
        if (!this.observer) settle(fallback);
        else setTimeout(() => settle(fallback), ELEMENT_TIMING_WAIT_MS);
      });
    });
  }

  dispose(): void {
    this.observer?.disconnect();
    this.waiting.clear();
  }
}

/** The median interval between animation frames over `frames` frames, in ms. */
export function estimateFrameIntervalMs(frames = 20): Promise<number | null> {
  return new Promise((resolve) => {
    const stamps: number[] = [];
    const giveUp = setTimeout(() => resolve(null), 2000);
    const tick = (t: number) => {
      stamps.push(t);
      if (stamps.length <= frames) {
        requestAnimationFrame(tick);
        return;
      }
      clearTimeout(giveUp);
      const intervals = stamps.slice(1).map((s, i) => s - (stamps[i] ?? s));
      intervals.sort((a, b) => a - b);
      resolve(intervals[Math.floor(intervals.length / 2)] ?? null);
    };
    requestAnimationFrame(tick);
  });
}
