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
import { telegramSource, upstreamSource } from '../operations/source-operations.js';
import { CONTENT_TYPES, type ContentType } from '../shared/content-types.js';
import type { PollReport } from '../sources/source-poller.js';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';
import type { NamesText } from './names-text.js';
import {
  actor,
  attempt,
  confirmed,
  confirmPage,
  doneOf,
  doneRedirect,
  field,
  namesText,
  type Outcome,
  operationsPage,
  operationsText,
  read,
} from './operation-pages.js';
import type { OperationsText } from './operations-text.js';
import { lineOf } from './stored-pieces.js';

/** How long a page waits for a poll it started; the poll itself goes on (its lease bounds it). */
export const POLL_WAIT_MS = 20_000;
const DEFAULT_TELEGRAM_MINUTES = 30;
const DEFAULT_UPSTREAM_MINUTES = 60;
const DEFAULT_BACKFILL = 200;

async function sourcesPage(
  admin: AdminConsole,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: Outcome & { typed?: Record<string, string> | undefined } = {},
) {
  const sources = await read(admin, admin.operations.sources.list());
  return operationsPage(admin, request, reply, 'sources', { sources, types: CONTENT_TYPES, ...outcome });
}

/** A poll's outcome in the page's words and colour: counts as success, a failure as one (never green), its reason in the page's language. */
export function pollOutcome(o: OperationsText, n: NamesText, report: PollReport | undefined): { line: string; failed: boolean } {
  if (!report) return { line: o.pollGoesOn, failed: false };
  if (report.outcome === 'ok') {
    return { line: o.pollOk(report.added, report.updated, report.unchanged, report.removed, report.rejected.length), failed: false };
  }
  const why = o.pollOutcomes[report.outcome] ?? report.outcome;
  return { line: o.pollFailed(`${why} (${lineOf(n.pollError(report.reason))})`), failed: true };
}

/** Polls one source; undefined when it goes on in the background after POLL_WAIT_MS. */
async function pollOne(admin: AdminConsole, who: string, name: string): Promise<PollReport | undefined> {
  const poll = admin.operations.sources.poll(who, [name]);
  poll.catch(() => undefined); // swallow-ok: awaited below; a late failure is the source's recorded outcome
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), POLL_WAIT_MS);
  });
  const reports: PollReport[] | undefined = await Promise.race([poll, waited]).finally(() => clearTimeout(timer));
  return reports?.[0];
}

export const SOURCES_PAGE: ConsolePage = {
  path: '/sources',
  access: 'moderator',
  name: { zh: '来源', en: 'Sources' },
  view: 'sources',
  inNavigation: true,
  routes: sourcesRoutes,
};

async function sourcesRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/sources', async (request, reply) => {
    const { done, what } = doneOf(request.query);
    return sourcesPage(admin, request, reply, done === 'removed' ? { notice: operationsText(admin, request).sourceRemoved(what) } : {});
  });

  app.post('/sources', async (request, reply) => {
    const o = operationsText(admin, request);
    const n = namesText(admin, request);
    const body = request.body;
    const typed = field(body, 'type');
    const type = (CONTENT_TYPES as readonly string[]).includes(typed) ? (typed as ContentType) : undefined;
    // What was typed comes back in the form after a refusal or a failed first poll (nothing to type again).
    const typedForm = { kind: field(body, 'kind') === 'upstream' ? 'upstream' : 'telegram', target: field(body, 'target'), type: typed };
    const outcome = await attempt(async (): Promise<Outcome> => {
      const target = typedForm.target;
      const source =
        typedForm.kind === 'upstream'
          ? upstreamSource({ baseUrl: target, types: type ? [type] : [], everyMinutes: DEFAULT_UPSTREAM_MINUTES })
          : telegramSource({ channel: target, type: type ?? 'post', everyMinutes: DEFAULT_TELEGRAM_MINUTES, backfill: DEFAULT_BACKFILL });
      await admin.operations.sources.add(actor(request), source);
      const first = pollOutcome(o, n, await pollOne(admin, actor(request), source.name));
      if (!first.failed) return { notice: o.sourceAdded(source.name) + first.line };
      if (field(body, 'confirm') === '1') return { failure: o.sourceAdded(source.name) + first.line };
      // A source whose first poll fails is kept only when the operator confirms it (docs/console.md, "Sources").
      await admin.operations.sources.remove(actor(request), source.name);
      return { failure: `${o.firstPollFailed(source.name)} ${first.line}`, unconfirmed: true };
    });
    const keep = outcome.problem || outcome.unconfirmed ? typedForm : undefined;
    return sourcesPage(admin, request, reply, { ...outcome, typed: keep });
  });

  app.post('/sources/poll', async (request, reply) => {
    const o = operationsText(admin, request);
    const n = namesText(admin, request);
    const name = field(request.body, 'name');
    const outcome = await attempt(async (): Promise<Outcome> => {
      if (!(await admin.operations.sources.sources.get(name))) return {};
      const polled = pollOutcome(o, n, await pollOne(admin, actor(request), name));
      const line = o.polled(name) + polled.line;
      return polled.failed ? { failure: line } : { notice: line };
    });
    return sourcesPage(admin, request, reply, outcome);
  });

  app.post('/sources/remove', async (request, reply) => {
    const o = operationsText(admin, request);
    const name = field(request.body, 'name');
    if (!confirmed(request) && (await read(admin, admin.operations.sources.sources.get(name)))) {
      return confirmPage(admin, request, reply, {
        heading: o.removeSourceHeading,
        facts: [{ label: o.sources, value: name }],
        action: '/admin/sources/remove',
        fields: { name },
        confirmLabel: o.confirmRemoveSource,
        cancelHref: '/admin/sources',
      });
    }
    const outcome = await attempt(async () => {
      await admin.operations.sources.remove(actor(request), name);
      return '';
    });
    if (outcome.problem) return sourcesPage(admin, request, reply, outcome);
    return doneRedirect(reply, '/admin/sources', 'removed', name);
  });
}
