import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameTimer } from './frame-timer';
import type { Onset } from './onset';

const FRAME_MS = 1000 / 60;

/** A fake display: frames every 16.7 ms whose callbacks run `lateMs` after their timestamp. */
function useFakeFrames() {
  let nowMs = 0;
  let callbacks: FrameRequestCallback[] = [];
  beforeEach(() => {
    nowMs = 0;
    callbacks = [];
    vi.spyOn(performance, 'now').mockImplementation(() => nowMs);
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb));
    vi.stubGlobal('cancelAnimationFrame', () => {
      callbacks = [];
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return {
    /** Runs frame `n` (timestamp n·16.7 ms), its callbacks `lateMs` after the timestamp. */
    runFrame: async (n: number, lateMs = 1) => {
      nowMs = n * FRAME_MS + lateMs;
      const due = callbacks;
      callbacks = [];
      for (const cb of due) cb(n * FRAME_MS);
      await Promise.resolve();
    },
  };
}

const presentedAt = (timeMs: number): Promise<Onset> =>
  Promise.resolve({ timeMs, method: 'element-timing' });

/** Starts `timer.after` and runs frames from `from` until it fires; returns that frame. */
async function runUntilFired(
  frames: ReturnType<typeof useFakeFrames>,
  from: number,
  start: (callback: () => void) => void,
): Promise<number> {
  let hasFired = false;
  start(() => {
    hasFired = true;
  });
  for (let n = from; n < from + 200; n++) {
    await frames.runFrame(n);
    if (hasFired) return n;
  }
  throw new Error('the timer never fired');
}

describe('FrameTimer', () => {
  const frames = useFakeFrames();

  it('counts the cue from its presentation, so a late first frame does not shorten it', async () => {
    const timer = new FrameTimer(FRAME_MS);
    // Stimuli are usually presented 3 ms after they are inserted.
    timer.noteLatency(0, presentedAt(3));
    await Promise.resolve();
    // The cue's frame ran 15 ms late: inserted at frame 60 + 15 ms, presented 3 ms after that.
    const insertedMs = 60 * FRAME_MS + 15;
    const fired = await runUntilFired(frames, 61, (done) =>
      timer.after(insertedMs, presentedAt(insertedMs + 3), 1400, done),
    );
    // The stimulus inserted in that frame is presented 1 + 3 ms after its timestamp. Counted
    // from the frame's timestamp instead, it came 14 ms early.
    const stimulusMs = fired * FRAME_MS + 1 + 3;
    const errorMs = stimulusMs - (insertedMs + 3) - 1400;
    expect(Math.abs(errorMs)).toBeLessThanOrEqual(FRAME_MS / 2);
  });

  it('before any latency is known, errs late rather than early', async () => {
    const timer = new FrameTimer(FRAME_MS);
    const fired = await runUntilFired(frames, 1, (done) =>
      timer.after(1, presentedAt(30), 300, done),
    );
    expect(fired * FRAME_MS + 1).toBeGreaterThanOrEqual(30 + 300 - FRAME_MS / 2);
  });
});
