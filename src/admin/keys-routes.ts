/**
 * `/admin/keys` (owner only): the catalogue's API keys with their rate and last use, a
 * form that creates one and shows it this once (only its hash is stored, limits/api-keys.ts, the same
 * store `dramadex key create` writes), and a revoke button per key by id. Running instances pick a new or
 * revoked key up on their next key poll, as after the command. Both changes are operations
 * (operations/key-operations.ts), audited under the account's name.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { MAX_KEY_RATE } from '../limits/api-keys.js';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';
import { withinDeadline } from './deadline.js';
import { formField } from './form-fields.js';
import { actor, attempt, confirmed, confirmPage, doneOf, doneRedirect, operationsText } from './operation-pages.js';
import { consoleLanguage } from './page-reply.js';

const DEFAULT_KEY_RATE = 10;

export const KEYS_PAGE: ConsolePage = {
  path: '/keys',
  access: 'owner',
  name: { zh: 'API 密钥', en: 'API keys' },
  view: 'keys',
  inNavigation: true,
  routes: keysRoutes,
};

async function keysRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  const keysPage = async (reply: FastifyReply, outcome: object = {}, status = 200) => {
    const keys = await withinDeadline(admin.apiKeys.list(), admin.storeDeadlineMs);
    return reply.consolePage('keys', { keys: keys.reverse(), maxRate: MAX_KEY_RATE, ...outcome }, status);
  };

  app.get('/keys', async (request, reply) => {
    const { done, what } = doneOf(request.query);
    const t = admin.templates.text(consoleLanguage(request, admin.config.language));
    return keysPage(reply, done === 'revoked' && /^\d{1,9}$/.test(what) ? { notice: t.keyRevoked(Number(what)) } : {});
  });

  app.post('/keys', async (request, reply) => {
    const t = admin.templates.text(consoleLanguage(request, admin.config.language));
    const rawRate = formField(request.body, 'rate').trim();
    const rate = rawRate === '' ? DEFAULT_KEY_RATE : /^\d{1,9}$/.test(rawRate) ? Number(rawRate) : Number.NaN;
    const label = formField(request.body, 'label').trim().slice(0, 200);
    // The server says what is wrong (no browser pattern first), and the form keeps what was typed.
    if (!(rate >= 1 && rate <= MAX_KEY_RATE))
      return keysPage(reply, { problem: t.badRate(MAX_KEY_RATE), typed: { rate: rawRate.slice(0, 9), label } }, 400);
    const { key, row } = await admin.operations.keys.create(actor(request), rate, label);
    request.log.info({ account: request.consoleSession?.name, key: row.id }, 'console created an API key');
    return keysPage(reply, { created: { key, id: row.id } });
  });

  app.post('/keys/revoke', async (request, reply) => {
    const t = admin.templates.text(consoleLanguage(request, admin.config.language));
    const id = formField(request.body, 'id').trim();
    // By id only: the list shows ids, and a prefix typed by hand is the command line's business.
    const key = /^\d{1,9}$/.test(id)
      ? (await withinDeadline(admin.apiKeys.list(), admin.storeDeadlineMs)).find((row) => String(row.id) === id && !row.revokedAt)
      : undefined;
    if (key && !confirmed(request)) {
      const o = operationsText(admin, request);
      return confirmPage(admin, request, reply, {
        heading: o.revokeHeading,
        facts: [{ label: o.keyId, value: id }, ...(key.label ? [{ label: t.label, value: key.label }] : [])],
        action: '/admin/keys/revoke',
        fields: { id },
        confirmLabel: o.confirmRevoke,
        cancelHref: '/admin/keys',
      });
    }
    const revoked = key ? await attempt(() => admin.operations.keys.revoke(actor(request), id).then(() => id)) : {};
    if (!revoked.notice) return keysPage(reply, { problem: t.noSuchKey }, 404);
    request.log.info({ account: request.consoleSession?.name, key: Number(id) }, 'console revoked an API key');
    return doneRedirect(reply, '/admin/keys', 'revoked', id);
  });
}
