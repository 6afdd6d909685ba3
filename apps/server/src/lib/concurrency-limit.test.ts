import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createConcurrencyLimit, createKeyedLine } from './concurrency-limit';

const BUSY = { id: 'test.busy', message: 'busy' };
const WAIT = { id: 'test.wait', message: 'wait' };

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createConcurrencyLimit', () => {
  it('runs at most `concurrency` tasks at once, queues the rest, refuses past the queue', async () => {
    const limit = createConcurrencyLimit({ concurrency: 2, maxQueued: 1, busyMessage: BUSY });
    const gates = [deferred(), deferred(), deferred()];
    let active = 0;
    let maxActive = 0;
    const task = (i: number) => async () => {
      active += 1;
      maxActive = Math.max(maxActive, active);
      await gates[i]?.promise;
      active -= 1;
      return i;
    };
    const runs = [limit(task(0)), limit(task(1)), limit(task(2))];
    await expect(limit(task(3))).rejects.toEqual(new AppError('UNAVAILABLE', BUSY));
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(maxActive).toBe(2);
  });

  it('frees its slot when a task fails', async () => {
    const limit = createConcurrencyLimit({ concurrency: 1, maxQueued: 0, busyMessage: BUSY });
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'ok')).toBe('ok');
  });
});

describe('createKeyedLine', () => {
  it('runs the tasks of one key one at a time and spaced apart, other keys beside them, and refuses past the line', async () => {
    const line = createKeyedLine({ maxWaiting: 2, busyMessage: WAIT });
    const started = performance.now();
    const startedAt: Record<string, number> = {};
    const task = (name: string) => () => {
      startedAt[name] = performance.now() - started;
      return Promise.reject(new Error(name));
    };
    const runs = ['a1', 'a2', 'a3'].map((name) =>
      line('a', 100, task(name)).catch((e) => e.message),
    );
    const other = line('b', 100, task('b1')).catch((e) => e.message);
    const refused = line('a', 100, task('a4')).catch((e) => e);
    expect(await Promise.all([...runs, other])).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(await refused).toEqual(new AppError('RATE_LIMITED', WAIT));
    expect(startedAt.a4).toBeUndefined();
    // A margin for timers firing a little early.
    expect(startedAt.a2).toBeGreaterThanOrEqual(95);
    expect(startedAt.a3).toBeGreaterThanOrEqual(195);
    // Another key does not wait behind the first one's spacing.
    expect(startedAt.b1).toBeLessThan(startedAt.a2 ?? 0);
  });
});
