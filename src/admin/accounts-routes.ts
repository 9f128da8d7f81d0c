/**
 * `/admin/accounts` (owner only): the accounts, their roles and last sign-in, read-only. Accounts are made,
 * re-passworded and removed with `dramadex admin …` on the server alone, so a stolen console session can
 * never make itself a new account.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';
import { withinDeadline } from './deadline.js';

export const ACCOUNTS_PAGE: ConsolePage = {
  path: '/accounts',
  access: 'owner',
  name: { zh: '账号', en: 'Accounts' },
  view: 'accounts',
  inNavigation: true,
  routes: accountsRoutes,
};

async function accountsRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/accounts', async (_request, reply) => {
    const accounts = await withinDeadline(admin.accounts.list(), admin.storeDeadlineMs);
    return reply.consolePage('accounts', { accounts });
  });
}
