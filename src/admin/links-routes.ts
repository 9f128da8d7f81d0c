/**
 * `/admin/links` and `/admin/reports` (docs/console.md, "Pages"): link health per provider, what was hidden
 * in the last day, every hidden entry with its evidence, and the reported links; act on a link by checking
 * it now (`POST /admin/links/check`, `link`: as `dramadex links check <link>`, which records the verdict
 * and may hide or show the entry), dismissing its reports, or taking it down (takedowns-routes.ts). A check
 * answers with the entries page for that link (or the search it was made from), showing the new verdict.
 * Each provider's guards (pause, breaker, rate, canary, hides this hour) are listed with a reset button
 * (`POST /admin/links/breaker/reset`, `provider`: as `dramadex links breaker reset <provider>`), and a
 * provider held by the dead-rate ceiling with an allow form (`POST /admin/links/breaker/allow`, `provider`,
 * `hours`: as `dramadex links breaker allow`), which asks again before it lets its deads hide.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConsole } from './console.js';
import { consoleTime } from './console-time.js';
import { entriesPage, listOf } from './entries-routes.js';
import { hiddenInLastDay, hiddenRows, providerRows, reportedRows, unknownCodeRows } from './links-model.js';
import { actor, attempt, confirmed, confirmPage, field, type Outcome, operationsPage, operationsText, read } from './operation-pages.js';

export async function linksRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  const linksPage = async (request: FastifyRequest, reply: FastifyReply, outcome: Outcome = {}) => {
    const [providers, guards, unknownCodes, lastDay, hidden] = await read(
      admin,
      Promise.all([
        providerRows(admin.links.health),
        admin.operations.links.guardStates(),
        unknownCodeRows(admin.database),
        hiddenInLastDay(admin.database),
        hiddenRows(admin.database),
      ]),
    );
    return operationsPage(admin, request, reply, 'links', (o) => o.links, {
      providers,
      guards,
      unknownCodes,
      lastDay,
      hidden,
      now: Date.now(),
      linkChecks: admin.config.links.enabled,
      ...outcome,
    });
  };

  const reportsPage = async (request: FastifyRequest, reply: FastifyReply, outcome: Outcome = {}) => {
    const reports = await read(admin, reportedRows(admin.database));
    return operationsPage(admin, request, reply, 'reports', (o) => o.reports, {
      reports,
      linkChecks: admin.config.links.enabled,
      ...outcome,
    });
  };

  app.get('/links', async (request, reply) => linksPage(request, reply));

  app.post('/links/breaker/reset', async (request, reply) => {
    const o = operationsText(admin, request);
    const provider = field(request.body, 'provider');
    const outcome = await attempt(async () => {
      await admin.operations.links.resetBreaker(actor(request), provider);
      return o.breakerReset(provider);
    });
    return linksPage(request, reply, outcome);
  });

  app.post('/links/breaker/allow', async (request, reply) => {
    const o = operationsText(admin, request);
    const provider = field(request.body, 'provider');
    const hours = field(request.body, 'hours');
    if (!confirmed(request)) {
      const state = (await admin.operations.links.guardStates()).find((each) => each.provider === provider);
      return confirmPage(admin, request, reply, {
        heading: o.allowHeading(provider),
        facts: [
          { label: o.provider, value: provider },
          { label: o.deadShare, value: state ? `${state.ceilingDead}/${state.ceilingDecisive} · ${state.deadCeiling}` : '—' },
          { label: o.allowFor, value: hours },
        ],
        action: '/admin/links/breaker/allow',
        fields: { provider, hours },
        confirmLabel: o.confirmAllow,
        cancelHref: '/admin/links',
      });
    }
    const outcome = await attempt(async () => {
      const until = await admin.operations.links.allowPastCeiling(actor(request), provider, Number(hours));
      return o.allowed(provider, consoleTime(until, admin.config.catalogueTimeZone));
    });
    return linksPage(request, reply, outcome);
  });

  app.post('/links/check', async (request, reply) => {
    const o = operationsText(admin, request);
    const link = field(request.body, 'link');
    const outcome = await attempt(async () => {
      const result = await admin.operations.links.check(actor(request), link);
      const change = result.change === 'hidden' ? o.becameHidden : result.change === 'shown' ? o.becameShown : '';
      const line = o.checked(o.verdictName(result.outcome.verdict), result.held ? change : o.notHeld);
      // Only a working link is good news; dead, needs-a-code or could-not-check is said as a warning.
      return result.outcome.verdict === 'alive' ? line : { warning: line };
    });
    // From the reports inbox the answer is the inbox again, the report still there with this verdict.
    if (field(request.body, 'back') === 'reports') return reportsPage(request, reply, outcome);
    return entriesPage(admin, request, reply, listOf(request.body, link), outcome);
  });

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
