import { type ChildProcess, spawn } from 'node:child_process';

/**
 * How much nicer than the server the hashing runs. A login's scrypt is ~0.3 s of a core and
 * 128 MiB; at the priority of everything else a burst of logins takes the cores from trial saves
 * and the database.
 *
 * Nice alone is not enough. Linux schedules by group first: with autogroup (the default on
 * desktop and server kernels) every session is a group, and under systemd or in a container
 * every cgroup is one. A group competes at its own weight, whatever the nice values of the
 * threads inside it, so niced hashing threads inside the server's process still took CPU from
 * PostgreSQL's backends, which are another group, as if they were not niced at all (measured in
 * ADR 020: two niced busy threads in one session took 35 % of the CPU from two processes in
 * other sessions; the same threads in a session of their own at autogroup nice 19 took 3 %).
 * So the hashing runs in child processes, each the leader of a new session (a group of its own)
 * that lowers its group's weight to the least (`/proc/self/autogroup`, nice 19) and its own
 * thread's priority by HASHING_NICE (what counts where no autogroup applies, as among the
 * processes of one cgroup). Either way it gets whatever CPU the rest leaves, which is all of it
 * on an idle server.
 */
export const HASHING_NICE = 10;

/** The least weight Linux gives a scheduling group (nice 19: 15 against 1,024). */
export const HASHING_AUTOGROUP_NICE = 19;

// Plain CommonJS, so the child needs no TypeScript loader.
const CHILD_SOURCE = `
const { scryptSync } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const os = require('node:os');
try { writeFileSync('/proc/self/autogroup', '${HASHING_AUTOGROUP_NICE}'); } catch {}
try { os.setPriority(Math.min(19, os.getPriority() + ${HASHING_NICE})); } catch {}
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

type Reply = { id: number; key?: Uint8Array; error?: string };
type Pending = { resolve: (key: Buffer) => void; reject: (error: Error) => void };

export type ScryptParams = { N: number; r: number; p: number; maxmem: number };

/** One hashing process, started on first use; hashes one password at a time, in order. */
function createHashingProcess() {
  let child: ChildProcess | null = null;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };

  const start = () => {
    const started = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      // A new session: a scheduling group of its own (see HASHING_NICE).
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
 * `processes` hashing processes below the server's priority; each hash goes to the one with the
 * least queued. `processIds` lists the running ones (for tests).
 */
export function createBackgroundScrypt(processes: number) {
  const pool = Array.from({ length: processes }, () => ({
    process: createHashingProcess(),
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
