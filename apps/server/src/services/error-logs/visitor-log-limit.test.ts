import { describe, expect, it } from 'vitest';
import { createVisitorLogLimit, toAddressKey, VISITOR_LOG_WINDOW_MS } from './visitor-log-limit';
import { truncateUtf8 } from './write-error-log';

describe('the visitor limits of the error log', () => {
  it('admits entries per address and in all, then again in the next window', () => {
    const limit = createVisitorLogLimit({ perIp: 2, total: 3 });
    const admit = (ip: string, at: number) => limit.admit(ip, at);
    expect([admit('1.1.1.1', 0), admit('1.1.1.1', 1), admit('1.1.1.1', 2)]).toEqual([
      'admitted',
      'admitted',
      'address',
    ]);
    expect([admit('2.2.2.2', 3), admit('3.3.3.3', 4)]).toEqual(['admitted', 'total']);
    expect(admit('1.1.1.1', VISITOR_LOG_WINDOW_MS)).toBe('admitted');
    expect(admit('3.3.3.3', VISITOR_LOG_WINDOW_MS + 1)).toBe('admitted');
  });

  it('starts a new window when the clock goes back', () => {
    const limit = createVisitorLogLimit({ perIp: 1, total: 10 });
    expect(limit.admit('a', 10_000)).toBe('admitted');
    expect(limit.admit('a', 10_001)).toBe('address');
    expect(limit.admit('a', 5_000)).toBe('admitted');
  });

  it('counts an IPv6 client by its /64 network, and a mapped IPv4 address as IPv4', () => {
    expect(toAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(toAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(toAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(toAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(toAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(toAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(toAddressKey(undefined)).toBe('unknown');
    const limit = createVisitorLogLimit({ perIp: 1, total: 10 });
    expect(limit.admit('2001:db8:1:2::1', 0)).toBe('admitted');
    expect(limit.admit('2001:db8:1:2::2', 1)).toBe('address');
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
