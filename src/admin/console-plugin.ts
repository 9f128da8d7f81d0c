/**
 * The operator console under `/admin` (docs/console.md) as one encapsulated Fastify plugin, registered by
 * app.ts unless ADMIN=off. Everything here applies to the console's routes only, so the catalogue API
 * pays for none of it: the form parser, the session and access hooks (access-hooks.ts), the page
 * decorator (page-reply.ts), and the console's own error and 404 pages. The catalogue's per-address
 * limits and the web page's budget skip `/admin` (http/paths.ts); the console's own limit is the sign-in
 * throttle. Page modules are registered at the end; a new one adds its routes here, its rows to
 * route-roles.ts and its link to CONSOLE_NAV (console-templates.ts).
 */
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../http/errors.js';
import { isConsolePath } from '../http/paths.js';
import { IMMUTABLE } from '../web/assets.js';
import { isLanguage, languageCookie } from '../web/page-language.js';
import { authorize, checkForm } from './access-hooks.js';
import { accountsRoutes } from './accounts-routes.js';
import { auditRoutes } from './audit-routes.js';
import type { AdminConsole } from './console.js';
import { dashboardRoutes } from './dashboard-routes.js';
import { StoreTooSlow } from './deadline.js';
import { entriesRoutes } from './entries-routes.js';
import { importRoutes } from './import-routes.js';
import { keysRoutes } from './keys-routes.js';
import { linksRoutes } from './links-routes.js';
import { consoleLanguage, decorateConsolePages } from './page-reply.js';
import { signInRoutes } from './sign-in-routes.js';
import { sourcesRoutes } from './sources-routes.js';
import { takedownsRoutes } from './takedowns-routes.js';

export interface ConsolePluginOptions {
  admin: AdminConsole;
}

/** A registered route under `/admin`, as Fastify declared it. */
export interface ConsoleRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under `/admin` the app declared, wherever it was declared (test/admin/route-coverage.test.ts). */
    consoleRoutes: ConsoleRoute[];
  }
}

/**
 * Records every `/admin` route the app declares from now on, by the root's onRoute hook, so a route added
 * outside the console plugin (and so outside its access hook) is seen too. Call before any route exists.
 */
export function recordConsoleRoutes(app: FastifyInstance): void {
  const routes: ConsoleRoute[] = [];
  app.decorate('consoleRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!isConsolePath(route.url)) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}

type Query = Record<string, string | string[] | undefined>;

/** Register with `{ prefix: '/admin' }`. */
export async function consolePlugin(app: FastifyInstance, { admin }: ConsolePluginOptions): Promise<void> {
  // The console is pages for operators, not the catalogue's interface: none of its routes enter /openapi.json.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(formBody, { bodyLimit: 64 * 1024 });
  decorateConsolePages(app, admin);
  app.addHook('onRequest', authorize(admin));
  app.addHook('preValidation', checkForm());
  app.setErrorHandler((error: FastifyError, request, reply) => errorPage(admin, error, request, reply));
  app.setNotFoundHandler((request, reply) => errorPage(admin, notFound(request.url), request, reply));

  app.get('/language/:language', async (request, reply) => {
    const language = (request.params as { language: string }).language;
    if (!isLanguage(language)) throw notFound(request.url);
    const next = (request.query as Query).next;
    const back = typeof next === 'string' && /^\/admin(\/[\x21-\x7e]*)?$/.test(next) && !next.startsWith('/admin//') ? next : '/admin';
    return reply.header('set-cookie', languageCookie(language)).header('cache-control', 'no-store').redirect(back, 303);
  });

  app.get('/assets/:file', async (request, reply) => {
    const asset = admin.templates.asset((request.params as { file: string }).file);
    if (!asset) throw notFound(request.url);
    return reply.header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').type(asset.contentType).send(asset.body);
  });

  await app.register(signInRoutes, { admin });
  await app.register(dashboardRoutes, { admin });
  await app.register(keysRoutes, { admin });
  await app.register(accountsRoutes, { admin });
  await app.register(entriesRoutes, { admin });
  await app.register(linksRoutes, { admin });
  await app.register(sourcesRoutes, { admin });
  await app.register(importRoutes, { admin });
  await app.register(takedownsRoutes, { admin });
  await app.register(auditRoutes, { admin });
}

/** Any error on a console route as a page in the console's look, with the error's status and headers. */
function errorPage(admin: AdminConsole, error: Error, request: FastifyRequest, reply: FastifyReply) {
  const t = admin.templates.text(consoleLanguage(request, admin.config.language));
  const language = consoleLanguage(request, admin.config.language);
  if (error instanceof StoreTooSlow) {
    request.log.warn({ err: error, route: request.url }, 'console page gave up on the store');
    return reply.consolePage('message', t.storeSlow, { heading: t.storeSlow, message: t.storeSlowText }, 503);
  }
  const status = error instanceof ApiError ? error.status : ((error as FastifyError).statusCode ?? 500);
  if (status >= 500) request.log.error({ err: error }, 'console request failed');
  if (error instanceof ApiError && error.init.headers) reply.headers(error.init.headers);
  const retry = error instanceof ApiError ? (error.init.extra?.retry_after as number | undefined) : undefined;
  const heading =
    { 401: t.signInNeeded, 403: t.forbidden, 404: t.notFound, 429: t.signIn }[status] ?? (status >= 500 ? t.serverError : t.console);
  const message =
    status === 404
      ? t.notFoundText
      : status === 429 && retry !== undefined
        ? t.throttled(retry)
        : error instanceof ApiError
          ? error.init.error[language]
          : status >= 500
            ? t.serverError
            : error.message;
  return reply.consolePage('message', heading, { heading, message }, status);
}
