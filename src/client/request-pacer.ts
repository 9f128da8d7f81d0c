/**
 * Keeps a client inside an upstream's limits by what the upstream says (docs/sources.md, "Pacing"). Its
 * RateLimit headers (upstream-limits.ts) decide: a used-up quota holds the next request until it resets,
 * and a quota that remains, or an upstream that exempts this address, lets it go at once. Only while the
 * upstream has said nothing does the interface's published rule hold: one request per 3 s, one `/all` per
 * 60 s (docs/limits.md). A 429's `Retry-After` and a retry's backoff hold requests too. Each wait keeps
 * why it is needed, so the client can announce it as it starts. Waiting here is cheaper than a 429, and
 * five 429s in a row would blacklist the address for 30 minutes.
 */
import type { ClientClock } from './client-clock.js';
import { readUpstreamLimits } from './upstream-limits.js';

export interface PacerLimits {
  /** Least time between two requests of any kind. */
  requestGapMs: number;
  /** Least time between two `/all` requests. */
  fullDumpGapMs: number;
}

export const PUBLISHED_LIMITS: PacerLimits = { requestGapMs: 3_000, fullDumpGapMs: 60_000 };

/** When the next request of a kind may go, and why then. */
interface Gate {
  at: number;
  why: string;
}

const OPEN: Gate = { at: Number.NEGATIVE_INFINITY, why: '' };

export class RequestPacer {
  private request: Gate = OPEN;
  private fullDump: Gate = OPEN;
  /** The upstream has sent a readable RateLimit header: from then on its word, not the published rule, paces. */
  private informed = false;
  /** Policies seen on answers that were not full dumps: they count every request, not only `/all`. */
  private readonly generalPolicies = new Set<string>();

  constructor(
    private readonly clock: ClientClock,
    private readonly limits: PacerLimits,
  ) {}

  /** How long the next request (a full dump or not) would wait now, and why. */
  waitBefore(fullDump: boolean): { ms: number; why: string } {
    const gate = fullDump && this.fullDump.at > this.request.at ? this.fullDump : this.request;
    return { ms: Math.max(0, gate.at - this.clock.now()), why: gate.why };
  }

  /** Waits for the turn of a request and books it under the published rule while the upstream is silent. */
  async take(fullDump: boolean, signal?: AbortSignal): Promise<void> {
    const { ms } = this.waitBefore(fullDump);
    if (ms > 0) await this.clock.sleep(ms, signal);
    if (this.informed) return;
    const now = this.clock.now();
    const why = 'the published limits (the upstream sends no RateLimit header)';
    this.request = { at: now + this.limits.requestGapMs, why: `next request allowed by ${why}` };
    if (fullDump) this.fullDump = { at: now + this.limits.fullDumpGapMs, why: `next full dump allowed by ${why}` };
  }

  /** An answer arrived: what its headers say replaces the booking the published rule made for it. */
  observe(headers: Headers, fullDump: boolean): void {
    const said = readUpstreamLimits(headers);
    if (!said.spoke) return;
    this.informed = true;
    const now = this.clock.now();
    let request = OPEN;
    let dump = OPEN;
    for (const { policy, ms } of said.waits) {
      if (!fullDump) this.generalPolicies.add(policy);
      const gate = { at: now + ms, why: `the upstream's RateLimit header (policy "${policy}")` };
      if ((!fullDump || this.generalPolicies.has(policy)) && gate.at > request.at) request = gate;
      if (gate.at > dump.at) dump = gate;
    }
    this.request = request;
    if (fullDump || dump.at > this.fullDump.at) this.fullDump = dump;
  }

  /** Nothing goes out for `ms` (a 429's Retry-After, a retry's backoff), for the reason given (it wins a tie). */
  holdOff(ms: number, fullDump: boolean, why: string): void {
    const gate = { at: this.clock.now() + ms, why };
    if (gate.at >= this.request.at) this.request = gate;
    if (fullDump && gate.at >= this.fullDump.at) this.fullDump = gate;
  }
}
