/**
 * How a console route answers with a page: `reply.consolePage(view, data, status)` renders the view inside
 * the layout in the request's language, with the signed-in session's account, navigation and CSRF token,
 * titled with the declared name of the page the view shows (console-page.ts) unless `data.title` says otherwise, and sends it
 * with the console's headers. Those headers are the web page's (web/page-headers.ts:
 * a Content-Security-Policy of this site's own files only, `frame-ancestors 'none'`, nosniff) plus
 * `no-store`, because console pages show operators' data and must not be kept by any cache.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../config/config.js';
import { PAGE_HEADERS } from '../web/page-headers.js';
import { pageLanguage } from '../web/page-language.js';
import type { AdminConsole } from './console.js';
import { type ConsolePage, navigationFor, pageNames } from './console-page.js';
import type { Session } from './sessions.js';

export const CONSOLE_HEADERS: Record<string, string> = {
  ...PAGE_HEADERS,
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  vary: 'Cookie, Accept-Language',
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session (account name, role, CSRF token); undefined for a visitor. */
    consoleSession: Session | undefined;
  }
  interface FastifyReply {
    /** Sends `view` (src/admin/views/<view>.eta) inside the console's layout; `data.title` overrides the page's name. */
    consolePage(view: string, data?: PageData, status?: number): FastifyReply;
  }
}

/** A view's data; `title`, when given, names the browser's tab instead of the page's declared name. */
export type PageData = { title?: string | undefined } & Record<string, unknown>;

export function consoleLanguage(request: FastifyRequest, fallback: Language): Language {
  return pageLanguage(request.headers, fallback);
}

export function decorateConsolePages(app: FastifyInstance, admin: AdminConsole, pages: readonly ConsolePage[]): void {
  app.decorateRequest('consoleSession', undefined);
  const names = pageNames(pages);
  app.decorateReply('consolePage', function consolePage(this: FastifyReply, view, data = {}, status = 200) {
    const request = this.request;
    const language = consoleLanguage(request, admin.config.language);
    const session = request.consoleSession;
    const pageName = names.get(view)?.[language] ?? '';
    const frame = {
      language,
      pageTitle: data.title ?? (pageName || admin.templates.text(language).console),
      pageName,
      path: request.url,
      nav: session ? navigationFor(pages, session.role, language) : [],
      session,
      timeZone: admin.config.catalogueTimeZone,
    };
    return this.code(status)
      .headers(CONSOLE_HEADERS)
      .send(admin.templates.render(view, frame, data));
  } satisfies FastifyReply['consolePage']);
}
