import type { Onset } from './onset';

/** How many recent presentation latencies the estimate is the median of. */
const LATENCY_HISTORY = 15;

/**
 * Browsers round a timer's delay down to whole milliseconds and fire it up to a millisecond
 * late, so the timer is set to wake this much early and the rest is waited out on the clock:
 * at most 2.5 ms of the main thread once per display, in exchange for a stimulus inserted
 * within a few microseconds of when it should be.
 */
const WAKE_EARLY_MS = 1.5;

/**
 * Ends a timed display (the 1400 ms cue, the feedback) so that what replaces it is presented
 * `durationMs` after the display itself was presented (timing.md rule 5; ADR 014).
 *
 * The end is counted from the display's presentation time (Element Timing), not from when its
 * code ran: the frame that inserted the cue can run well after its timestamp (the first frame
 * after a key press often does), and then a cue counted from its insertion comes up short. The
 * next element is inserted `latency` before the due time, where `latency` is the median of
 * recent stimuli's delays from insertion to presentation, so that it is presented on time.
 *
 * It is inserted from a timer at that instant rather than from the nearest animation frame.
 * On a fixed-refresh display both land in the frame nearest the due time (the latency then
 * includes the wait for the frame). On a display that presents when there is something new,
 * as variable-refresh displays and headless Chromium do, frames have no fixed grid: a timer
 * lands within a fraction of a millisecond, where a loop of animation frames puts the
 * stimulus on its own 16.7 ms grid, unrelated to the cue's, and errs by up to half a frame.
 *
 * Only stimuli teach the latency: the first cue's first paint is slow, and a stimulus is what
 * the estimate is for. Before the first is known it is taken as 0, so the first stimulus errs
 * late by its own latency rather than early.
 *
 * A display never ends before its own presentation time is known: a page that stalls between
 * inserting the cue and painting it (or is hidden then) would otherwise show the stimulus right
 * after a cue that came up late, and the server refuses a stimulus shown well before the cue's
 * duration was up. The wait then ends `durationMs` after the presentation, late rather than short.
 */
export class FrameTimer {
  private readonly latenciesMs: number[] = [];
  private timeout: ReturnType<typeof setTimeout> | undefined;
  /** Bumped by every `after` and `cancel`, so a superseded wait never fires. */
  private generation = 0;

  /** Learns how long after `insertedMs` (performance.now()) an inserted element was presented. */
  noteLatency(insertedMs: number, onset: Promise<Onset>): void {
    void onset.then(({ timeMs, method }) => {
      if (method !== 'element-timing') return;
      this.latenciesMs.push(timeMs - insertedMs);
      if (this.latenciesMs.length > LATENCY_HISTORY) this.latenciesMs.shift();
    });
  }

  /**
   * Calls `callback` when an element inserted then is expected to be presented `durationMs`
   * after `shown`; `shownInsertedMs` is when the shown element was inserted
   * (performance.now()), the estimate used until its presentation time is known.
   */
  after(
    shownInsertedMs: number,
    shown: Promise<Onset>,
    durationMs: number,
    callback: () => void,
  ): void {
    this.cancel();
    const generation = this.generation;
    let shownMs: number | null = null;
    const schedule = () => {
      if (generation !== this.generation) return;
      clearTimeout(this.timeout);
      const latencyMs = this.estimateLatencyMs();
      // Until the display's own presentation is known, assume it had the usual latency.
      const startMs = shownMs ?? shownInsertedMs + latencyMs;
      const insertAtMs = startMs + durationMs - latencyMs;
      const waitMs = insertAtMs - performance.now();
      // A timer of 0 ms would fire at once, and a chain of them is clamped to 4 ms by the
      // fifth; so the last 2.5 ms at most are waited out on the clock.
      const timerMs = Math.floor(waitMs - WAKE_EARLY_MS);
      if (timerMs >= 1) {
        this.timeout = setTimeout(schedule, timerMs);
        return;
      }
      // Due by the estimate, but the display's presentation is not known yet: `shown` plans
      // the wait again when it is.
      if (shownMs === null) return;
      while (performance.now() < insertAtMs) {
        // Wait out the last stretch, which no timer can time.
      }
      this.generation += 1;
      callback();
    };
    void shown.then((onset) => {
      shownMs = onset.timeMs;
      schedule();
    });
    schedule();
  }

  cancel(): void {
    this.generation += 1;
    clearTimeout(this.timeout);
  }

  private estimateLatencyMs(): number {
    const sorted = [...this.latenciesMs].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }
}
