import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock';

describe('data dir lock', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the lock with our pid and releases it', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-lock-'));
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'cogni.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'cogni.lock'))).toBe(false);
  });

  it('refuses a folder locked by a live process', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-lock-'));
    // pid 1 always exists.
    writeFileSync(path.join(dir, 'cogni.lock'), '1');
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(/in use by process 1/);
  });

  it('takes over the lock of a dead process', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-lock-'));
    writeFileSync(path.join(dir, 'cogni.lock'), '2147483646');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'cogni.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('treats an unreadable lock as held', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cogni-lock-'));
    writeFileSync(path.join(dir, 'cogni.lock'), '');
    expect(() => acquireDataDirLock(dir)).toThrow(/unreadable lock file/);
  });
});
