import { describe, expect, it } from 'vitest';
import { FrameScheduler, type SchedulerClock } from './frame-scheduler';
import type { Onset } from './onset';

const FRAME_MS = 1000 / 60;

/**
 * A fake page: animation frames on a fixed grid (first at `phaseMs`), code in a frame callback
 * runs `workMs` after the frame's timestamp, and timers fire exactly when due. Frames listed
 * in `skipped` never happen (a stalled or hidden page). Every timer delay asked for is kept.
 */
function fakePage(options: { phaseMs?: number; workMs?: number; skipped?: Set<number> } = {}) {
  const { phaseMs = 3, workMs = 0.2, skipped = new Set<number>() } = options;
  let nowMs = 0;
  let nextId = 1;
  const timers = new Map<number, { atMs: number; callback: () => void }>();
  const frames = new Map<number, (frameMs: number) => void>();
  const delays: number[] = [];
  let frameCallbacks = 0;
  const clock: SchedulerClock = {
    now: () => nowMs,
    requestFrame: (callback) => {
      const id = nextId++;
      frames.set(id, callback);
      return id;
    },
    cancelFrame: (id) => frames.delete(id),
    setTimer: (callback, ms) => {
      delays.push(ms);
      const id = nextId++;
      timers.set(id, { atMs: nowMs + ms, callback });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  };
  /** The first frame of the grid after `afterMs` that is not skipped. */
  const nextFrameAfter = (afterMs: number) => {
    let index = Math.max(0, Math.floor((afterMs - phaseMs) / FRAME_MS) + 1);
    while (skipped.has(index)) index++;
    return phaseMs + index * FRAME_MS;
  };
  return {
    clock,
    delays,
    get frameCallbacks() {
      return frameCallbacks;
    },
    get nowMs() {
      return nowMs;
    },
    /** Runs timers and frames in time order until `endMs`, letting promises settle between. */
    async runUntil(endMs: number) {
      for (;;) {
        await Promise.resolve();
        await Promise.resolve();
        const timer = [...timers].sort((a, b) => a[1].atMs - b[1].atMs)[0];
        const frameMs = frames.size > 0 ? nextFrameAfter(nowMs) : Number.POSITIVE_INFINITY;
        const timerMs = timer ? timer[1].atMs : Number.POSITIVE_INFINITY;
        if (Math.min(frameMs, timerMs) > endMs) break;
        if (timer && timerMs <= frameMs) {
          timers.delete(timer[0]);
          nowMs = Math.max(nowMs, timerMs);
          timer[1].callback();
          continue;
        }
        const callbacks = [...frames.values()];
        frames.clear();
        nowMs = frameMs + workMs;
        for (const callback of callbacks) {
          frameCallbacks++;
          callback(frameMs);
        }
      }
      nowMs = Math.max(nowMs, endMs);
    },
  };
}

/** A draw whose element is presented `latencyMs` after it is inserted; notes when. */
function drawing(page: { clock: SchedulerClock }, latencyMs: number, presented: number[]) {
  return () => {
    const timeMs = page.clock.now() + latencyMs;
    presented.push(timeMs);
    return Promise.resolve<Onset>({ timeMs, method: 'element-timing' });
  };
}

/** A scheduler that has seen three presentations `latencyMs` after insertion. */
async function warmedUp(page: ReturnType<typeof fakePage>, latencyMs: number) {
  const scheduler = new FrameScheduler({ clock: page.clock });
  const presented: number[] = [];
  for (let i = 0; i < 3; i++) {
    scheduler.at(page.nowMs, drawing(page, latencyMs, presented));
    await page.runUntil(page.nowMs + 50);
  }
  expect(scheduler.latencyMs()).toBeCloseTo(latencyMs, 6);
  return scheduler;
}

describe('FrameScheduler', () => {
  it('presents in the frame whose presentation is nearest the due time', async () => {
    const page = fakePage();
    const scheduler = await warmedUp(page, 5);
    // Due times all over a frame: each lands within half a frame of its due time, and on the
    // frame nearest to it.
    for (let i = 0; i < 48; i++) {
      const dueMs = 1000 + i * 200 + ((i * 0.7) % (2 * FRAME_MS));
      const presented: number[] = [];
      scheduler.at(dueMs, drawing(page, 5, presented));
      await page.runUntil(dueMs + 100);
      const [timeMs] = presented;
      if (timeMs === undefined) throw new Error(`nothing presented for ${dueMs}`);
      expect(Math.abs(timeMs - dueMs)).toBeLessThanOrEqual(FRAME_MS / 2 + 1e-9);
      page.delays.length = 0;
    }
  });

  it('keeps an absolute time line: a late or missed frame never moves the next presentation', async () => {
    // Frames 205-215 (about 3.42-3.59 s) never happen: the page stalled.
    const skipped = new Set(Array.from({ length: 11 }, (_, i) => 205 + i));
    const page = fakePage({ skipped });
    const scheduler = await warmedUp(page, 5);
    const startMs = 500;
    const presented: number[] = [];
    for (let k = 0; k < 20; k++) {
      // Scheduled only once the one before was drawn, as a task does.
      scheduler.at(startMs + k * 1500, drawing(page, 5, presented));
      await page.runUntil(startMs + k * 1500 + 200);
    }
    const errors = presented.map((timeMs, k) => timeMs - (startMs + k * 1500));
    // Trial 2 was due in the stall and came late; every other one is within half a frame.
    expect(errors[2]).toBeGreaterThan(FRAME_MS);
    for (const [k, error] of errors.entries()) {
      if (k !== 2) expect(Math.abs(error), `presentation ${k}`).toBeLessThanOrEqual(FRAME_MS / 2);
    }
  });

  it('sleeps on one timer aimed at its due time, then watches only a few frames', async () => {
    const page = fakePage();
    const scheduler = await warmedUp(page, 5);
    page.delays.length = 0;
    const framesBefore = page.frameCallbacks;
    const presented: number[] = [];
    scheduler.at(5000, drawing(page, 5, presented));
    await page.runUntil(6000);
    expect(page.delays).toHaveLength(1);
    expect(page.frameCallbacks - framesBefore).toBeLessThanOrEqual(6);
    expect(presented).toHaveLength(1);
  });

  it('draws at the next frame when the due time has passed', async () => {
    const page = fakePage();
    const scheduler = new FrameScheduler({ clock: page.clock });
    await page.runUntil(1000);
    const presented: number[] = [];
    scheduler.at(900, drawing(page, 5, presented));
    await page.runUntil(1100);
    expect(presented).toHaveLength(1);
    expect(presented[0]).toBeLessThan(1000 + FRAME_MS + 5.3);
    expect(page.delays).toEqual([]);
  });

  it('before a latency is known, errs late rather than early', async () => {
    const page = fakePage();
    const scheduler = new FrameScheduler({ clock: page.clock });
    const presented: number[] = [];
    scheduler.at(1000, drawing(page, 5, presented));
    await page.runUntil(1100);
    // Inserted in the frame nearest 1000 ms as if presented at once; presented 5 ms later.
    expect(presented[0]).toBeGreaterThan(1000 - FRAME_MS / 2 + 5);
    expect(presented[0]).toBeLessThanOrEqual(1000 + FRAME_MS / 2 + 5);
  });

  it('learns the latency from Element Timing only, not from the frame fallback', async () => {
    const page = fakePage();
    const scheduler = new FrameScheduler({ clock: page.clock });
    scheduler.at(0, () =>
      Promise.resolve<Onset>({ timeMs: page.clock.now() + 30, method: 'animation-frame' }),
    );
    await page.runUntil(100);
    expect(scheduler.latencyMs()).toBe(0);
    // And the frame interval from the frames it watched.
    scheduler.at(1000, () => null);
    await page.runUntil(1100);
    expect(scheduler.frameIntervalMs()).toBeCloseTo(FRAME_MS, 6);
  });

  it('never draws once cancelled', async () => {
    const page = fakePage();
    const scheduler = new FrameScheduler({ clock: page.clock });
    const drawn: string[] = [];
    const cancel = scheduler.at(1000, () => {
      drawn.push('cancelled');
      return null;
    });
    scheduler.at(1000, () => {
      drawn.push('kept');
      return null;
    });
    scheduler.at(2000, () => {
      drawn.push('cancelled with the rest');
      return null;
    });
    cancel();
    await page.runUntil(1500);
    scheduler.cancelAll();
    await page.runUntil(3000);
    expect(drawn).toEqual(['kept']);
  });
});
