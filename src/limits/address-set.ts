/**
 * A set of addresses and CIDRs (`EXEMPT_ADDRESSES`): monitoring and load balancers that are never
 * limited. Entries are parsed once; a request's address is parsed only when the set is not empty.
 */
import ipaddr from 'ipaddr.js';
import type { Config } from '../config/config.js';
import { normalizeAddress } from '../http/client-address.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
const RECENT_MAX = 10_000;

export class AddressSet {
  private readonly ranges: Range[];
  private readonly recent = new Map<string, boolean>();

  constructor(entries: string[]) {
    this.ranges = entries.map((entry) => {
      if (entry.includes('/')) return ipaddr.parseCIDR(entry);
      const address = ipaddr.process(entry);
      return [address, address.kind() === 'ipv4' ? 32 : 128];
    });
  }

  get empty(): boolean {
    return this.ranges.length === 0;
  }

  /** Whether `address` (as the socket or a trusted proxy gave it) is in the set. */
  has(address: string): boolean {
    if (this.ranges.length === 0) return false;
    // Parsing an address costs microseconds and clients repeat theirs: remember recent answers.
    let answer = this.recent.get(address);
    if (answer === undefined) {
      answer = this.matches(address);
      if (this.recent.size >= RECENT_MAX) this.recent.clear();
      this.recent.set(address, answer);
    }
    return answer;
  }

  private matches(address: string): boolean {
    const canonical = normalizeAddress(address);
    if (canonical === undefined) return false;
    const parsed = ipaddr.parse(canonical);
    return this.ranges.some(([network, bits]) => {
      if (network.kind() === parsed.kind()) return parsed.match(network, bits);
      // A mapped IPv6 range (::ffff:10.0.0.0/104) also covers the IPv4 addresses it maps.
      if (network.kind() === 'ipv6' && parsed.kind() === 'ipv4') return (parsed as ipaddr.IPv4).toIPv4MappedAddress().match(network, bits);
      return false;
    });
  }
}

/** Peers the per-address connection cap leaves alone: trusted proxies (every client behind them) and exempt addresses. */
export function unboundedPeers(config: Config): (address: string) => boolean {
  const peers = new AddressSet([...config.trustProxy, ...config.exemptAddresses]);
  return (address) => peers.has(address);
}
