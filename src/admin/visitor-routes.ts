/**
 * The two console routes a visitor needs before signing in, besides the sign-in page: the language switch
 * (sets the language cookie and returns to a console path, never elsewhere) and the console's stylesheet
 * and icon, served under `/admin/assets/` so the console works with WEB=off too.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.js';
import { IMMUTABLE } from '../web/assets.js';
import { isLanguage, languageCookie } from '../web/page-language.js';
import type { AdminConsole } from './console.js';
import type { ConsolePage } from './console-page.js';

export const LANGUAGE_SWITCH: ConsolePage = { path: '/language', access: 'anyone', routes: languageRoutes };
export const CONSOLE_ASSETS: ConsolePage = { path: '/assets', access: 'anyone', routes: assetRoutes };

/** Where the switch may return: a console path, never `//host` or another site. */
const CONSOLE_RETURN = /^\/admin(\/[\x21-\x7e]*)?$/;

async function languageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/language/:language', async (request, reply) => {
    const language = (request.params as { language: string }).language;
    if (!isLanguage(language)) throw notFound(request.url);
    const next = (request.query as Record<string, unknown>).next;
    const back = typeof next === 'string' && CONSOLE_RETURN.test(next) && !next.startsWith('/admin//') ? next : '/admin';
    return reply.header('set-cookie', languageCookie(language)).header('cache-control', 'no-store').redirect(back, 303);
  });
}

async function assetRoutes(app: FastifyInstance, { admin }: { admin: AdminConsole }): Promise<void> {
  app.get('/assets/:file', async (request, reply) => {
    const asset = admin.templates.asset((request.params as { file: string }).file);
    if (!asset) throw notFound(request.url);
    return reply.header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').type(asset.contentType).send(asset.body);
  });
}
