/**
 * `/admin/entries?q=` (docs/console.md, "Pages"): find entries (entries-model.ts) and act on each: remove
 * it, show a hidden one again, re-check its link (`POST /admin/links/check`, links-routes.ts) or take it
 * down (`POST /admin/takedowns`, takedowns-routes.ts). Every action is an operation (src/operations/),
 * audited under the account's name; the page answers with the same search, so the operator sees the
 * entry as it now is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PROVIDER_IDS } from '../shared/share-links.js';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';
import {
  ENTRIES_SHOWN,
  type EntriesFilter,
  entriesFilter,
  filterQuery,
  filterSet,
  findEntries,
  sourceChannels,
  VERDICT_FILTERS,
} from './entries-model.js';
import {
  actor,
  attempt,
  confirmed,
  confirmPage,
  doneOf,
  doneRedirect,
  field,
  type Outcome,
  operationsPage,
  operationsText,
  read,
} from './operation-pages.js';

/** The entries page for a filter (or a bare `q`), with what an action just did. */
export async function entriesPage(
  admin: AdminConsole,
  request: FastifyRequest,
  reply: FastifyReply,
  wanted: EntriesFilter | string,
  outcome: Outcome = {},
) {
  const filter = typeof wanted === 'string' ? entriesFilter({ q: wanted }) : wanted;
  const found = await read(admin, findEntries(admin.catalogue, admin.database, filter));
  const list = filterQuery(filter);
  const pages = {
    shown: ENTRIES_SHOWN,
    previous: filter.page > 0 ? filterQuery(filter, filter.page - 1) : undefined,
    next: found.offset + found.rows.length < found.total ? filterQuery(filter, filter.page + 1) : undefined,
  };
  return operationsPage(admin, request, reply, 'entries', {
    q: filter.q,
    filter,
    list,
    pages,
    found,
    listing: filterSet(filter),
    providers: PROVIDER_IDS,
    channels: await read(admin, sourceChannels(admin.database)),
    verdicts: VERDICT_FILTERS,
    ...outcome,
  });
}

/** The list an action was made from (its form's `list` field), or the bare `q` of older forms. */
export function listOf(body: unknown, fallback: string): EntriesFilter {
  const list = field(body, 'list');
  if (list) return entriesFilter(Object.fromEntries(new URLSearchParams(list)));
  return entriesFilter({ q: field(body, 'q') || fallback });
}

export const ENTRIES_PAGE: ConsolePage = {
  path: '/entries',
  access: 'moderator',
  name: { zh: '条目', en: 'Entries' },
  view: 'entries',
  inNavigation: true,
  routes: entriesRoutes,
};

async function entriesRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/entries', async (request, reply) => {
    const { done, what } = doneOf(request.query);
    const o = operationsText(admin, request);
    const outcome = done === 'removed' ? { notice: o.removedTitle(what) } : done === 'shown' ? { notice: o.shownAgain(what) } : {};
    return entriesPage(admin, request, reply, entriesFilter(request.query as Record<string, unknown>), outcome);
  });

  app.post('/entries/remove', async (request, reply) => {
    const o = operationsText(admin, request);
    const link = field(request.body, 'link');
    const back = listOf(request.body, link);
    const list = filterQuery(back);
    const entry = (await read(admin, findEntries(admin.catalogue, admin.database, link))).rows.find((row) => row.source_link === link);
    if (!entry) return entriesPage(admin, request, reply, back, { problem: o.removed(0) });
    if (!confirmed(request)) {
      return confirmPage(admin, request, reply, {
        heading: o.removeHeading,
        facts: [
          { label: o.title, value: entry.title },
          { label: o.link, value: link },
        ],
        action: '/admin/entries/remove',
        fields: { link, list },
        confirmLabel: o.confirmRemove,
        cancelHref: `/admin/entries?${list}`,
      });
    }
    const outcome = await attempt(async () => {
      await admin.operations.catalogue.remove(actor(request), [link]);
      return '';
    });
    if (outcome.problem) return entriesPage(admin, request, reply, back, outcome);
    return doneRedirect(reply, '/admin/entries', 'removed', entry.title, Object.fromEntries(new URLSearchParams(list)));
  });

  // Showing again deletes nothing, so it does not ask; it still answers POST/redirect/GET, so a reload only reads.
  app.post('/entries/show', async (request, reply) => {
    const link = field(request.body, 'link');
    const back = listOf(request.body, link);
    const outcome = await attempt(async () => {
      await admin.operations.links.showAgain(actor(request), link);
      return '';
    });
    if (outcome.problem) return entriesPage(admin, request, reply, back, outcome);
    return doneRedirect(reply, '/admin/entries', 'shown', link, Object.fromEntries(new URLSearchParams(filterQuery(back))));
  });
}
