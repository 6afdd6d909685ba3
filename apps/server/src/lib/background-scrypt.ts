import { Worker } from 'node:worker_threads';

/**
 * How much nicer than the server the hashing threads run. A login's scrypt is ~0.3 s of a core; at the priority
 * of everything else a burst of logins takes the cores from trial saves and the database (on two
 * cores, 50 logins at once raised the p99 of trial saves six-fold on PostgreSQL and 25-fold on
 * the embedded database, whose queries run on the server's own thread). Niced threads
 * get whatever CPU the rest leaves, which is all of it on an idle server. Linux keeps nice per
 * thread, so only these threads are lowered, not the server.
 */
export const HASHING_NICE = 10;

// Plain CommonJS, so the worker needs no TypeScript loader.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const os = require('node:os');
try { os.setPriority(Math.min(19, os.getPriority() + ${HASHING_NICE})); } catch {}
parentPort.on('message', ({ id, password, salt, keyLength, params }) => {
  try {
    parentPort.postMessage({ id, key: scryptSync(password, salt, keyLength, params) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Reply = { id: number; key?: Uint8Array; error?: string };
type Pending = { resolve: (key: Buffer) => void; reject: (error: Error) => void };

export type ScryptParams = { N: number; r: number; p: number; maxmem: number };

/** One niced thread; hashes one password at a time, in order. */
function createHashingThread() {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const start = () => {
    const started = new Worker(WORKER_SOURCE, { eval: true });
    started.on('message', ({ id, key, error }: Reply) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (!waiting) return;
      if (key) waiting.resolve(Buffer.from(key));
      else waiting.reject(new Error(error ?? 'scrypt failed'));
    });
    // A thread that dies takes its work with it; the next hash starts a new one.
    started.on('error', (error) => {
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      worker = null;
    });
    return started;
  };

  return (password: string, salt: Buffer, keyLength: number, params: ScryptParams) =>
    new Promise<Buffer>((resolve, reject) => {
      const thread = worker ?? start();
      worker = thread;
      const id = nextId++;
      // Referenced only while it has work: an idle thread must not keep a CLI from exiting,
      // and a busy one must keep it alive until the hash is back.
      thread.ref();
      const settle = () => {
        if (pending.size === 0) thread.unref();
      };
      pending.set(id, {
        resolve: (key) => {
          resolve(key);
          settle();
        },
        reject: (error) => {
          reject(error);
          settle();
        },
      });
      thread.postMessage({ id, password, salt, keyLength, params });
    });
}

/** `threads` niced hashing threads; each hash goes to the one with the least queued. */
export function createBackgroundScrypt(threads: number) {
  const pool = Array.from({ length: threads }, () => ({ hash: createHashingThread(), queued: 0 }));
  return async (password: string, salt: Buffer, keyLength: number, params: ScryptParams) => {
    const thread = pool.reduce((a, b) => (b.queued < a.queued ? b : a));
    thread.queued++;
    try {
      return await thread.hash(password, salt, keyLength, params);
    } finally {
      thread.queued--;
    }
  };
}
