/**
 * How a console route answers with a page: `reply.consolePage(view, title, data, status)` renders the view
 * inside the layout in the request's language, with the signed-in session's account, navigation and CSRF
 * token, and sends it with the console's headers. Those headers are the web page's (web/page-headers.ts:
 * a Content-Security-Policy of this site's own files only, `frame-ancestors 'none'`, nosniff) plus
 * `no-store`, because console pages show operators' data and must not be kept by any cache.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../config/config.js';
import { PAGE_HEADERS } from '../web/page-headers.js';
import { pageLanguage } from '../web/page-language.js';
import type { AdminConsole } from './console.js';
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
    /** Sends `view` (src/admin/views/<view>.eta) inside the console's layout. */
    consolePage(view: string, pageTitle: string, data?: object, status?: number): FastifyReply;
  }
}

export function consoleLanguage(request: FastifyRequest, fallback: Language): Language {
  return pageLanguage(request.headers, fallback);
}

export function decorateConsolePages(app: FastifyInstance, admin: AdminConsole): void {
  app.decorateRequest('consoleSession', undefined);
  app.decorateReply('consolePage', function consolePage(this: FastifyReply, view, pageTitle, data = {}, status = 200) {
    const request = this.request;
    const frame = {
      language: consoleLanguage(request, admin.config.language),
      pageTitle,
      path: request.url,
      session: request.consoleSession,
      timeZone: admin.config.catalogueTimeZone,
    };
    return this.code(status)
      .headers(CONSOLE_HEADERS)
      .send(admin.templates.render(view, frame, data));
  } satisfies FastifyReply['consolePage']);
}
