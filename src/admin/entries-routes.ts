/**
 * `/admin/entries?q=` (docs/console.md, "Pages"): find entries (entries-model.ts) and act on each: remove
 * it, show a hidden one again, re-check its link (`POST /admin/links/check`, links-routes.ts) or take it
 * down (`POST /admin/takedowns`, takedowns-routes.ts). Every action is an operation (src/operations/),
 * audited under the account's name; the page answers with the same search, so the operator sees the
 * entry as it now is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConsole } from './console.js';
import { findEntries } from './entries-model.js';
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

/** The entries page for `q`, with what an action just did. */
export async function entriesPage(admin: AdminConsole, request: FastifyRequest, reply: FastifyReply, q: string, outcome: Outcome = {}) {
  const found = await read(admin, findEntries(admin.catalogue, admin.database, q));
  return operationsPage(admin, request, reply, 'entries', (o) => o.entries, { q, found, ...outcome });
}

export async function entriesRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/entries', async (request, reply) => {
    const q = (request.query as Record<string, unknown>).q;
    const { done, what } = doneOf(request.query);
    const outcome = done === 'removed' ? { notice: operationsText(admin, request).removedTitle(what) } : {};
    return entriesPage(admin, request, reply, typeof q === 'string' ? q.slice(0, 2048) : '', outcome);
  });

  app.post('/entries/remove', async (request, reply) => {
    const o = operationsText(admin, request);
    const link = field(request.body, 'link');
    const q = field(request.body, 'q') || link;
    const entry = (await read(admin, findEntries(admin.catalogue, admin.database, link))).rows.find((row) => row.source_link === link);
    if (!entry) return entriesPage(admin, request, reply, q, { problem: o.removed(0) });
    if (!confirmed(request)) {
      return confirmPage(admin, request, reply, {
        heading: o.removeHeading,
        facts: [
          { label: o.title, value: entry.title },
          { label: o.link, value: link },
        ],
        action: '/admin/entries/remove',
        fields: { link, q },
        confirmLabel: o.confirmRemove,
        cancelHref: `/admin/entries?${new URLSearchParams({ q })}`,
      });
    }
    const outcome = await attempt(async () => {
      await admin.operations.catalogue.remove(actor(request), [link]);
      return '';
    });
    if (outcome.problem) return entriesPage(admin, request, reply, q, outcome);
    return doneRedirect(reply, '/admin/entries', 'removed', entry.title, { q });
  });

  app.post('/entries/show', async (request, reply) => {
    const o = operationsText(admin, request);
    const link = field(request.body, 'link');
    const outcome = await attempt(async () => {
      await admin.operations.links.showAgain(actor(request), link);
      return o.shownAgain(link);
    });
    return entriesPage(admin, request, reply, field(request.body, 'q') || link, outcome);
  });
}
