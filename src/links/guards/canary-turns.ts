/**
 * The canary's state in a provider's `link_guards` row (docs/link-health.md, "Canaries"): whose turn a
 * cycle's canary check is (one conditional UPDATE, so one instance of the deployment asks it per cycle)
 * and its last answer, which the breaker reads to keep another instance's deads suspect while it fails.
 * The check itself is canary.ts.
 */
import type { Kysely } from 'kysely';
import type { ProviderId } from '../../shared/share-links.js';
import type { Schema } from '../../store/schema.js';

/** Takes the canary's turn of this cycle: true when `cycleMs` passed since the last one. */
export async function claimCanaryTurn(db: Kysely<Schema>, provider: ProviderId, now: number, cycleMs: number): Promise<boolean> {
  const rows = await db
    .updateTable('link_guards')
    .set({ canary_checked_at: now })
    .where('provider', '=', provider)
    .where('canary_checked_at', '<=', now - cycleMs)
    .returning('provider')
    .execute();
  return rows.length > 0;
}

/** The canary's answer of this cycle (its reason cut short). */
export async function recordCanaryAnswer(
  db: Kysely<Schema>,
  provider: ProviderId,
  verdict: string,
  reason: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('link_guards')
    .set({ canary_verdict: verdict, canary_reason: reason.slice(0, 200), canary_checked_at: now })
    .where('provider', '=', provider)
    .execute();
}
