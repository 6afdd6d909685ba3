import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { createConcurrencyLimit } from './concurrency-limit';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('createConcurrencyLimit', () => {
  it('runs at most `concurrency` tasks at once, queues the rest, refuses past the queue', async () => {
    const limit = createConcurrencyLimit({ concurrency: 2, maxQueued: 1, busyMessage: 'busy' });
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
    await expect(limit(task(3))).rejects.toEqual(new AppError('UNAVAILABLE', 'busy'));
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(maxActive).toBe(2);
  });

  it('frees its slot when a task fails', async () => {
    const limit = createConcurrencyLimit({ concurrency: 1, maxQueued: 0, busyMessage: 'busy' });
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 'ok')).toBe('ok');
  });
});
