/**
 * `/admin/audit` (docs/console.md, "The audit record"): every change made in the console and by the
 * `dramadex` commands, newest first, AUDIT_ROWS rows a page; `?before=<id>` shows the rows older than
 * that one (a keyset, so a page costs the same however deep). Read-only: nothing deletes the record.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';
import { operationsPage, read } from './operation-pages.js';

export const AUDIT_ROWS = 100;

export const AUDIT_PAGE: ConsolePage = {
  path: '/audit',
  access: 'moderator',
  name: { zh: '操作记录', en: 'Audit' },
  view: 'audit',
  inNavigation: true,
  routes: auditRoutes,
};

async function auditRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/audit', async (request, reply) => {
    const before = (request.query as Record<string, unknown>).before;
    const beforeId = typeof before === 'string' && /^\d{1,12}$/.test(before) ? Number(before) : undefined;
    const rows = await read(admin, admin.operations.audit.recent(AUDIT_ROWS, beforeId));
    const older = rows.length === AUDIT_ROWS ? rows.at(-1)?.id : undefined;
    return operationsPage(admin, request, reply, 'audit', { rows, older });
  });
}
