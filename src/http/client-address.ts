/**
 * What "the client's address" means everywhere (docs/decisions.md, "Limits"): the socket's peer, unless the
 * request came through a configured trusted proxy (Fastify's `trustProxy` is set from `TRUST_PROXY`, so
 * `request.ip` already holds the right hop). An IPv4-mapped IPv6 address is the IPv4 address, and IPv6
 * clients are grouped by their /64, because one household or phone rotates through a whole /64.
 */
import { isIP, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/** The request's client address in canonical form: `1.2.3.4`, or compressed IPv6 such as `2001:db8::1`. */
export function clientAddress(request: Pick<FastifyRequest, 'ip'>): string {
  return normalizeAddress(request.ip) ?? request.ip;
}

/** Canonical form of an address, `::ffff:1.2.3.4` folded to `1.2.3.4`; undefined when it is no address. */
export function normalizeAddress(text: string): string | undefined {
  // net.isIP is strict; ipaddr alone would also take legacy forms such as `127.1` or `0x7f.0.0.1`.
  if (isIP(text) === 0) return undefined;
  const parsed = ipaddr.process(text);
  return parsed.kind() === 'ipv6' ? (parsed as ipaddr.IPv6).toRFC5952String() : parsed.toString();
}

/**
 * The key that limits and bindings compare: the IPv4 address itself, or the /64 network of an IPv6
 * address (`2001:db8:1:2::/64`).
 */
export function addressGroup(address: string): string {
  // Plain IPv4 (net.isIPv4 allows no leading zeros or short forms) is already canonical: the common case.
  if (isIPv4(address)) return address;
  const normalized = normalizeAddress(address);
  if (normalized === undefined) return address;
  const parsed = ipaddr.parse(normalized);
  if (parsed.kind() === 'ipv4') return normalized;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  const network = new ipaddr.IPv6([...parts, 0, 0, 0, 0]);
  return `${network.toRFC5952String()}/64`;
}

/** Whether two addresses belong to the same client (same IPv4 address, or same IPv6 /64). */
export function sameClient(a: string, b: string): boolean {
  return addressGroup(a) === addressGroup(b);
}
