/**
 * Why `links check` found nothing to check (docs/link-health.md, "Operations"): an empty catalogue,
 * entries never enrolled (the demo data set is never checked), no link of a provider we check, providers
 * paused, or simply nothing due yet (then when the next link is due). One line, instead of "checked 0 links".
 */
import type { ProviderGuards } from '../links/provider-guards.js';
import { PROVIDER_IDS, type ProviderId } from '../shared/share-links.js';
import type { Database } from '../store/database.js';

export async function nothingDueReason(database: Database, guards: ProviderGuards, provider: ProviderId | undefined): Promise<string> {
  const { db } = database;
  const count = async (query: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }) =>
    Number((await query.executeTakeFirst())?.n ?? 0);
  const entries = await count(db.selectFrom('entries').select((eb) => eb.fn.countAll().as('n')));
  if (entries === 0) return 'nothing to check: the catalogue holds no entries';
  let states = db.selectFrom('link_states').select((eb) => eb.fn.countAll().as('n'));
  const checkable = await count(states.where('provider', 'is not', null));
  const enrolled = await count(states);
  if (enrolled === 0) {
    return `nothing to check: none of the ${entries} entries is enrolled for checks (the demo data set, loaded by \`serve --demo\`, is never checked; \`import\` your own catalogue)`;
  }
  if (checkable === 0) return `nothing to check: no entry has a share link of a provider we check (${PROVIDER_IDS.join(', ')})`;
  if (provider) states = states.where('provider', '=', provider);
  const now = Date.now();
  const paused = (await guards.states(now)).filter((state) => state.pausedUntil > now && (!provider || state.provider === provider));
  const next = await db
    .selectFrom('link_states')
    .select((eb) => eb.fn.min('due_at').as('due'))
    .where('priority', 'is not', null)
    .$if(provider !== undefined, (query) => query.where('provider', '=', provider as ProviderId))
    .executeTakeFirst();
  const parts = [
    provider && (await count(states)) === 0 ? `no ${provider} link in the catalogue` : '',
    next?.due != null && Number(next.due) > now ? `nothing is due before ${new Date(Number(next.due)).toISOString()}` : '',
    next?.due != null && Number(next.due) <= now ? 'the due links are leased by a running instance' : '',
    ...paused.map(
      (state) => `${state.provider} paused until ${new Date(state.pausedUntil).toISOString()} (${state.pauseReason ?? 'a throttle'})`,
    ),
  ].filter(Boolean);
  return `nothing to check: ${parts.join('; ') || 'no link waits for a check'}`;
}
