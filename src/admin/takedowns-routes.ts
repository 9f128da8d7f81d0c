/**
 * `/admin/takedowns` (docs/console.md, "Pages"): the takedowns with their match, reason, who and when; a
 * form that adds one (`link`, `reason`, `match`, `confirm`) and a lift button per takedown (`link`). A
 * prefix is destructive in bulk, so it asks again first (GOV.UK's "check your answers"): without
 * `confirm=1` the answer only says how many entries it would remove, with a button that sends the same
 * form confirmed. Added again without a reason, a takedown keeps the one recorded.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TakedownMatch } from '../catalogue/takedowns.js';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';
import { findEntries } from './entries-model.js';
import { ENTRIES_TEXT } from './entries-text.js';
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
import { consoleLanguage } from './page-reply.js';

async function takedownsPage(
  admin: AdminConsole,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: Outcome & { typed?: Record<string, string> } = {},
) {
  const takedowns = await read(admin, admin.operations.catalogue.listTakedowns());
  return operationsPage(admin, request, reply, 'takedowns', { takedowns, ...outcome });
}

export const TAKEDOWNS_PAGE: ConsolePage = {
  path: '/takedowns',
  access: 'moderator',
  name: { zh: '下架', en: 'Takedowns' },
  view: 'takedowns',
  inNavigation: true,
  routes: takedownsRoutes,
};

async function takedownsRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/takedowns', async (request, reply) => {
    const { done, what } = doneOf(request.query);
    const query = request.query as Record<string, unknown>;
    if (done === 'taken') {
      const f = ENTRIES_TEXT[consoleLanguage(request, admin.config.language)];
      const removed = typeof query.removed === 'string' && /^\d{1,9}$/.test(query.removed) ? Number(query.removed) : 0;
      const title = typeof query.title === 'string' ? query.title.slice(0, 300) : '';
      return takedownsPage(admin, request, reply, { notice: f.tookDown(what, removed, title) });
    }
    return takedownsPage(admin, request, reply, done === 'lifted' ? { notice: operationsText(admin, request).lifted(what) } : {});
  });

  // Both matches ask first, naming what they would remove; confirmed, the answer is 303 to the list (reload-safe).
  app.post('/takedowns', async (request, reply) => {
    const o = operationsText(admin, request);
    const { catalogue } = admin.operations;
    const link = field(request.body, 'link');
    const reason = field(request.body, 'reason');
    const match: TakedownMatch = field(request.body, 'match') === 'prefix' ? 'prefix' : 'exact';
    const typed = { link, reason, match };
    const held =
      match === 'exact'
        ? (await read(admin, findEntries(admin.catalogue, admin.database, link))).rows.find((row) => row.source_link === link)
        : undefined;
    if (!confirmed(request)) {
      const preview = await attempt(async () => String(await read(admin, catalogue.previewTakedown(link, match))));
      if (preview.problem) return takedownsPage(admin, request, reply, { ...preview, typed });
      const count = Number(preview.notice);
      return operationsPage(admin, request, reply, 'takedown-confirm', {
        title: operationsText(admin, request).checkAnswers,
        link,
        reason,
        match,
        count,
        entryTitle: held?.title,
      });
    }
    let removed = 0;
    const outcome = await attempt(async () => {
      removed = await catalogue.takeDown(actor(request), { pattern: link, match, reason: reason || undefined });
      return o.tookDown(removed);
    });
    if (outcome.problem) return takedownsPage(admin, request, reply, { ...outcome, typed });
    return doneRedirect(reply, '/admin/takedowns', 'taken', link, {
      removed: String(removed),
      ...(held && removed > 0 ? { title: held.title.slice(0, 300) } : {}),
    });
  });

  app.post('/takedowns/lift', async (request, reply) => {
    const o = operationsText(admin, request);
    const link = field(request.body, 'link');
    if (!confirmed(request)) {
      return confirmPage(admin, request, reply, {
        heading: o.liftHeading,
        facts: [{ label: o.link, value: link }],
        action: '/admin/takedowns/lift',
        fields: { link },
        confirmLabel: o.confirmLift,
        cancelHref: '/admin/takedowns',
      });
    }
    const outcome = await attempt(async () => {
      await admin.operations.catalogue.liftTakedown(actor(request), link);
      return '';
    });
    if (outcome.problem) return takedownsPage(admin, request, reply, outcome);
    return doneRedirect(reply, '/admin/takedowns', 'lifted', link);
  });
}
