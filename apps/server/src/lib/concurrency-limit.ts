import { setTimeout as sleep } from 'node:timers/promises';
import type { Text } from '@cogni/domain';
import { AppError } from './app-error';

/**
 * Runs at most `concurrency` tasks at once and queues up to `maxQueued` more; beyond that a call
 * fails at once with 503 instead of waiting. Password hashing goes through one of these: a hash
 * at the ASVS cost is long CPU work and 128 MiB (ADR 020), so a flood of logins must not take the
 * whole server down with it.
 */
export function createConcurrencyLimit(options: {
  concurrency: number;
  maxQueued: number;
  busyMessage: Text;
}) {
  let running = 0;
  const queue: (() => void)[] = [];

  const release = () => {
    running -= 1;
    const next = queue.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= options.concurrency) {
      if (queue.length >= options.maxQueued) {
        throw new AppError('UNAVAILABLE', options.busyMessage);
      }
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      release();
    }
  };
}

/**
 * One line per key (a user, say): the tasks of one key run one at a time, in order of arrival,
 * each starting at least its `spacingMs` after the one before it started; tasks of different keys
 * do not wait for each other. Parallel callers of one key are thereby paced: each waits for its
 * answer, and answers come one per `spacingMs` at most, whatever the task does (succeed, fail or
 * refuse). Past `maxWaiting` tasks waiting for one key, a new one is refused with 429, after
 * `spacingMs` too: refused at once, a caller that tries again at once would spin, and take the CPU
 * of everyone else with it. Each call gives its spacing, so one line serves callers whose spacing
 * follows a setting of their own (an app's hash cost).
 */
export function createKeyedLine(options: { maxWaiting: number; busyMessage: Text }) {
  const lines = new Map<string, { tail: Promise<void>; size: number }>();

  return async function run<T>(key: string, spacingMs: number, task: () => Promise<T>): Promise<T> {
    const line = lines.get(key) ?? { tail: Promise.resolve(), size: 0 };
    // `size` counts the running task (or the spacing after it) and the waiting ones.
    if (line.size > options.maxWaiting) {
      await sleep(spacingMs);
      throw new AppError('RATE_LIMITED', options.busyMessage);
    }
    line.size += 1;
    lines.set(key, line);
    const previous = line.tail;
    let leave = () => {};
    line.tail = new Promise<void>((resolve) => {
      leave = () => {
        line.size -= 1;
        if (line.size === 0) lines.delete(key);
        resolve();
      };
    });
    await previous;
    const started = performance.now();
    try {
      return await task();
    } finally {
      const rest = started + spacingMs - performance.now();
      if (rest > 0) setTimeout(leave, rest).unref();
      else leave();
    }
  };
}
