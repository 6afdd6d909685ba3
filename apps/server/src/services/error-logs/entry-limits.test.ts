import { describe, expect, it } from 'vitest';
import { createEntryLimit, ENTRY_LIMIT_WINDOW_MS } from './entry-limits';
import { truncateUtf8 } from './write-error-log';

describe('the entry limits of the error log', () => {
  it('admits entries per address and in all, then again in the next window', () => {
    const limit = createEntryLimit({ perSubject: 2, total: 3 });
    const admit = (ip: string, at: number) => limit.admit(ip, at);
    expect([admit('1.1.1.1', 0), admit('1.1.1.1', 1), admit('1.1.1.1', 2)]).toEqual([
      'admitted',
      'admitted',
      'subject',
    ]);
    expect([admit('2.2.2.2', 3), admit('3.3.3.3', 4)]).toEqual(['admitted', 'total']);
    expect(admit('1.1.1.1', ENTRY_LIMIT_WINDOW_MS)).toBe('admitted');
    expect(admit('3.3.3.3', ENTRY_LIMIT_WINDOW_MS + 1)).toBe('admitted');
  });

  it('starts a new window when the clock goes back', () => {
    const limit = createEntryLimit({ perSubject: 1, total: 10 });
    expect(limit.admit('a', 10_000)).toBe('admitted');
    expect(limit.admit('a', 10_001)).toBe('subject');
    expect(limit.admit('a', 5_000)).toBe('admitted');
  });
});

describe('truncateUtf8', () => {
  const bytes = (text: string) => new TextEncoder().encode(text).length;

  it('keeps text that fits and cuts the rest at a character boundary', () => {
    expect(truncateUtf8('short', 10)).toBe('short');
    const cut = truncateUtf8('é'.repeat(100), 20);
    expect(bytes(cut)).toBeLessThanOrEqual(20);
    expect(cut).toBe(`${'é'.repeat(8)}…`);
    // An emoji is two UTF-16 units and four bytes: never split in half.
    const emoji = truncateUtf8('😀'.repeat(10), 13);
    expect(emoji).toBe('😀😀…');
  });
});
