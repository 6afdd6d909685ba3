import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Password hashing runs in child processes, each the leader of a new session: a login's scrypt is
 * long CPU work, and where it runs decides who waits for it. Linux schedules by group first (a
 * session under autogroup, a cgroup under systemd or in a container), at the group's weight
 * whatever the nice values of its threads, so niced hashing threads inside the server would
 * compete with PostgreSQL's backends as if not niced at all (ADR 020). A session of its own gives
 * the hashing a group whose weight it can set (`/proc/self/autogroup`).
 *
 * Three weights (`HashingWeight`, ADR 033, ADR 037), each set by the autogroup nice of the
 * hashing processes' sessions (and a thread nice, for where no autogroup applies):
 * - `background`: the least weight of a group (autogroup nice 19, thread nice +10): the hashing
 *   gets only what the rest of the machine leaves.
 * - `shared`: a middle weight (autogroup nice HASHING_BUSY_NICE), for a server that trial saves
 *   keep busy: the saves keep most of the CPU, and a crowd of logins still gets through.
 * - `normal`: the weight of any other session, so the hashing gets its fair share.
 */
export type HashingWeight = 'background' | 'shared' | 'normal';

/** Thread nice of lowered hashing, above the server's own, at most. */
export const HASHING_NICE = 10;

/** Autogroup nice of `background` hashing: the least weight Linux gives a scheduling group. */
export const HASHING_AUTOGROUP_NICE = 19;

/**
 * Plain CommonJS, so the child needs no TypeScript loader. Above autogroup nice 0 the child
 * lowers its session's weight, and its thread nice by as much (at most HASHING_NICE).
 */
function childSource(autogroupNice: number): string {
  const lowerPriority =
    autogroupNice > 0
      ? `try { writeFileSync('/proc/self/autogroup', '${autogroupNice}'); } catch {}
try { os.setPriority(Math.min(19, os.getPriority() + ${Math.min(HASHING_NICE, autogroupNice)})); } catch {}`
      : '';
  return `
const { scryptSync } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const os = require('node:os');
${lowerPriority}
// The server went away (exit, crash or SIGKILL): so does its hashing.
process.on('disconnect', () => process.exit(0));
process.on('message', ({ id, password, salt, keyLength, params }) => {
  let reply;
  try {
    reply = { id, key: scryptSync(password, salt, keyLength, params) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  if (process.connected) process.send(reply);
});
`;
}

type Reply = { id: number; key?: Uint8Array; error?: string };
type Pending = { resolve: (key: Buffer) => void; reject: (error: Error) => void };

export type ScryptParams = { N: number; r: number; p: number; maxmem: number };

/** One hashing process, started on first use; hashes one password at a time, in order. */
function createHashingProcess(source: string) {
  let child: ChildProcess | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const start = () => {
    const started = spawn(process.execPath, ['-e', source], {
      // A new session: a scheduling group of its own (see HashingWeight).
      detached: true,
      // Nothing of the server's environment (secrets, NODE_OPTIONS): it needs none.
      env: {},
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Buffers cross as bytes, not as JSON.
      serialization: 'advanced',
    });
    started.on('message', ({ id, key, error }: Reply) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (!waiting) return;
      if (key) waiting.resolve(Buffer.from(key.buffer, key.byteOffset, key.byteLength));
      else waiting.reject(new Error(error ?? 'scrypt failed'));
    });
    // A process that dies (or never starts) takes its work with it; the next hash starts anew.
    const lost = (error: Error) => {
      if (child === started) child = null;
      failAll(error);
    };
    started.on('error', lost);
    started.on('exit', (code, signal) =>
      lost(new Error(`the hashing process exited (${signal ?? `code ${code}`})`)),
    );
    return started;
  };

  /** Referenced only while it has work: an idle one must not keep a CLI from exiting. */
  const setReferenced = (process: ChildProcess, referenced: boolean) => {
    if (referenced) {
      process.ref();
      process.channel?.ref();
    } else {
      process.unref();
      process.channel?.unref();
    }
  };

  const hash = (password: string, salt: Buffer, keyLength: number, params: ScryptParams) =>
    new Promise<Buffer>((resolve, reject) => {
      const running = child ?? start();
      child = running;
      const id = nextId++;
      setReferenced(running, true);
      const settle = () => {
        if (pending.size === 0) setReferenced(running, false);
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
      running.send({ id, password, salt, keyLength, params }, (error) => {
        if (error && pending.delete(id)) {
          reject(error);
          settle();
        }
      });
    });

  return { hash, pid: () => child?.pid };
}

/**
 * `processes` hashing processes in sessions at `autogroupNice` (0: the weight of any other
 * session; 19, the default: the least), each started on first use; each hash goes to the one
 * with the least queued. `processIds` lists the running ones (for tests).
 */
export function createBackgroundScrypt(processes: number, autogroupNice = HASHING_AUTOGROUP_NICE) {
  if (!Number.isInteger(autogroupNice) || autogroupNice < 0 || autogroupNice > 19) {
    throw new Error(`autogroup nice ${autogroupNice}: a whole number from 0 to 19`);
  }
  const source = childSource(autogroupNice);
  const pool = Array.from({ length: processes }, () => ({
    process: createHashingProcess(source),
    queued: 0,
  }));
  const scrypt = async (
    password: string,
    salt: Buffer,
    keyLength: number,
    params: ScryptParams,
  ) => {
    const least = pool.reduce((a, b) => (b.queued < a.queued ? b : a));
    least.queued++;
    try {
      return await least.process.hash(password, salt, keyLength, params);
    } finally {
      least.queued--;
    }
  };
  const processIds = () =>
    pool.map((entry) => entry.process.pid()).filter((pid): pid is number => pid !== undefined);
  return Object.assign(scrypt, { processIds });
}
