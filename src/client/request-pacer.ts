/**
 * Keeps a client inside a catalogue's published limits (docs/limits.md): one request per 3 s over every
 * endpoint, one `/all` per 60 s, and whatever wait an upstream asks for in `Retry-After`/`retry_after`.
 * Waiting here is cheaper than a 429, and five 429s in a row would blacklist the address for 30 minutes.
 */
import type { ClientClock } from './client-clock.js';

export interface PacerLimits {
  /** Least time between two requests of any kind. */
  requestGapMs: number;
  /** Least time between two `/all` requests. */
  fullDumpGapMs: number;
}

export const PUBLISHED_LIMITS: PacerLimits = { requestGapMs: 3_000, fullDumpGapMs: 60_000 };

export class RequestPacer {
  private nextRequestAt = Number.NEGATIVE_INFINITY;
  private nextFullDumpAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly clock: ClientClock,
    private readonly limits: PacerLimits,
  ) {}

  /** How long the next request (a full dump or not) would wait now. */
  waitBefore(fullDump: boolean): number {
    const at = fullDump ? Math.max(this.nextRequestAt, this.nextFullDumpAt) : this.nextRequestAt;
    return Math.max(0, at - this.clock.now());
  }

  /** Waits for the turn of a request and books it. */
  async take(fullDump: boolean, signal?: AbortSignal): Promise<void> {
    const wait = this.waitBefore(fullDump);
    if (wait > 0) await this.clock.sleep(wait, signal);
    const now = this.clock.now();
    this.nextRequestAt = now + this.limits.requestGapMs;
    if (fullDump) this.nextFullDumpAt = now + this.limits.fullDumpGapMs;
  }

  /** The upstream asked for `ms` of quiet (a 429): nothing goes out before it is over. */
  holdOff(ms: number, fullDump: boolean): void {
    const until = this.clock.now() + ms;
    this.nextRequestAt = Math.max(this.nextRequestAt, until);
    if (fullDump) this.nextFullDumpAt = Math.max(this.nextFullDumpAt, until);
  }
}
