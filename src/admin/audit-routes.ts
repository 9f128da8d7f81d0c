/**
 * `/admin/audit` (docs/console.md, "The audit record"): every change made in the console and by the
 * `dramadex` commands, newest first, AUDIT_PAGE rows a page; `?before=<id>` shows the rows older than
 * that one (a keyset, so a page costs the same however deep). Read-only: nothing deletes the record.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminConsole } from './console.js';
import { operationsPage, read } from './operation-pages.js';

export const AUDIT_PAGE = 100;

export async function auditRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/audit', async (request, reply) => {
    const before = (request.query as Record<string, unknown>).before;
    const beforeId = typeof before === 'string' && /^\d{1,12}$/.test(before) ? Number(before) : undefined;
    const rows = await read(admin, admin.operations.audit.recent(AUDIT_PAGE, beforeId));
    const older = rows.length === AUDIT_PAGE ? rows.at(-1)?.id : undefined;
    return operationsPage(admin, request, reply, 'audit', (o) => o.audit, { rows, older });
  });
}
