import type { Onset } from './onset';

/** The clocks a FrameScheduler reads: the page's, or a test's fake ones. */
export type SchedulerClock = {
  now: () => number;
  requestFrame: (callback: (frameMs: number) => void) => number;
  cancelFrame: (handle: number) => void;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
};

const pageClock: SchedulerClock = {
  now: () => performance.now(),
  requestFrame: (callback) => requestAnimationFrame(callback),
  cancelFrame: (handle) => cancelAnimationFrame(handle),
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Draws something (straight into the DOM) and returns its presentation time, or null when
 * there is nothing to measure.
 */
export type Draw = () => Promise<Onset> | null;

/** How many recent presentation latencies and frame intervals the estimates are medians of. */
const LATENCY_HISTORY = 15;
const FRAME_HISTORY = 30;
/** 60 Hz, until the page's own frames say otherwise. */
const DEFAULT_FRAME_INTERVAL_MS = 1000 / 60;
/** The one timer of a presentation wakes it this many frames before its frame is due. */
const WAKE_FRAMES_EARLY = 3;

const median = (values: readonly number[]): number | null => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
};

type Job = { cancelled: boolean; timer: unknown; frame: number | null };

/**
 * Presents things on an absolute time line (rule 9 in docs/timing-rules.md: onset k = onset 0 + the
 * sum of the periods before it, which the task's engine computes): `at(dueMs, draw)` calls `draw`
 * in the animation frame whose presentation is predicted nearest `dueMs`. Each presentation is
 * aimed at its own due time, never at "the previous one plus a duration", so lateness of one never
 * moves the next: the schedule cannot drift.
 *
 * The prediction is FrameTimer's: inserting in this frame presents at about now + `latency`, the
 * median of recent presentations' delays from insertion (Element Timing; 0 until one is known, so
 * the first presentations err late, not early). This frame is taken when that is at least half a
 * frame before the due time. A presentation sleeps on one timer until a few frames before its due
 * time, then checks every animation frame; a hidden page draws at the first frame after it is
 * shown again.
 */
export class FrameScheduler {
  private readonly latenciesMs: number[] = [];
  private readonly frameIntervalsMs: number[] = [];
  private readonly jobs = new Set<Job>();
  private readonly clock: SchedulerClock;
  private readonly initialFrameIntervalMs: number;

  constructor(options: { frameIntervalMs?: number | null; clock?: SchedulerClock } = {}) {
    this.clock = options.clock ?? pageClock;
    this.initialFrameIntervalMs = options.frameIntervalMs ?? DEFAULT_FRAME_INTERVAL_MS;
  }

  /**
   * Calls `draw` in the animation frame whose presentation is predicted nearest `dueMs` (on the
   * performance.now() time line), or in the next frame if that time has passed. Learns the
   * latency from what `draw` returns. Returns a function that cancels the presentation.
   */
  at(dueMs: number, draw: Draw): () => void {
    const { clock } = this;
    const job: Job = { cancelled: false, timer: undefined, frame: null };
    this.jobs.add(job);
    let lastFrameMs: number | null = null;

    const onFrame = (frameMs: number) => {
      job.frame = null;
      if (job.cancelled) return;
      if (lastFrameMs !== null) this.noteFrameInterval(frameMs - lastFrameMs);
      lastFrameMs = frameMs;
      const presentedMs = clock.now() + this.latencyMs();
      if (presentedMs + this.frameIntervalMs() / 2 < dueMs) {
        // The next frame's presentation is nearer the due time.
        job.frame = clock.requestFrame(onFrame);
        return;
      }
      this.jobs.delete(job);
      const insertedMs = clock.now();
      const onset = draw();
      if (onset) void onset.then((presented) => this.noteLatency(presented, insertedMs));
    };

    const wake = () => {
      job.timer = undefined;
      if (job.cancelled) return;
      const wakeAtMs =
        dueMs - this.latencyMs() - (WAKE_FRAMES_EARLY + 0.5) * this.frameIntervalMs();
      const waitMs = Math.floor(wakeAtMs - clock.now());
      if (waitMs >= 1) {
        // Aimed at the due time itself: a timer that fired early is aimed at it again.
        job.timer = clock.setTimer(wake, waitMs);
        return;
      }
      job.frame = clock.requestFrame(onFrame);
    };
    wake();
    return () => this.cancel(job);
  }

  /** The predicted delay from inserting an element to its presentation, ms. */
  latencyMs(): number {
    return median(this.latenciesMs) ?? 0;
  }

  /** The median interval between animation frames, ms. */
  frameIntervalMs(): number {
    return median(this.frameIntervalsMs) ?? this.initialFrameIntervalMs;
  }

  /** Cancels every presentation not drawn yet. */
  cancelAll(): void {
    for (const job of [...this.jobs]) this.cancel(job);
  }

  private cancel(job: Job): void {
    job.cancelled = true;
    this.jobs.delete(job);
    if (job.timer !== undefined) this.clock.clearTimer(job.timer);
    if (job.frame !== null) this.clock.cancelFrame(job.frame);
    job.timer = undefined;
    job.frame = null;
  }

  private noteLatency({ timeMs, method }: Onset, insertedMs: number): void {
    // The fallback is the next frame's timestamp, not a presentation: it teaches nothing.
    if (method !== 'element-timing') return;
    this.latenciesMs.push(timeMs - insertedMs);
    if (this.latenciesMs.length > LATENCY_HISTORY) this.latenciesMs.shift();
  }

  private noteFrameInterval(intervalMs: number): void {
    // A frame the page skipped (busy, hidden) is not the display's interval.
    if (!(intervalMs > 0) || intervalMs > 3 * this.frameIntervalMs()) return;
    this.frameIntervalsMs.push(intervalMs);
    if (this.frameIntervalsMs.length > FRAME_HISTORY) this.frameIntervalsMs.shift();
  }
}
