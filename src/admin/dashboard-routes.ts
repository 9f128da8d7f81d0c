/**
 * The console's overview at `/admin` (dashboard-model.ts says what it shows): read within the store
 * deadline, so a hung store answers with the console's error page, never a page that does not come.
 */
import type { FastifyInstance } from 'fastify';
import { TYPE_NAMES } from '../web/page-text.js';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';
import { readOverview } from './dashboard-model.js';
import { withinDeadline } from './deadline.js';
import { consoleLanguage } from './page-reply.js';

export const DASHBOARD_PAGE: ConsolePage = {
  path: '',
  access: 'moderator',
  name: { zh: '概览', en: 'Overview' },
  view: 'dashboard',
  inNavigation: true,
  routes: dashboardRoutes,
};

async function dashboardRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/', async (request, reply) => {
    const language = consoleLanguage(request, admin.config.language);
    const overview = await withinDeadline(readOverview(admin), admin.storeDeadlineMs);
    return reply.consolePage('dashboard', {
      overview,
      typeNames: TYPE_NAMES[language],
      linkChecks: admin.config.links.enabled,
    });
  });
}
