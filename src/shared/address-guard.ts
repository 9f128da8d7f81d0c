/**
 * The address rule for destinations someone typed in (docs/architecture.md, "Outbound requests"): an
 * upstream source's URL, a `mirror` target. A moderator who may register a source must not make the
 * server fetch its own ports, the private network or a cloud's metadata endpoint, so such a request may
 * reach only public unicast addresses: never loopback, private (RFC 1918, IPv6 unique-local), link-local
 * (the 169.254.169.254 metadata address among them), unspecified, carrier-grade NAT, multicast, broadcast
 * or reserved space, nor an IPv6 form that embeds such an IPv4 address (mapped, 6to4, Teredo, NAT64).
 * `SOURCES_ALLOW_PRIVATE` (CIDRs) lets an operator mirror an instance on their own network.
 *
 * It is checked twice. The literal host first (the URL parser has already turned `127.1`, `2130706433`
 * and `0x7f000001` into `127.0.0.1`), so no request starts; then every address a name resolves to, at
 * connect time, in the `lookup` of the undici dispatcher the request goes through, so a name that
 * resolves to a private address, or rebinds to one after a first check, is refused at the socket, and
 * redirects meet the same rule. Link checks and the Telegram reader talk to fixed provider hosts and do
 * not use it (their caller chooses: `CappedRequest.guard`).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent, type Dispatcher } from 'undici';

/** The code of a refusal by the rule, on the error the request fails with. */
export const ADDRESS_REFUSED = 'ERR_ADDRESS_REFUSED';

export class AddressRefusedError extends Error {
  readonly code = ADDRESS_REFUSED;
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;

export class AddressGuard {
  private readonly allowed: Array<[Parsed, number]>;
  /** Connections made through it meet the rule at connect time (the resolved addresses). */
  readonly dispatcher: Dispatcher;

  constructor(allowPrivate: readonly string[] = []) {
    this.allowed = allowPrivate.map((cidr) => (cidr.includes('/') ? ipaddr.parseCIDR(cidr) : single(ipaddr.parse(cidr))));
    this.dispatcher = new Agent({ connect: { lookup: (host, options, callback) => this.lookup(host, options, callback) } });
  }

  /** Why a request to `hostname` (a URL's, brackets and all) is refused before it starts; undefined when it may go. */
  refusalOfHost(hostname: string): string | undefined {
    const bare = hostname.replace(/^\[(.*)\]$/, '$1');
    if (ipaddr.isValid(bare)) return this.refusalOf(hostname, bare);
    const name = bare.toLowerCase().replace(/\.$/, '');
    if (name === 'localhost' || name.endsWith('.localhost')) return this.refusalOf(hostname, '127.0.0.1');
    return undefined;
  }

  /**
   * Why a connection to `host` at the address `ip` is refused, naming the rule and the kind of address
   * (not the address a name resolved to); undefined when it may go.
   */
  refusalOf(host: string, ip: string): string | undefined {
    let address: Parsed = ipaddr.parse(ip);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
    if (address.range() === 'unicast') return undefined;
    if (this.allowed.some(([network, bits]) => network.kind() === address.kind() && address.match(network, bits))) return undefined;
    return `the address rule refuses ${host}: a ${address.range()} address (only public addresses, or those in SOURCES_ALLOW_PRIVATE)`;
  }

  private lookup(
    host: string,
    options: object,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void {
    dnsLookup(host, { ...(options as LookupAllOptions), all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refusal = addresses.map((found) => this.refusalOf(host, found.address)).find((reason) => reason !== undefined);
      if (refusal) return callback(new AddressRefusedError(refusal), []);
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  }
}

const shared = new Map<string, AddressGuard>();

/** One guard (and one connection pool) per allow-list in a process: polls and mirror rounds share it. */
export function addressGuard(allowPrivate: readonly string[]): AddressGuard {
  const key = allowPrivate.join(',');
  let guard = shared.get(key);
  if (!guard) {
    guard = new AddressGuard(allowPrivate);
    shared.set(key, guard);
  }
  return guard;
}

function single(address: Parsed): [Parsed, number] {
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}
