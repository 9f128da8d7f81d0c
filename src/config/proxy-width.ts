/**
 * How wide `TRUST_PROXY` may be (docs/limits.md, on who the client is): each entry at most an
 * IPv4 /8 or an IPv6 /32, IPv4-mapped IPv6 ranges counted as IPv4 (Node reports IPv4 peers of a
 * dual-stack socket as `::ffff:a.b.c.d`, so `::ffff:0:0/96` trusts every IPv4 client), and no set of
 * entries that together cover every IPv4 address. A trusted proxy's `X-Forwarded-For` decides who the
 * client is, so trusting too much hands every client the choice of its own address.
 */
import ipaddr from 'ipaddr.js';

export const WIDEST_IPV4_PREFIX = 8;
export const WIDEST_IPV6_PREFIX = 32;
const MAPPED = ipaddr.IPv6.parse('::ffff:0:0');
const IPV4_SPACE = 2 ** 32;

/** Why the list is too wide, or undefined when it is not. Entries are already known to parse. */
export function proxyWidthProblem(entries: string[]): string | undefined {
  const ipv4Ranges: Array<[number, number]> = [];
  for (const entry of entries) {
    if (!entry.includes('/')) continue;
    const [network, bits] = ipaddr.parseCIDR(entry);
    let ipv4: [ipaddr.IPv4, number] | undefined;
    if (network.kind() === 'ipv4') ipv4 = [network as ipaddr.IPv4, bits];
    else if (bits <= 96 && MAPPED.match(network, bits))
      return `"${entry}" contains every IPv4-mapped address, so it trusts every IPv4 client`;
    else if (bits > 96 && (network as ipaddr.IPv6).match(MAPPED, 96)) ipv4 = [(network as ipaddr.IPv6).toIPv4Address(), bits - 96];
    else if (bits < WIDEST_IPV6_PREFIX) return `"${entry}" is wider than an IPv6 /${WIDEST_IPV6_PREFIX}`;
    if (ipv4 === undefined) continue;
    const [address, prefix] = ipv4;
    if (prefix < WIDEST_IPV4_PREFIX) return `"${entry}" is wider than an IPv4 /${WIDEST_IPV4_PREFIX}`;
    const start = address.toByteArray().reduce((value, byte) => value * 256 + byte, 0);
    const size = 2 ** (32 - prefix);
    const first = start - (start % size);
    ipv4Ranges.push([first, first + size]);
  }
  return coversEveryIpv4(ipv4Ranges) ? 'together the entries cover every IPv4 address' : undefined;
}

function coversEveryIpv4(ranges: Array<[number, number]>): boolean {
  let reached = 0;
  for (const [start, end] of ranges.sort((a, b) => a[0] - b[0])) {
    if (start > reached) return false;
    reached = Math.max(reached, end);
  }
  return reached >= IPV4_SPACE;
}
