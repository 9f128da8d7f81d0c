/**
 * `/admin/links` and `/admin/reports` (docs/console.md, "Pages"): link health per provider, what was hidden
 * in the last day, every hidden entry with its evidence, and the reported links; act on a link by checking
 * it now (`POST /admin/links/check`, `link`: as `dramadex links check <link>`, which records the verdict
 * and may hide or show the entry), dismissing its reports, or taking it down (takedowns-routes.ts). A check
 * answers with the entries page for that link (or the search it was made from), showing the new verdict.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminConsole } from './console.js';
import { entriesPage } from './entries-routes.js';
import { hiddenInLastDay, hiddenRows, providerRows, reportedRows } from './links-model.js';
import { actor, attempt, field, type Outcome, operationsPage, operationsText, read } from './operation-pages.js';

export async function linksRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/links', async (request, reply) => {
    const [providers, lastDay, hidden] = await read(
      admin,
      Promise.all([providerRows(admin.links.health), hiddenInLastDay(admin.database), hiddenRows(admin.database)]),
    );
    return operationsPage(admin, request, reply, 'links', (o) => o.links, {
      providers,
      lastDay,
      hidden,
      linkChecks: admin.config.links.enabled,
    });
  });

  app.post('/links/check', async (request, reply) => {
    const o = operationsText(admin, request);
    const link = field(request.body, 'link');
    const outcome = await attempt(async () => {
      if (!link) return '';
      const [result] = await admin.operations.links.check(actor(request), [link]);
      if (!result) return '';
      const change = result.change === 'hidden' ? o.becameHidden : result.change === 'shown' ? o.becameShown : '';
      return o.checked(result.outcome.verdict, result.held ? change : o.notHeld);
    });
    return entriesPage(admin, request, reply, field(request.body, 'q') || link, outcome);
  });

  const reportsPage = async (
    request: Parameters<typeof operationsText>[1],
    reply: Parameters<typeof entriesPage>[2],
    outcome: Outcome = {},
  ) => {
    const reports = await read(admin, reportedRows(admin.database));
    return operationsPage(admin, request, reply, 'reports', (o) => o.reports, { reports, ...outcome });
  };

  app.get('/reports', async (request, reply) => reportsPage(request, reply));

  app.post('/reports/dismiss', async (request, reply) => {
    const o = operationsText(admin, request);
    const link = field(request.body, 'link');
    const outcome = await attempt(async () => {
      await admin.operations.links.dismissReport(actor(request), link);
      return o.dismissed(link);
    });
    return reportsPage(request, reply, outcome);
  });
}
