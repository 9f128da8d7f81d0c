/**
 * The operator console under `/admin` (docs/console.md) as one encapsulated Fastify plugin, registered by
 * app.ts unless ADMIN=off. Everything here applies to the console's routes only, so the catalogue API
 * pays for none of it: the form parser, the session and access hooks (access-hooks.ts), the page
 * decorator (page-reply.ts), and the console's own error and 404 pages. The catalogue's per-address
 * limits and the web page's budget skip `/admin` (http/paths.ts); the console's own limit is the sign-in
 * throttle. The pages come last, from their declarations (console-pages.ts), each route with the access
 * its page declares.
 */
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, notFound } from '../http/errors.js';
import { isConsolePath } from '../http/paths.js';
import { authorize, checkForm } from './access-hooks.js';
import type { AdminConsole } from './console.js';
import { registerPages } from './console-page.js';
import { CONSOLE_PAGES } from './console-pages.js';
import { StoreTooSlow } from './deadline.js';
import { consoleLanguage, decorateConsolePages } from './page-reply.js';
import type { Access } from './roles.js';

export interface ConsolePluginOptions {
  admin: AdminConsole;
}

/** A registered route under `/admin`, as Fastify declared it, with the access its page declares (none outside a page). */
export interface ConsoleRoute {
  method: string;
  url: string;
  readonly access: Access | undefined;
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
    // Read when asked: the page's own onRoute hook stamps its access after this root hook has run.
    const declared = () => route.config?.consolePage?.access;
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        get access() {
          return declared();
        },
      });
    }
  });
}

/** Register with `{ prefix: '/admin' }`. */
export async function consolePlugin(app: FastifyInstance, { admin }: ConsolePluginOptions): Promise<void> {
  // The console is pages for operators, not the catalogue's interface: none of its routes enter /openapi.json.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  await app.register(formBody, { bodyLimit: 64 * 1024 });
  decorateConsolePages(app, admin, CONSOLE_PAGES);
  app.addHook('onRequest', authorize(admin));
  app.addHook('preValidation', checkForm());
  app.setErrorHandler((error: FastifyError, request, reply) => errorPage(admin, error, request, reply));
  app.setNotFoundHandler((request, reply) => errorPage(admin, notFound(request.url), request, reply));

  await registerPages(app, CONSOLE_PAGES, admin);
}

/** Any error on a console route as a page in the console's look, with the error's status and headers. */
function errorPage(admin: AdminConsole, error: Error, request: FastifyRequest, reply: FastifyReply) {
  const t = admin.templates.text(consoleLanguage(request, admin.config.language));
  const language = consoleLanguage(request, admin.config.language);
  if (error instanceof StoreTooSlow) {
    request.log.warn({ err: error, route: request.url }, 'console page gave up on the store');
    return reply.consolePage('message', { title: t.storeSlow, heading: t.storeSlow, message: t.storeSlowText }, 503);
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
  return reply.consolePage('message', { title: heading, heading, message }, status);
}
