import { describe, expect, it } from 'vitest';
import { toAddressKey } from './address-key';

describe('the address a per-address limit counts', () => {
  it("is an IPv6 client's /64 network, an IPv4 address, or a mapped IPv4 address as IPv4", () => {
    expect(toAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(toAddressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(toAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(toAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(toAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(toAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(toAddressKey('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(toAddressKey(undefined)).toBe('unknown');
  });
});
