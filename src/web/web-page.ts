/**
 * The web page as one component for app.ts to register (docs/web.md): its templates and assets, read
 * once at start, its routes, and its HTML error pages for the central error handler. Built only when
 * `WEB` is on; the boards appear only when `WEB_RANKINGS` is on too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RankingBoards } from '../boards/ranking-boards.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Config } from '../config/config.js';
import { Assets } from './assets.js';
import { errorPages, isReportForm, reportReceivedPage, wantsHtml } from './error-pages.js';
import type { HealthLookup } from './link-notes.js';
import { webRoutes } from './routes.js';
import { PageTemplates } from './templates.js';

export interface WebPage {
  errorPages: ReturnType<typeof errorPages>;
  /** The page a browser's report form gets back (202), in the site's look; undefined for other clients. */
  reportPage(request: FastifyRequest): string | undefined;
  register(app: FastifyInstance): Promise<void>;
}

/** What the page reads: the configuration, the catalogue and the ranking boards (shown with WEB_RANKINGS=on). */
export interface WebPageParts {
  config: Config;
  catalogue: Catalogue;
  boards: RankingBoards;
  /** The cards' link states; given when LINK_CHECK=on (docs/link-health.md). */
  linkHealth?: HealthLookup | undefined;
}

export function createWebPage(parts: WebPageParts): WebPage {
  const { config, catalogue } = parts;
  const assets = new Assets();
  const templates = new PageTemplates(assets, config.web.rankings);
  const boards = config.web.rankings ? parts.boards : undefined;
  return {
    errorPages: errorPages(templates, config.language),
    reportPage: (() => {
      const received = reportReceivedPage(templates, config.language);
      return (request: FastifyRequest) => (isReportForm(request) || wantsHtml(request.headers.accept) ? received(request) : undefined);
    })(),
    async register(app) {
      await app.register(webRoutes, { config, catalogue, boards, templates, assets, linkHealth: parts.linkHealth });
    },
  };
}
