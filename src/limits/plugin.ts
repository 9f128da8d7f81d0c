/**
 * The limits on the catalogue listener. Whether a request is a full dump is decided from the route the
 * router matched (a route declares `config: { fullDump: true }`), never from the raw URL, so an encoded
 * path such as `/api/contents/movie/%61ll` is the `/all` route for the limits exactly as it is for the
 * router. Each route gets its own `onRequest` hook (added as routes are declared, which is why this plugin
 * is registered before the routes and not encapsulated); the 404 path gets one root hook that acts only
 * when no route matched. With the web page on, only the API's routes and 404s are counted here (`counts`);
 * the page has its own budget (page-budget-plugin.ts). The hooks only translate between HTTP and Limits: who the client is, the
 * RateLimit headers, and a 429/401 handed to Fastify for the central error handler to format.
 */
import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Limits } from './limits.js';

export interface LimitsPluginOptions {
  limits: Limits;
  /**
   * Which requests the catalogue rules count, by a route's declared path or, on the 404 path, the
   * request's URL (default: every one).
   */
  counts?: (path: string) => boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves a full dump: the `/all` rule applies on top of the per-address rule. */
    fullDump?: boolean;
  }
}

const plugin: FastifyPluginAsync<LimitsPluginOptions> = async (app, { limits, counts = () => true }) => {
  const limit = (fullDump: boolean): onRequestHookHandler =>
    // A callback hook: the decision arrives through a callback, so an async hook would only add a promise.
    function limitRequest(request, reply, done) {
      const asked = { ip: request.ip, apiKey: request.headers['x-api-key'], fullDump };
      limits.check(asked, (error, policy, rateLimit) => {
        if (error) return done(error);
        if (policy !== undefined && rateLimit !== undefined) {
          try {
            reply.header('ratelimit-policy', policy).header('ratelimit', rateLimit);
          } catch (failure) {
            return done(failure as Error); // never an unhandled rejection: the request gets the 500 envelope
          }
        }
        done();
      });
    };
  const ordinary = limit(false);
  const fullDump = limit(true);

  app.addHook('onRoute', (route) => {
    if (!counts(route.url)) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [route.config?.fullDump === true ? fullDump : ordinary, ...own];
  });
  // `is404` reads one field of the matched context; routes are limited by their own hook above.
  app.addHook('onRequest', (request, reply, done) =>
    request.is404 && counts(request.url) ? ordinary.call(app, request, reply, done) : done(),
  );
};

export const limitsPlugin = fp(plugin, { name: 'dramadex-limits', fastify: '5.x' });
