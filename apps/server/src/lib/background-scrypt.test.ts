import { spawn } from 'node:child_process';
import { scryptSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createBackgroundScrypt, HASHING_AUTOGROUP_NICE, HASHING_NICE } from './background-scrypt';

const PARAMS = { N: 1024, r: 8, p: 1, maxmem: 32 * 1024 * 1024 };
const SALT = Buffer.from('0123456789abcdef');

/** Fields of a /proc stat file after the command name: state is [0], session [3], nice [16]. */
function readStat(pid: number | 'self'): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('scrypt in background processes', () => {
  const scrypt = createBackgroundScrypt(2);

  it('derives the same keys as node:crypto, several at once, on both processes', async () => {
    const passwords = ['one', 'two', 'three', 'four'];
    const keys = await Promise.all(passwords.map((password) => scrypt(password, SALT, 32, PARAMS)));
    expect(keys).toEqual(passwords.map((password) => scryptSync(password, SALT, 32, PARAMS)));
    expect(keys.every((key) => Buffer.isBuffer(key))).toBe(true);
    expect(new Set(scrypt.processIds()).size).toBe(2);
  });

  it('rejects parameters scrypt refuses, and goes on hashing', async () => {
    await expect(scrypt('x', SALT, 32, { ...PARAMS, N: 1000 })).rejects.toThrow();
    await expect(scrypt('x', SALT, 32, PARAMS)).resolves.toEqual(scryptSync('x', SALT, 32, PARAMS));
  });

  it('starts a new process when one dies, failing only the hash it had', async () => {
    await scrypt('warm', SALT, 32, PARAMS);
    const [first] = scrypt.processIds();
    if (first === undefined) throw new Error('no hashing process');
    process.kill(first, 'SIGKILL');
    await vi.waitFor(() => expect(scrypt.processIds()).not.toContain(first));
    const keys = await Promise.all(['a', 'b', 'c'].map((p) => scrypt(p, SALT, 32, PARAMS)));
    expect(keys).toEqual(['a', 'b', 'c'].map((p) => scryptSync(p, SALT, 32, PARAMS)));
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'hashes in sessions of their own, below the priority of the server',
    async () => {
      await Promise.all(['x', 'y'].map((p) => scrypt(p, SALT, 32, PARAMS)));
      const serverNice = Number(readStat('self')[16]);
      for (const pid of scrypt.processIds()) {
        const stat = readStat(pid);
        // The session leader: a scheduling group apart from the server's.
        expect(Number(stat[3])).toBe(pid);
        expect(Number(stat[16])).toBe(Math.min(19, serverNice + HASHING_NICE));
        if (existsSync('/proc/self/autogroup')) {
          expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(
            new RegExp(`nice ${HASHING_AUTOGROUP_NICE}\\b`),
          );
        }
      }
    },
  );

  it.runIf(existsSync('/proc/self/stat')).each([
    [0, 'the normal weight', 0],
    [10, 'a middle weight', 10],
    [4, 'a middle weight', 4],
  ])(
    'at autogroup nice %i (%s), hashes in sessions of their own, that much below the server',
    async (autogroupNice, _weight, threadNice) => {
      const weighted = createBackgroundScrypt(1, autogroupNice);
      await weighted('z', SALT, 32, PARAMS);
      const serverNice = Number(readStat('self')[16]);
      const [pid] = weighted.processIds();
      if (pid === undefined) throw new Error('no hashing process');
      const stat = readStat(pid);
      expect(Number(stat[3])).toBe(pid);
      expect(Number(stat[16])).toBe(Math.min(19, serverNice + threadNice));
      if (existsSync('/proc/self/autogroup')) {
        expect(readFileSync(`/proc/${pid}/autogroup`, 'utf8')).toMatch(
          new RegExp(`nice ${autogroupNice}\\b`),
        );
      }
    },
  );

  it('refuses an autogroup nice Linux does not have', () => {
    expect(() => createBackgroundScrypt(1, 20)).toThrow(/a whole number from 0 to 19/);
    expect(() => createBackgroundScrypt(1, -1)).toThrow(/a whole number from 0 to 19/);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'stops hashing when the server is killed',
    async () => {
      const module = path.join(import.meta.dirname, 'background-scrypt.ts');
      const server = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { createBackgroundScrypt } from ${JSON.stringify(module)};
           const scrypt = createBackgroundScrypt(1);
           await scrypt('p', Buffer.from('salt'), 32, ${JSON.stringify(PARAMS)});
           console.log(scrypt.processIds()[0]);
           setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const pid = await new Promise<number>((resolve, reject) => {
        server.stdout.once('data', (data: Buffer) => resolve(Number(String(data).trim())));
        server.once('exit', () => reject(new Error('the server exited first')));
      });
      expect(isAlive(pid)).toBe(true);
      server.kill('SIGKILL');
      await vi.waitFor(() => expect(isAlive(pid) && readStat(pid)[0] !== 'Z').toBe(false), {
        timeout: 5000,
      });
    },
    20_000,
  );
});
