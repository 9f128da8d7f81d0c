/**
 * The limits on the catalogue listener. Whether a request is a full dump is decided from the route the
 * router matched (a route declares `config: { fullDump: true }`), never from the raw URL, so an encoded
 * path such as `/api/contents/movie/%61ll` is the `/all` route for the limits exactly as it is for the
 * router. Each route gets its own `onRequest` hook (added as routes are declared, which is why this plugin
 * is registered before the routes and not encapsulated); the 404 path gets its hook from
 * `limitUnmatched`, given to the 404 handler alone, so matched routes never run it. With the web page on, only the API's routes and 404s are counted here (`counts`);
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

/** The hook that counts one request by the catalogue rules (a full dump's or an ordinary one). */
function limitHook(limits: Limits, fullDump: boolean): onRequestHookHandler {
  // A callback hook: the decision arrives through a callback (at once when memory decides), so an async
  // hook would only add a promise.
  return function limitRequest(request, reply, done) {
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
}

const everything = () => true;

const plugin: FastifyPluginAsync<LimitsPluginOptions> = async (app, { limits, counts = everything }) => {
  const ordinary = limitHook(limits, false);
  const fullDump = limitHook(limits, true);
  app.addHook('onRoute', (route) => {
    if (!counts(route.url)) return;
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [route.config?.fullDump === true ? fullDump : ordinary, ...own];
  });
};

export const limitsPlugin = fp(plugin, { name: 'dramadex-limits', fastify: '5.x' });

/**
 * The hook of the 404 path (installErrorHandling's `onNotFoundRequest`): only requests no route matched
 * run it, so a matched route pays for no hook of the 404 path; `counts` is read on the request's URL.
 */
export function limitUnmatched(limits: Limits, counts: (path: string) => boolean = everything): onRequestHookHandler {
  const ordinary = limitHook(limits, false);
  return function limitUnmatchedRequest(request, reply, done) {
    if (counts(request.url)) ordinary.call(this, request, reply, done);
    else done();
  };
}
