import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { users } from '../db/schema';
import { createPasswordHasher } from '../lib/password';
import { readSecret } from './read-secret';

/** Verifies a stored hash at the parameters stored in it, whatever the cost of new hashes. */
const passwords = createPasswordHasher();

/** A terminal stand-in: a stream that records whether it is in raw mode. */
function fakeTerminal() {
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    raw: false,
    setRawMode(raw: boolean) {
      input.raw = raw;
      return input;
    },
  });
  let written = '';
  const prompt = new PassThrough();
  prompt.on('data', (chunk) => {
    written += chunk.toString();
  });
  return { input, prompt, written: () => written };
}

describe('reading a secret from standard input', () => {
  it('takes the first line of a pipe', async () => {
    const input = new PassThrough();
    input.end('first line secret\r\nsecond line\n');
    expect(await readSecret('unused: ', { input, prompt: new PassThrough() })).toBe(
      'first line secret',
    );
  });

  it('refuses a pipe that ends before a line', async () => {
    const input = new PassThrough();
    input.end();
    await expect(readSecret('unused: ', { input, prompt: new PassThrough() })).rejects.toThrow(
      /ended before a line/,
    );
  });

  it('asks at a terminal without echoing, with Backspace, and leaves raw mode after', async () => {
    const terminal = fakeTerminal();
    const secret = readSecret('Password: ', terminal);
    expect(terminal.input.raw).toBe(true);
    terminal.input.write('hunter3');
    terminal.input.write('\u007f2 ✓ two\r');
    expect(await secret).toBe('hunter2 ✓ two');
    expect(terminal.input.raw).toBe(false);
    // The prompt and a line end; never a typed character.
    expect(terminal.written()).toBe('Password: \n');
  });

  it('gives up on Ctrl-C at a terminal', async () => {
    const terminal = fakeTerminal();
    const secret = readSecret('Password: ', terminal);
    terminal.input.write('half\u0003');
    await expect(secret).rejects.toThrow('cancelled');
    expect(terminal.input.raw).toBe(false);
  });
});

describe('the create-admin command', () => {
  it('reads the password piped to it, so it never appears among its arguments', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-cli-stdin-'));
    try {
      const args = [
        '--import',
        'tsx',
        path.join(root, 'apps/server/src/cli/create-admin.ts'),
        '--email',
        'piped@example.com',
        '--first-name',
        'Pipe',
        '--last-name',
        'Line',
      ];
      const run = spawnSync(process.execPath, args, {
        input: 'a piped admin passphrase\n',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SCRYPT_LOG2_N: '12' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe('Created admin account piped@example.com.\n');
      expect(run.status).toBe(0);
      const database = await openPglite(dataDir);
      try {
        const [admin] = await database.db.select().from(users);
        expect(admin?.role).toBe('admin');
        expect(await passwords.verify('a piped admin passphrase', admin?.passwordHash ?? '')).toBe(
          true,
        );
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
