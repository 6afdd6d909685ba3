import { scryptSync } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBackgroundScrypt } from './background-scrypt';

const PARAMS = { N: 1024, r: 8, p: 1, maxmem: 32 * 1024 * 1024 };

/** The nice value in a /proc stat file (field 19, the 17th after the command name). */
function readNice(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('scrypt on background threads', () => {
  const scrypt = createBackgroundScrypt(2);

  it('derives the same keys as node:crypto, several at once', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const keys = await Promise.all(
      ['one', 'two', 'three'].map((password) => scrypt(password, salt, 32, PARAMS)),
    );
    expect(keys).toEqual(
      ['one', 'two', 'three'].map((password) => scryptSync(password, salt, 32, PARAMS)),
    );
  });

  it('rejects parameters scrypt refuses', async () => {
    await expect(scrypt('x', Buffer.from('salt'), 32, { ...PARAMS, N: 1000 })).rejects.toThrow();
  });

  it.runIf(existsSync('/proc/self/task'))(
    'runs the hashing below the priority of the rest of the process',
    async () => {
      const processNice = readNice('/proc/self/stat');
      await scrypt('warm', Buffer.from('salt'), 32, PARAMS);
      const niceValues = readdirSync('/proc/self/task').map((tid) =>
        readNice(`/proc/self/task/${tid}/stat`),
      );
      expect(niceValues).toContain(Math.min(19, processNice + 10));
      // The process's main thread keeps its priority.
      expect(niceValues).toContain(processNice);
    },
  );
});
