/**
 * The web page as one component for app.ts to register (docs/web.md): its templates and assets, read
 * once at start, its routes, and its HTML error pages for the central error handler. Built only when
 * `WEB` is on; the boards appear only when `WEB_RANKINGS` is on too.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../services.js';
import { Assets } from './assets.js';
import { errorPages } from './error-pages.js';
import { webRoutes } from './routes.js';
import { PageTemplates } from './templates.js';

export interface WebPage {
  errorPages: ReturnType<typeof errorPages>;
  register(app: FastifyInstance): Promise<void>;
}

export function createWebPage(services: Services): WebPage {
  const { config, catalogue, rankings } = services;
  const assets = new Assets();
  const templates = new PageTemplates(assets, config.web.rankings);
  const boards = config.web.rankings ? rankings.boards : undefined;
  return {
    errorPages: errorPages(templates, config.language),
    async register(app) {
      await app.register(webRoutes, { config, catalogue, boards, templates, assets });
    },
  };
}
