import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameTimer } from './frame-timer';
import type { Onset } from './onset';

/**
 * A fake clock: `performance.now()` moves on 0.01 ms at every read (so a wait on the clock ends)
 * and timers fire in order when `runUntil` reaches them; every delay asked for is kept.
 */
function useFakeClock() {
  const state = {
    nowMs: 0,
    timers: new Map<number, { atMs: number; callback: () => void }>(),
    nextId: 1,
    delays: [] as number[],
  };
  beforeEach(() => {
    state.nowMs = 0;
    state.timers.clear();
    state.delays = [];
    vi.spyOn(performance, 'now').mockImplementation(() => {
      state.nowMs += 0.01;
      return state.nowMs;
    });
    vi.stubGlobal('setTimeout', (callback: () => void, delayMs: number) => {
      state.delays.push(delayMs);
      const id = state.nextId++;
      state.timers.set(id, { atMs: state.nowMs + delayMs, callback });
      return id;
    });
    vi.stubGlobal('clearTimeout', (id: number) => state.timers.delete(id));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return {
    state,
    /** Fires every timer due by `endMs`, in order, letting promises settle between them. */
    runUntil: async (endMs: number) => {
      for (;;) {
        await Promise.resolve();
        const [id, next] = [...state.timers].sort((a, b) => a[1].atMs - b[1].atMs)[0] ?? [];
        if (id === undefined || !next || next.atMs > endMs) break;
        state.timers.delete(id);
        state.nowMs = Math.max(state.nowMs, next.atMs);
        next.callback();
      }
      state.nowMs = Math.max(state.nowMs, endMs);
    },
  };
}

const presentedAt = (timeMs: number): Promise<Onset> =>
  Promise.resolve({ timeMs, method: 'element-timing' });

/** A promise resolved by hand, for a presentation time that is not known yet. */
function later<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('FrameTimer', () => {
  const clock = useFakeClock();

  /** A timer that has learned that stimuli are presented `latencyMs` after insertion. */
  async function timerWithLatency(latencyMs: number) {
    const timer = new FrameTimer();
    timer.noteLatency(0, presentedAt(latencyMs));
    await Promise.resolve();
    return timer;
  }

  it('counts the cue from its presentation, so a late first frame does not shorten it', async () => {
    const timer = await timerWithLatency(3);
    // Inserted at 1000 ms but presented 15 ms later.
    clock.state.nowMs = 1000;
    let firedMs: number | null = null;
    timer.after(1000, presentedAt(1015), 1400, () => {
      firedMs = performance.now();
    });
    await clock.runUntil(3000);
    // The stimulus is inserted its 3 ms latency before 1015 + 1400, to be presented then.
    expect(firedMs).toBeGreaterThanOrEqual(2412);
    expect(firedMs).toBeLessThan(2412.1);
  });

  it('plans from the usual latency until the presentation is known, then from it', async () => {
    const timer = await timerWithLatency(3);
    clock.state.nowMs = 1000;
    const cue = later<Onset>();
    let firedMs: number | null = null;
    timer.after(1000, cue.promise, 1400, () => {
      firedMs = performance.now();
    });
    await clock.runUntil(1010);
    cue.resolve({ timeMs: 1008, method: 'element-timing' });
    await clock.runUntil(3000);
    expect(firedMs).toBeGreaterThanOrEqual(1008 + 1400 - 3);
    expect(firedMs).toBeLessThan(1008 + 1400 - 3 + 0.1);
  });

  it('never ends a display before its presentation is known, even past the planned time', async () => {
    const timer = await timerWithLatency(3);
    clock.state.nowMs = 1000;
    const cue = later<Onset>();
    let firedMs: number | null = null;
    timer.after(1000, cue.promise, 1400, () => {
      firedMs = performance.now();
    });
    // The page stalled: the cue's presentation is known only long after it was due to end.
    await clock.runUntil(3000);
    expect(firedMs).toBeNull();
    cue.resolve({ timeMs: 2900, method: 'element-timing' });
    await clock.runUntil(5000);
    expect(firedMs).toBeGreaterThanOrEqual(2900 + 1400 - 3);
    expect(firedMs).toBeLessThan(2900 + 1400 - 3 + 0.1);
  });

  it('before any latency is known, errs late rather than early', async () => {
    const timer = new FrameTimer();
    let firedMs: number | null = null;
    timer.after(1, presentedAt(30), 300, () => {
      firedMs = performance.now();
    });
    await clock.runUntil(1000);
    expect(firedMs).toBeGreaterThanOrEqual(330);
    expect(firedMs).toBeLessThan(330.1);
  });

  it('never chains 0 ms timers (browsers clamp the fifth to 4 ms): the last stretch is waited out', async () => {
    const timer = await timerWithLatency(2);
    for (const durationMs of [100, 3, 2.6, 2, 1]) {
      clock.state.delays = [];
      const startMs = clock.state.nowMs;
      let firedMs: number | null = null;
      // Inserted 2 ms before it was presented, as usual: the estimate and the truth agree.
      timer.after(startMs - 2, presentedAt(startMs), durationMs, () => {
        firedMs = performance.now();
      });
      await clock.runUntil(startMs + 200);
      expect(clock.state.delays.every((ms) => ms >= 1)).toBe(true);
      expect(firedMs).toBeGreaterThanOrEqual(startMs + durationMs - 2);
      expect(firedMs).toBeLessThan(startMs + Math.max(durationMs - 2, 0) + 0.1);
    }
  });

  it('never fires once cancelled or replaced by a later wait', async () => {
    const timer = await timerWithLatency(3);
    const fired: string[] = [];
    timer.after(0, presentedAt(5), 100, () => fired.push('cancelled'));
    timer.cancel();
    timer.after(0, presentedAt(5), 100, () => fired.push('replaced'));
    timer.after(0, presentedAt(5), 200, () => fired.push('last'));
    await clock.runUntil(1000);
    expect(fired).toEqual(['last']);
  });

  it('inserts at a known due time less the usual latency, each wait on its own, and calls one off', async () => {
    const timer = await timerWithLatency(4);
    const fired: { name: string; atMs: number }[] = [];
    const note = (name: string) => () => fired.push({ name, atMs: performance.now() });
    timer.at(500, note('first'));
    const callOff = timer.at(700, note('called off'));
    timer.at(900, note('second'));
    callOff();
    await clock.runUntil(1000);
    expect(fired.map((f) => f.name)).toEqual(['first', 'second']);
    // Inserted 4 ms early, within the last stretch's wait on the clock.
    expect(fired[0]?.atMs).toBeGreaterThanOrEqual(496);
    expect(fired[0]?.atMs).toBeLessThan(496.1);
    expect(fired[1]?.atMs).toBeGreaterThanOrEqual(896);
    expect(fired[1]?.atMs).toBeLessThan(896.1);
  });
});
