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
 * Reads of an unchanged clock after which the wait ends: a page clock that does not move (a
 * test's frozen clock) would never reach the due time. A moving clock, even one coarsened to
 * 100 µs, changes within a few thousand reads.
 */
const MAX_STILL_CLOCK_READS = 100_000;

/** Waits out the last stretch before `untilMs` (performance.now()), which no timer can time. */
function waitOutOnClock(untilMs: number): void {
  let last = performance.now();
  let stillReads = 0;
  while (last < untilMs) {
    const now = performance.now();
    if (now !== last) {
      last = now;
      stillReads = 0;
    } else if (++stillReads > MAX_STILL_CLOCK_READS) {
      return;
    }
  }
}

/**
 * Ends a timed display (the 1400 ms cue, the feedback) so that what replaces it is presented
 * `durationMs` after the display itself was presented (rule 5 in docs/timing-rules.md), counted
 * from its Element Timing presentation rather than from when its code ran. The next element is
 * inserted from a timer `latency` before the due time: the median of recent stimuli's delays
 * from insertion to presentation (0 until one is known, so the first errs late, not early). A
 * timer rather than an animation frame, because a display without a fixed refresh would put the
 * stimulus on a frame grid of its own, unrelated to the cue's (ADR 014). A display never ends
 * before its own presentation is known: after a stall the wait ends late rather than short, as
 * the server refuses a stimulus shown well before the cue's duration was up.
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
      waitOutOnClock(insertAtMs);
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

  /**
   * Calls `callback` when an element inserted then is expected to be presented at `dueMs` (a
   * display's known presentation plus its duration), each call on its own; returns a function
   * that calls it off.
   */
  at(dueMs: number, callback: () => void): () => void {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    let isCalledOff = false;
    const schedule = () => {
      if (isCalledOff) return;
      const insertAtMs = dueMs - this.estimateLatencyMs();
      const timerMs = Math.floor(insertAtMs - performance.now() - WAKE_EARLY_MS);
      if (timerMs >= 1) {
        timeout = setTimeout(schedule, timerMs);
        return;
      }
      waitOutOnClock(insertAtMs);
      isCalledOff = true;
      callback();
    };
    schedule();
    return () => {
      isCalledOff = true;
      clearTimeout(timeout);
    };
  }

  private estimateLatencyMs(): number {
    const sorted = [...this.latenciesMs].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }
}
