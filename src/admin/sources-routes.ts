/**
 * `/admin/sources` (docs/console.md, "Pages"): every source with its kind, interval, last poll, outcome and
 * entries added; add one (`kind` telegram or upstream, `target` the channel name or base URL, `type`
 * optional) and see its first poll at once ("add a channel and see its first poll"), poll one now, remove
 * one. The same operations as `dramadex sources add|poll|remove` (operations/source-operations.ts): the
 * same reading of what was typed and the same refusals. A poll waits for its source (a channel's first
 * pages, an upstream's dumps) up to POLL_WAIT_MS, then the page answers and the poll's outcome shows on
 * the list when it ends.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pollDetail, telegramSource, upstreamSource } from '../operations/source-operations.js';
import { CONTENT_TYPES, type ContentType } from '../shared/content-types.js';
import type { PollReport } from '../sources/source-poller.js';
import type { AdminConsole } from './console.js';
import { actor, attempt, field, type Outcome, operationsPage, operationsText, read } from './operation-pages.js';

/** How long a page waits for a poll it started; the poll itself goes on (its lease bounds it). */
export const POLL_WAIT_MS = 20_000;
const DEFAULT_TELEGRAM_MINUTES = 30;
const DEFAULT_UPSTREAM_MINUTES = 60;
const DEFAULT_BACKFILL = 200;

async function sourcesPage(admin: AdminConsole, request: FastifyRequest, reply: FastifyReply, outcome: Outcome = {}) {
  const sources = await read(admin, admin.operations.sources.list());
  return operationsPage(admin, request, reply, 'sources', (o) => o.sources, { sources, types: CONTENT_TYPES, ...outcome });
}

/** Polls one source and describes the outcome, or says it goes on in the background after POLL_WAIT_MS. */
async function pollAndDescribe(admin: AdminConsole, who: string, name: string): Promise<string> {
  const poll = admin.operations.sources.poll(who, [name]);
  poll.catch(() => undefined); // swallow-ok: awaited below; a late failure is the source's recorded outcome
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), POLL_WAIT_MS);
  });
  const reports: PollReport[] | undefined = await Promise.race([poll, waited]).finally(() => clearTimeout(timer));
  const report = reports?.[0];
  return report ? pollDetail(report) : '…';
}

export async function sourcesRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/sources', async (request, reply) => sourcesPage(admin, request, reply));

  app.post('/sources', async (request, reply) => {
    const o = operationsText(admin, request);
    const body = request.body;
    const typed = field(body, 'type');
    const type = (CONTENT_TYPES as readonly string[]).includes(typed) ? (typed as ContentType) : undefined;
    const outcome = await attempt(async () => {
      const target = field(body, 'target');
      const source =
        field(body, 'kind') === 'upstream'
          ? upstreamSource({ baseUrl: target, types: type ? [type] : [], everyMinutes: DEFAULT_UPSTREAM_MINUTES })
          : telegramSource({ channel: target, type: type ?? 'post', everyMinutes: DEFAULT_TELEGRAM_MINUTES, backfill: DEFAULT_BACKFILL });
      await admin.operations.sources.add(actor(request), source);
      return o.sourceAdded(source.name) + (await pollAndDescribe(admin, actor(request), source.name));
    });
    return sourcesPage(admin, request, reply, outcome);
  });

  app.post('/sources/poll', async (request, reply) => {
    const o = operationsText(admin, request);
    const name = field(request.body, 'name');
    const outcome = await attempt(async () => {
      if (!(await admin.operations.sources.sources.get(name))) return '';
      return o.polled(name) + (await pollAndDescribe(admin, actor(request), name));
    });
    return sourcesPage(admin, request, reply, outcome);
  });

  app.post('/sources/remove', async (request, reply) => {
    const o = operationsText(admin, request);
    const name = field(request.body, 'name');
    const outcome = await attempt(async () => {
      await admin.operations.sources.remove(actor(request), name);
      return o.sourceRemoved(name);
    });
    return sourcesPage(admin, request, reply, outcome);
  });
}
