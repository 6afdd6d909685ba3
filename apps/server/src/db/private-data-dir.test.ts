import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../env';
import { captureLog } from '../testing/capture-log';
import { openPglite } from './client';
import { openConfiguredDatabase } from './open-configured';
import { makeDataDirPrivate } from './private-data-dir';

/** Every file and folder under `dir` (itself included), with its permission bits. */
function modesUnder(dir: string) {
  const found = [{ path: dir, mode: statSync(dir).mode & 0o777, isFolder: true }];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(entry.parentPath, entry.name);
    found.push({ path: full, mode: statSync(full).mode & 0o777, isFolder: entry.isDirectory() });
  }
  return found;
}

const openToOthers = (modes: ReturnType<typeof modesUnder>) =>
  modes.filter(({ mode }) => mode & 0o077).map(({ path }) => path);

/** Whether the unprivileged user `nobody` can read the file (only checkable as root). */
function nobodyCanRead(file: string): boolean | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const result = spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file], { stdio: 'ignore' });
  if (result.error) return undefined;
  return result.status === 0;
}

describe('the embedded database’s folder', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is created readable by its owner only, and at rest so is everything PGlite writes in it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-private-'));
    const dataDir = path.join(dir, 'data');
    const database = await openPglite(dataDir);
    // Enough writes for PGlite to create files after the open.
    await database.db.execute(sql`create table filler (n int)`);
    await database.db.execute(sql`insert into filler select generate_series(1, 20000)`);
    await database.db.execute(sql`checkpoint`);
    await database.close();
    const modes = modesUnder(dataDir);
    expect(modes.length).toBeGreaterThan(100);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(openToOthers(modes)).toEqual([]);
    const wal = path.join(dataDir, 'pglite', 'pg_wal');
    const segment = readdirSync(wal).find((name) => /^[0-9A-F]{24}$/.test(name));
    expect(segment).toBeDefined();
    expect(nobodyCanRead(path.join(wal, segment ?? ''))).not.toBe(true);
  });

  it('keeps others out of the files PGlite makes while it is open', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-private-'));
    const database = await openPglite(dir);
    try {
      await database.db.execute(sql`create table filler (n int)`);
      // PGlite sets its files' modes itself (0666), whatever the umask; its folders follow the
      // umask, so nobody else can reach those files.
      const folders = modesUnder(dir).filter((entry) => entry.isFolder);
      expect(openToOthers(folders)).toEqual([]);
      const init = path.join(dir, 'pglite', 'global', 'pg_internal.init');
      expect(nobodyCanRead(init)).not.toBe(true);
    } finally {
      await database.close();
    }
  });

  it('takes group and other permissions from a folder made before, and answers what it tightened', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-private-'));
    mkdirSync(path.join(dir, 'pglite', 'pg_wal'), { recursive: true });
    // As a folder made under the usual umask (022) is; this process's umask may be stricter.
    for (const folder of [dir, path.join(dir, 'pglite'), path.join(dir, 'pglite', 'pg_wal')]) {
      chmodSync(folder, 0o755);
    }
    writeFileSync(path.join(dir, 'pglite', 'pg_wal', 'segment'), 'secret', { mode: 0o666 });
    writeFileSync(path.join(dir, 'private'), 'already', { mode: 0o600 });
    chmodSync(path.join(dir, 'pglite', 'pg_wal', 'segment'), 0o666);
    // A link is left alone: it may point anywhere.
    symlinkSync('/etc/hostname', path.join(dir, 'link'));
    expect(nobodyCanRead(path.join(dir, 'pglite', 'pg_wal', 'segment'))).not.toBe(false);
    const tightened = makeDataDirPrivate(dir);
    expect(tightened.folders.sort()).toEqual(
      [dir, path.join(dir, 'pglite'), path.join(dir, 'pglite', 'pg_wal')].sort(),
    );
    expect(tightened.files).toEqual([path.join(dir, 'pglite', 'pg_wal', 'segment')]);
    expect(openToOthers(modesUnder(dir))).toEqual([]);
    expect(statSync(path.join(dir, 'pglite', 'pg_wal', 'segment')).mode & 0o777).toBe(0o600);
    expect(statSync('/etc/hostname').mode & 0o004).toBe(0o004);
    expect(nobodyCanRead(path.join(dir, 'pglite', 'pg_wal', 'segment'))).not.toBe(true);
    // Once private, nothing more to do.
    expect(makeDataDirPrivate(dir)).toEqual({ folders: [], files: [] });
  });

  it('is tightened at start with a warning when it was open to others', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-private-'));
    chmodSync(dir, 0o755);
    const log = captureLog();
    await (await openConfiguredDatabase(parseConfig({ DATA_DIR: dir }), log.logger)).close();
    const warning = JSON.parse(log.lines()[0] ?? '{}');
    expect(warning).toMatchObject({
      level: 40,
      msg: 'DATA_DIR was open to other users of this machine: made readable by its owner only',
      dataDir: dir,
      folders: 1,
      files: 0,
    });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it('tightens files left open in private folders (a crash before close) without a warning', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-private-'));
    writeFileSync(path.join(dir, 'left-by-pglite'), 'x', { mode: 0o666 });
    chmodSync(path.join(dir, 'left-by-pglite'), 0o666);
    const log = captureLog();
    await (await openConfiguredDatabase(parseConfig({ DATA_DIR: dir }), log.logger)).close();
    expect(log.lines()).toEqual([]);
    expect(statSync(path.join(dir, 'left-by-pglite')).mode & 0o777).toBe(0o600);
  });
});
