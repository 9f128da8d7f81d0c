/**
 * `/admin/import` (docs/console.md, "Pages"): upload an NDJSON, CSV or JSON file (`file`, multipart, read by
 * @fastify/multipart within IMPORT_MAX_BYTES). Without `apply=1` it is a dry run: the file is read and every
 * row checked by the import's own rules and the takedowns, the rejected rows listed with their line and
 * reason, and nothing written. With `apply=1` it is imported as `dramadex import` imports it, audited
 * under the account's name, and served at once. A dry run keeps the file it checked (import-uploads.ts)
 * and answers with a confirm form (`POST /admin/import/apply`, `upload`) that imports that same file.
 * The CSRF token travels in the form's `_csrf` field, never in the address: the access hook cannot read a
 * multipart body, so this handler checks the field itself before it acts on anything it read.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminConsole } from './console.js';
import { csrfRefused } from './console-errors.js';
import type { ConsolePage } from './console-page.js';
import { ENTRIES_TEXT } from './entries-text.js';
import { ImportUploads, UPLOAD_KEPT_MS } from './import-uploads.js';
import { actor, attempt, field, type Outcome, operationsPage, operationsText } from './operation-pages.js';
import { consoleLanguage } from './page-reply.js';
import { csrfTokenMatches } from './sessions.js';

/** The largest file the console takes; bigger catalogues are imported with `dramadex import`. */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** Rejected rows listed on the page at most (the count is always whole). */
const REJECTS_SHOWN = 200;

interface Upload {
  name: string;
  text: string | undefined;
  apply: boolean;
  csrf: string | undefined;
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  const upload: Upload = { name: 'upload', text: undefined, apply: false, csrf: undefined };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && bytes.length > 0) {
        upload.text = bytes.toString('utf8');
        upload.name = part.filename || upload.name;
      }
    } else if (part.fieldname === 'apply') upload.apply = part.value === '1';
    else if (part.fieldname === '_csrf' && typeof part.value === 'string') upload.csrf = part.value;
  }
  return upload;
}

type Rejected = Array<{ line: number; reason: string }>;

export const IMPORT_PAGE: ConsolePage = {
  path: '/import',
  access: 'moderator',
  name: { zh: '导入', en: 'Import' },
  view: 'import',
  inNavigation: true,
  routes: importRoutes,
};

async function importRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  const uploads = new ImportUploads();
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 6 } });

  const importPage = (request: FastifyRequest, reply: FastifyReply, data: Outcome & Record<string, unknown> = {}) =>
    operationsPage(admin, request, reply, 'import', {
      rejected: [],
      rejectedTotal: 0,
      maxMegabytes: IMPORT_MAX_BYTES / 1048576,
      ...data,
    });

  app.get('/import', async (request, reply) => importPage(request, reply));

  const answer = (request: FastifyRequest, reply: FastifyReply, outcome: Outcome, rejected: Rejected, data: Record<string, unknown>) =>
    importPage(request, reply, {
      ...(outcome.problem ? { problem: outcome.problem, problemLead: operationsText(admin, request).unreadable } : outcome),
      rejected: rejected.slice(0, REJECTS_SHOWN),
      rejectedTotal: rejected.length,
      ...data,
    });

  const apply = async (request: FastifyRequest, name: string, text: string) => {
    const o = operationsText(admin, request);
    let rejected: Rejected = [];
    const outcome = await attempt(async () => {
      const report = await admin.operations.catalogue.importText(actor(request), `${name} (console)`, text);
      rejected = report.rejected;
      return o.imported(report.format, report.added, report.updated, report.unchanged, report.rejected.length);
    });
    return { outcome, rejected };
  };

  app.post('/import', async (request, reply) => {
    const o = operationsText(admin, request);
    const session = request.consoleSession;
    if (!request.isMultipart()) return importPage(request, reply, { problem: o.noFile });
    const upload = await readUpload(request);
    // The access hook leaves a multipart form's token to this handler: nothing read is used before it matches.
    if (!session || !csrfTokenMatches(session, upload.csrf)) throw csrfRefused();
    const { text } = upload;
    if (text === undefined) return importPage(request, reply, { problem: o.noFile });
    if (upload.apply) {
      const { outcome, rejected } = await apply(request, upload.name, text);
      return answer(request, reply, outcome, rejected, { applied: true });
    }
    let rejected: Rejected = [];
    const outcome = await attempt(async () => {
      const preview = await admin.operations.catalogue.previewImport(text);
      rejected = preview.rejected;
      return o.dryRunResult(preview.format, preview.valid, preview.rejected.length);
    });
    const kept = outcome.problem ? undefined : { id: uploads.keep(session.csrfToken, upload.name, text), name: upload.name };
    return answer(request, reply, outcome, rejected, { kept, keptMinutes: UPLOAD_KEPT_MS / 60_000 });
  });

  app.post('/import/apply', async (request, reply) => {
    const session = request.consoleSession;
    const kept = session ? uploads.take(session.csrfToken, field(request.body, 'upload')) : undefined;
    if (!kept) return importPage(request, reply, { problem: ENTRIES_TEXT[consoleLanguage(request, admin.config.language)].uploadGone });
    const { outcome, rejected } = await apply(request, kept.name, kept.text);
    return answer(request, reply, outcome, rejected, { applied: true });
  });
}
