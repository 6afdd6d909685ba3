import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DueTimer, EngineLoop } from './engine-loop';

describe('EngineLoop', () => {
  it('steps one event at a time: events raised by effects wait for the step before', () => {
    const log: string[] = [];
    const loop: EngineLoop<number, string, string> = new EngineLoop(0, {
      step: (state, event) => ({ state: state + 1, effects: [`effect of ${event}`] }),
      perform: (effect) => {
        log.push(`${effect} at state ${loop.state}`);
        if (effect === 'effect of a') loop.push('b');
      },
      settle: () => log.push(`settle ${loop.state}`),
      idle: () => log.push('idle'),
    });
    loop.push('a');
    expect(log).toEqual([
      'effect of a at state 1',
      'settle 1',
      'effect of b at state 2',
      'settle 2',
      'idle',
    ]);
    loop.stop();
    loop.push('c');
    expect(loop.state).toBe(2);
  });
});

describe('DueTimer', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
  afterEach(() => vi.useRealTimers());

  it('fires once the clock reaches the due time, and aims only when the time changes', async () => {
    const timer = new DueTimer();
    const fired: number[] = [];
    const start = performance.now();
    expect(timer.aim(start + 100, (atMs) => fired.push(atMs))).toBe(true);
    expect(timer.aim(start + 100, (atMs) => fired.push(-atMs))).toBe(false);
    await vi.advanceTimersByTimeAsync(99);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([start + 100]);
    // Cancelled and null aims fire nothing.
    timer.aim(start + 300, (atMs) => fired.push(atMs));
    timer.cancel();
    expect(timer.aim(null, (atMs) => fired.push(atMs))).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(fired).toHaveLength(1);
  });
});
