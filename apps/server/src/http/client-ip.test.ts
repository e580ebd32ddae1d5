import { describe, expect, it } from 'vitest';
import { clientIpKey } from './client-ip.ts';

describe('clientIpKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientIpKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientIpKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('gives every address of one IPv6 /64 the same key, whatever its spelling', () => {
    const keys = new Set(
      [
        '2001:db8:85a3:1:0:0:0:1',
        '2001:0db8:85a3:0001:ffff:ffff:ffff:ffff',
        '2001:DB8:85A3:1::abcd',
        '2001:db8:85a3:1:1:2:3:4',
        '[2001:db8:85a3:1::9]',
        'fe80::1%eth0'.replace('fe80::1', '2001:db8:85a3:1::1'),
      ].map(clientIpKey),
    );
    expect([...keys]).toEqual(['2001:db8:85a3:1::/64']);
  });

  it('gives neighbouring /64 prefixes different keys', () => {
    expect(clientIpKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientIpKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientIpKey('::1')).toBe('0:0:0:0::/64');
  });
});
