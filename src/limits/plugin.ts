/**
 * The limits on the catalogue listener: one `onRequest` hook, registered before the routes and not
 * encapsulated (fastify-plugin), so it runs for every catalogue request including the 404 path (with the
 * web page on, only the API's: `counts`; the page has its own budget, page-budget.ts). It only
 * translates between HTTP and Limits: who the client is, whether the route is a full dump, the
 * RateLimit headers, and a 429/401 handed to Fastify for the central error handler to format.
 */

import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Limits } from './limits.js';

export interface LimitsPluginOptions {
  limits: Limits;
  /** Which request URLs the catalogue rules count (default: every one); with the web page on, the API's. */
  counts?: (url: string) => boolean;
}

// Matched on the path, not `request.routeOptions.url`: that getter builds a dozen-field object per call,
// which cost more than the whole limits decision (measured: +10 µs a request).
const FULL_DUMP_PATH = /^\/api\/contents\/[^/?]+\/all\/?(?:\?|$)/;

const plugin: FastifyPluginAsync<LimitsPluginOptions> = async (app, { limits, counts }) => {
  limits.attachLog(app.log.child({ component: 'limits' }));
  // A callback hook: the decision arrives through a callback, so an async hook would only add a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (counts && !counts(url)) return done();
    const asked = {
      ip: request.ip,
      apiKey: request.headers['x-api-key'],
      // The cheap test first: the regex costs more than the rest of this hook on ordinary URLs.
      fullDump: url.includes('/all') && FULL_DUMP_PATH.test(url),
    };
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
  });
};

export const limitsPlugin = fp(plugin, { name: 'dramadex-limits', fastify: '5.x' });
