import type { Onset } from './onset';

/** How many recent presentation latencies the estimate is the median of. */
const LATENCY_HISTORY = 15;

/**
 * Ends a timed display (the 1400 ms cue, the feedback) in the frame that will be presented
 * closest to `durationMs` after the display was itself presented (timing.md rule 5).
 *
 * Counting from the timestamp of the frame that inserted the cue is not enough: that frame's
 * callback can run well after its timestamp (the first frame after a key press often does), so
 * measured from the timestamp the cue's latency varies by a frame or more, and the stimulus came
 * up to a frame early. So the end is counted from the cue's presentation time (Element Timing),
 * and the stimulus goes into the first frame in which `performance.now()` plus the usual
 * latency from insertion to presentation (the median of recent stimuli's) reaches the due time,
 * less half a frame. Only stimuli teach the latency: the first cue's first paint is slow, and a
 * stimulus is what the estimate is for. Before the first is known it is taken as 0, so the first
 * stimulus errs late by its own latency rather than early.
 */
export class FrameTimer {
  private readonly latenciesMs: number[] = [];
  private frameRequest = 0;

  constructor(private readonly frameIntervalMs: number) {}

  /** Learns how long after `insertedMs` (performance.now()) an inserted element was presented. */
  noteLatency(insertedMs: number, onset: Promise<Onset>): void {
    void onset.then(({ timeMs, method }) => {
      if (method !== 'element-timing') return;
      this.latenciesMs.push(timeMs - insertedMs);
      if (this.latenciesMs.length > LATENCY_HISTORY) this.latenciesMs.shift();
    });
  }

  /**
   * Calls `callback` in the first frame whose drawing is expected to be presented no earlier
   * than half a frame before `shown` + `durationMs`; `shownInsertedMs` is when the shown
   * element was inserted (performance.now()).
   */
  after(
    shownInsertedMs: number,
    shown: Promise<Onset>,
    durationMs: number,
    callback: () => void,
  ): void {
    let shownMs: number | null = null;
    void shown.then((onset) => {
      shownMs = onset.timeMs;
    });
    const tick = () => {
      const latencyMs = this.estimateLatencyMs();
      // Until the display's own presentation is known, assume it had the usual latency.
      const startMs = shownMs ?? shownInsertedMs + latencyMs;
      const dueMs = startMs + durationMs - this.frameIntervalMs / 2;
      if (performance.now() + latencyMs >= dueMs) callback();
      else this.frameRequest = requestAnimationFrame(tick);
    };
    this.frameRequest = requestAnimationFrame(tick);
  }

  cancel(): void {
    cancelAnimationFrame(this.frameRequest);
  }

  private estimateLatencyMs(): number {
    const sorted = [...this.latenciesMs].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }
}
