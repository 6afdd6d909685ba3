import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env';
import { DEFAULT_HASHING_BUSY_NICE } from './lib/password';

describe('configuration', () => {
  it('has defaults that start the app on the embedded database at port 3000', () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe(path.resolve('data'));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.HASHING_PRIORITY).toBe('adaptive');
    expect(config.HASHING_BUSY_NICE).toBe(DEFAULT_HASHING_BUSY_NICE);
    expect(config.RATE_LIMIT_ERROR_REPORTS_PER_USER).toBe(60);
    expect(config.RATE_LIMIT_ERROR_REPORT_BYTES_PER_USER).toBe(100_000);
  });

  it('reads PORT, DATA_DIR, DATABASE_URL, HASHING_PRIORITY and HASHING_BUSY_NICE', () => {
    const config = parseConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://app@db:5432/cogni',
      APP_ORIGIN: 'https://cogni.example.org/',
      HASHING_PRIORITY: 'background',
      HASHING_BUSY_NICE: '5',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://app@db:5432/cogni',
      APP_ORIGIN: 'https://cogni.example.org',
      HASHING_PRIORITY: 'background',
      HASHING_BUSY_NICE: 5,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x@y/z' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ HASHING_PRIORITY: 'low' }, 'HASHING_PRIORITY'],
    [{ HASHING_BUSY_NICE: '20' }, 'HASHING_BUSY_NICE'],
    [{ HASHING_BUSY_NICE: '2.5' }, 'HASHING_BUSY_NICE'],
    [{ HASHING_BUSY_NICE: 'low' }, 'HASHING_BUSY_NICE'],
    [{ RATE_LIMIT_ERROR_REPORT_BYTES_PER_USER: '100' }, 'RATE_LIMIT_ERROR_REPORT_BYTES_PER_USER'],
  ])('refuses %o with a message naming %s', (env, name) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('never prints the password of a bad DATABASE_URL', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://app:s3cret@db/x' })).toThrow(
      'DATABASE_URL: must start with postgres:// or postgresql:// (got "mysql://app:***@db/x")',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });
});
