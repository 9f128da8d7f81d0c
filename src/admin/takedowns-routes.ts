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

async function takedownsPage(admin: AdminConsole, request: FastifyRequest, reply: FastifyReply, outcome: Outcome = {}) {
  const takedowns = await read(admin, admin.operations.catalogue.listTakedowns());
  return operationsPage(admin, request, reply, 'takedowns', (o) => o.takedowns, { takedowns, ...outcome });
}

export async function takedownsRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/takedowns', async (request, reply) => {
    const { done, what } = doneOf(request.query);
    return takedownsPage(admin, request, reply, done === 'lifted' ? { notice: operationsText(admin, request).lifted(what) } : {});
  });

  app.post('/takedowns', async (request, reply) => {
    const o = operationsText(admin, request);
    const { catalogue } = admin.operations;
    const link = field(request.body, 'link');
    const reason = field(request.body, 'reason');
    const match: TakedownMatch = field(request.body, 'match') === 'prefix' ? 'prefix' : 'exact';
    if (match === 'prefix' && field(request.body, 'confirm') !== '1') {
      const preview = await attempt(async () => String(await read(admin, catalogue.previewTakedown(link, match))));
      if (preview.problem) return takedownsPage(admin, request, reply, preview);
      const count = Number(preview.notice);
      return operationsPage(admin, request, reply, 'takedown-confirm', (text) => text.checkAnswers, { link, reason, count });
    }
    const outcome = await attempt(async () =>
      o.tookDown(await catalogue.takeDown(actor(request), { pattern: link, match, reason: reason || undefined })),
    );
    return takedownsPage(admin, request, reply, outcome);
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
