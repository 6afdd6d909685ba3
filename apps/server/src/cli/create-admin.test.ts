import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/client';
import { users } from '../db/schema';
import { createPasswordHasher } from '../lib/password';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database';
import { type CliIo, PASSWORD_ARGUMENT_WARNING, runCreateAdmin } from './create-admin';

/** Verifies a stored hash at the parameters stored in it, whatever the cost of new hashes. */
const passwords = createPasswordHasher();

const ARGS = ['--email', 'Boss@Example.com', '--first-name', 'Grace', '--last-name', 'Hopper'];

/** The CLI's output, and `password` typed when it asks for one. */
function capture(password?: string) {
  const lines: string[] = [];
  const out: CliIo = {
    log: (l: string) => lines.push(l),
    error: (l: string) => lines.push(l),
    readPassword: async () => {
      if (password === undefined) throw new Error('no password was expected to be asked for');
      return password;
    },
  };
  return { lines, out };
}

describe.each(TEST_DATABASE_KINDS)('create-admin CLI on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-cli-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  });

  async function env() {
    if (kind === 'pglite') return { DATA_DIR: dataDir };
    if (!databaseUrl) {
      const database = await createTestDatabase('postgres');
      databaseUrl = database.url;
      dropDatabase = database.close;
    }
    return { DATABASE_URL: databaseUrl };
  }

  async function readUsers() {
    if (kind === 'pglite') {
      const database = await openPglite(dataDir);
      try {
        return await database.db.select().from(users);
      } finally {
        await database.close();
      }
    }
    const { openPostgres } = await import('../db/client');
    const database = await openPostgres(databaseUrl ?? '');
    try {
      return await database.db.select().from(users);
    } finally {
      await database.close();
    }
  }

  it('creates an admin account when the email is new, with the password read from standard input', async () => {
    const { lines, out } = capture('a long admin passphrase');
    expect(await runCreateAdmin(ARGS, await env(), out)).toBe(0);
    expect(lines).toEqual(['Created admin account boss@example.com.']);
    const [admin] = await readUsers();
    expect(admin).toMatchObject({
      email: 'boss@example.com',
      role: 'admin',
      isActive: true,
      firstName: 'Grace',
    });
    expect(await passwords.verify('a long admin passphrase', admin?.passwordHash ?? '')).toBe(true);
  });

  it('promotes an existing account and keeps its password and name', async () => {
    const { lines, out } = capture();
    const code = await runCreateAdmin(
      [
        '--email',
        'boss@example.com',
        '--password',
        'another passphrase!',
        '--first-name',
        'X',
        '--last-name',
        'Y',
      ],
      await env(),
      out,
    );
    expect(code).toBe(0);
    // A password on the command line still works, with a warning that others can see it.
    expect(lines[0]).toBe(PASSWORD_ARGUMENT_WARNING);
    expect(lines[1]).toMatch(/^Promoted existing account boss@example.com/);
    const all = await readUsers();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ role: 'admin', firstName: 'Grace' });
    expect(await passwords.verify('a long admin passphrase', all[0]?.passwordHash ?? '')).toBe(
      true,
    );
  });

  it('refuses missing or bad arguments and names the flag', async () => {
    const { lines, out } = capture();
    expect(
      await runCreateAdmin(['--email', 'x@example.com', '--password', 'short'], await env(), out),
    ).toBe(2);
    expect(lines.join('\n')).toMatch(/--password: Password must be at least 12 characters/);
    expect(lines.join('\n')).toMatch(/--first-name: /);
    expect(await runCreateAdmin(['--bogus'], await env(), capture().out)).toBe(2);
    const malformed = capture('a long admin passphrase');
    const badEmail = ['--email', 'not-an-email', ...ARGS.slice(2)];
    expect(await runCreateAdmin(badEmail, await env(), malformed.out)).toBe(2);
    expect(malformed.lines[0]).toBe('--email: Enter a valid email address');
    // A short password read from standard input is named as the flag would be.
    const short = capture('short');
    expect(await runCreateAdmin(ARGS, await env(), short.out)).toBe(2);
    expect(short.lines[0]).toMatch(/^--password: Password must be at least 12 characters/);
    // Input that ends before a line is refused with a message.
    const ended = capture();
    ended.out.readPassword = () => Promise.reject(new Error('standard input ended'));
    expect(await runCreateAdmin(ARGS, await env(), ended.out)).toBe(2);
    expect(ended.lines).toEqual(['Could not read the password: standard input ended']);
    const promoted = (await readUsers()).filter((u) => u.email === 'x@example.com');
    expect(promoted).toEqual([]);
  });
});

describe('no default accounts', () => {
  it('a new database has no users at all', async () => {
    const database = await createTestDatabase('pglite');
    expect(await database.db.select().from(users).where(eq(users.role, 'admin'))).toEqual([]);
    expect(await database.db.select().from(users)).toEqual([]);
    await database.close();
  });
});
