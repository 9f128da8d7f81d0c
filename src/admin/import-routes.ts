/**
 * `/admin/import` (docs/console.md, "Pages"): upload an NDJSON, CSV or JSON file (`file`, multipart, read by
 * @fastify/multipart within IMPORT_MAX_BYTES). Without `apply=1` it is a dry run: the file is read and every
 * row checked by the import's own rules and the takedowns, the rejected rows listed with their line and
 * reason, and nothing written. With `apply=1` it is imported as `dramadex import` imports it, audited
 * under the account's name, and served at once. The CSRF token travels as the `_csrf` query parameter of
 * the form's action, since the access hook checks it before the multipart body is read.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConsole } from './console.js';
import { actor, attempt, type Outcome, operationsPage, operationsText } from './operation-pages.js';

/** The largest file the console takes; bigger catalogues are imported with `dramadex import`. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Rejected rows listed on the page at most (the count is always whole). */
const REJECTS_SHOWN = 200;

interface Upload {
  name: string;
  text: string | undefined;
  apply: boolean;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { name: 'upload', text: undefined, apply: false };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && bytes.length > 0) {
        upload.text = bytes.toString('utf8');
        upload.name = part.filename || upload.name;
      }
    } else if (part.fieldname === 'apply') upload.apply = part.value === '1';
  }
  return upload;
}

export async function importRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 6 } });

  const importPage = (request: FastifyRequest, reply: FastifyReply, data: Outcome & Record<string, unknown> = {}) =>
    operationsPage(admin, request, reply, 'import', (o) => o.import, {
      rejected: [],
      rejectedTotal: 0,
      maxMegabytes: IMPORT_MAX_BYTES / 1048576,
      ...data,
    });

  app.get('/import', async (request, reply) => importPage(request, reply));

  app.post('/import', async (request, reply) => {
    const o = operationsText(admin, request);
    if (!request.isMultipart()) return importPage(request, reply, { problem: o.noFile });
    const upload = await readUpload(request);
    const { text } = upload;
    if (text === undefined) return importPage(request, reply, { problem: o.noFile });
    const { catalogue } = admin.operations;
    let rejected: Array<{ line: number; reason: string }> = [];
    const outcome = await attempt(async () => {
      if (!upload.apply) {
        const preview = await catalogue.previewImport(text);
        rejected = preview.rejected;
        return o.dryRunResult(preview.format, preview.valid, preview.rejected.length);
      }
      const report = await catalogue.importText(actor(request), `${upload.name} (console)`, text);
      rejected = report.rejected;
      return o.imported(report.format, report.added, report.updated, report.unchanged, report.rejected.length);
    });
    return importPage(request, reply, {
      ...(outcome.problem ? { problem: o.unreadable(outcome.problem) } : outcome),
      rejected: rejected.slice(0, REJECTS_SHOWN),
      rejectedTotal: rejected.length,
      applied: upload.apply,
    });
  });
}
