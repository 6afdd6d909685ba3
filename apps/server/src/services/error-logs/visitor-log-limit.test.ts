import { describe, expect, it } from 'vitest';
import { createVisitorLogLimit, VISITOR_LOG_WINDOW_MS } from './visitor-log-limit';
import { truncateUtf8 } from './write-error-log';

describe('the visitor limits of the error log', () => {
  it('admits entries per address and in all, then again in the next window', () => {
    const limit = createVisitorLogLimit({ perIp: 2, total: 3 });
    const admitted = (ip: string, at: number) => limit.admit(ip, at);
    expect([admitted('a', 0), admitted('a', 1), admitted('a', 2)]).toEqual([true, true, false]);
    expect([admitted('b', 3), admitted('c', 4)]).toEqual([true, false]);
    expect(admitted('a', VISITOR_LOG_WINDOW_MS)).toBe(true);
    expect(admitted('c', VISITOR_LOG_WINDOW_MS + 1)).toBe(true);
  });

  it('starts a new window when the clock goes back', () => {
    const limit = createVisitorLogLimit({ perIp: 1, total: 10 });
    expect(limit.admit('a', 10_000)).toBe(true);
    expect(limit.admit('a', 10_001)).toBe(false);
    expect(limit.admit('a', 5_000)).toBe(true);
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
