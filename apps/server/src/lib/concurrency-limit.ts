import { AppError } from './app-error';

/**
 * Runs at most `concurrency` tasks at once and queues up to `maxQueued` more; beyond that a call
 * fails at once with 503 instead of waiting. Password hashing goes through one of these: scrypt
 * at OWASP cost takes ~0.3 s and 128 MiB, and it shares libuv's four threads with file reads, so
 * a flood of logins must not take the whole server down with it.
 */
export function createConcurrencyLimit(options: {
  concurrency: number;
  maxQueued: number;
  busyMessage: string;
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
