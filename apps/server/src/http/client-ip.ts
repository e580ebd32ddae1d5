import { isIPv6 } from 'node:net';

/**
 * The key every per-IP limit counts under (DESIGN.md §7): the address itself for IPv4, the /64
 * prefix for IPv6, since one subscriber is routinely given a whole /64 and could otherwise rotate
 * through 2^64 addresses to escape any per-address limit. IPv4-mapped IPv6 addresses
 * (`::ffff:1.2.3.4`) count as the IPv4 address they carry.
 */
export function clientIpKey(ip: string): string {
  const address =
    ip
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .split('%')[0] ?? '';
  // An IPv4 address (every request behind a proxy on the same network, and most others): no IPv6
  // parsing, which is a large regular expression on every limited request.
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros (an embedded IPv4 tail included). */
function expandIpv6(address: string): string[] {
  let text = address;
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  return groups.map((g) => (parseInt(g, 16) || 0).toString(16));
}
