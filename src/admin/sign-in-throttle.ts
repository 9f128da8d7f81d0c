/**
 * The sign-in throttle (docs/console.md, "Signing in"), after OWASP's Authentication cheat sheet. Every
 * attempt is counted before its password is verified, with the counter's atomic increment (in memory, or
 * rate-limiter-flexible's Lua script in Redis), and given back when it signs in: so a burst of parallel
 * guesses gets no more verifications than the limit, however the requests interleave.
 *
 * Two counts, with different ends:
 * - per name: after 5 failures for one name within 15 minutes, that name is refused (429) for 15 minutes,
 *   from every address. Names are counted whether or not an account has them, so the answer says nothing
 *   about which names exist, and guesses at a name that does not exist never lock one that does.
 *   `dramadex admin unlock <name>` lifts a lock early (operations/sign-in-unlock.ts).
 * - per address: after 5 failures from one address within 15 minutes, the address is slowed, not shut: one
 *   attempt per ADDRESS_PACE_SECONDS. Many people can share an address (a carrier's NAT, an office), and a
 *   stranger's guesses must not keep the owner out; the slow pace still caps how many names one address
 *   can try.
 * The counts live in the limits' counter (redis/counter.ts), so with REDIS_URL every instance counts
 * together, and a Redis outage falls back to each instance's memory like every other counter.
 */
import { addressGroup } from '../http/client-address.js';
import { lastUnlockAt } from '../operations/sign-in-unlock.js';
import { Counter, isRefusal, type Refusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import type { Database } from '../store/database.js';

export const FAILURES_ALLOWED = 5;
export const WINDOW_SECONDS = 15 * 60;
export const BLOCK_SECONDS = 15 * 60;
/** How often a slowed address may try once its failures are used up. */
export const ADDRESS_PACE_SECONDS = 30;

/** An attempt the throttle let through: to be settled once the password has been checked. */
export interface Admitted {
  refusedFor: 0;
  /** The password matched (or the check did not happen): the attempt is given back. */
  succeeded(): Promise<void>;
  /** The password did not match: the attempt stays counted; the fifth for a name locks it. */
  failed(): Promise<void>;
}

export type Admission = Admitted | { refusedFor: number };

export class SignInThrottle {
  private readonly byAddress: Counter;
  private readonly byName: Counter;
  private readonly addressPace: Counter;

  constructor(
    keyPrefix: string,
    link: RedisLink | undefined,
    private readonly database: Database,
  ) {
    const spec = { points: FAILURES_ALLOWED, durationSeconds: WINDOW_SECONDS };
    this.byAddress = new Counter({ name: 'admin-sign-in-address', ...spec }, keyPrefix, link);
    this.byName = new Counter({ name: 'admin-sign-in-name', ...spec }, keyPrefix, link);
    this.addressPace = new Counter({ name: 'admin-sign-in-pace', points: 1, durationSeconds: ADDRESS_PACE_SECONDS }, keyPrefix, link);
  }

  /** Counts an attempt before its password is looked at; refused (seconds to wait) when over a limit. */
  async admit(address: string, name: string): Promise<Admission> {
    const nameId = nameKey(name);
    const addressId = addressGroup(address);
    const byName = await this.consumeName(nameId);
    if (byName.consumedPoints > FAILURES_ALLOWED) return { refusedFor: secondsOf(byName) };
    const byAddress = await consumed(this.byAddress, addressId);
    if (byAddress.consumedPoints > FAILURES_ALLOWED) {
      const paced = await consumed(this.addressPace, addressId);
      if (paced.consumedPoints > 1) {
        // Not checked, so not counted: a slowed address cannot lock a name by being turned away.
        await Promise.all([this.byName.reward(nameId), this.byAddress.reward(addressId)]);
        return { refusedFor: secondsOf(paced) };
      }
    }
    return {
      refusedFor: 0,
      succeeded: async () => {
        await Promise.all([this.byName.reward(nameId), this.byAddress.reward(addressId)]);
      },
      failed: async () => {
        if (byName.consumedPoints >= FAILURES_ALLOWED) await this.byName.set(nameId, FAILURES_ALLOWED, BLOCK_SECONDS);
      },
    };
  }

  /** Counts an attempt at a name; over the limit, an unlock recorded since the lock began forgets the count. */
  private async consumeName(nameId: string): Promise<Refusal> {
    const counted = await consumed(this.byName, nameId);
    if (counted.consumedPoints <= FAILURES_ALLOWED) return counted;
    const unlockedAt = await lastUnlockAt(this.database, nameId, nameKey);
    const lockBegan = Date.now() + counted.msBeforeNext - BLOCK_SECONDS * 1000;
    if (unlockedAt === undefined || unlockedAt < lockBegan) return counted;
    await this.byName.delete(nameId);
    return consumed(this.byName, nameId);
  }
}

/** One count: the counter's answer, over the limit included (an answer here, not an error). */
async function consumed(counter: Counter, key: string): Promise<Refusal> {
  return counter.consume(key).catch((error: unknown) => {
    if (isRefusal(error)) return error;
    throw error;
  });
}

const secondsOf = (refusal: Refusal) => Math.max(Math.ceil(refusal.msBeforeNext / 1000), 1);

/** Names are counted case-folded and NFKC-normalised, so `Admin` and `ａｄｍｉｎ` share a count. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().slice(0, 128);
}
