/**
 * `/admin/accounts` (owner only): the accounts, their roles and last sign-in, read-only. Accounts are made,
 * re-passworded and removed with `dramadex admin …` on the server alone, so a stolen console session can
 * never make itself a new account.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminConsole } from './console.js';
import { withinDeadline } from './deadline.js';
import { consoleLanguage } from './page-reply.js';

export async function accountsRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/accounts', async (request, reply) => {
    const t = admin.templates.text(consoleLanguage(request, admin.config.language));
    const accounts = await withinDeadline(admin.accounts.list(), admin.storeDeadlineMs);
    return reply.consolePage('accounts', t.accounts, { accounts });
  });
}
