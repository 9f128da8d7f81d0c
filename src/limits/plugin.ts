/**
 * The limits on the catalogue listener: one `onRequest` hook, registered before the routes and not
 * encapsulated (fastify-plugin), so it runs for every catalogue request including the 404 path. It only
 * translates between HTTP and Limits: who the client is, whether the route is a full dump, the
 * RateLimit headers, and a thrown 429/401 that the central error handler formats.
 */

import { isIPv4 } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { addressGroup } from '../http/client-address.js';
import type { Limits } from './limits.js';

export interface LimitsPluginOptions {
  limits: Limits;
}

// Matched on the path, not `request.routeOptions.url`: that getter builds a dozen-field object per call,
// which cost more than the whole limits decision (measured: +10 µs a request).
const FULL_DUMP_PATH = /^\/api\/contents\/[^/?]+\/all\/?(?:\?|$)/;

const plugin: FastifyPluginAsync<LimitsPluginOptions> = async (app, { limits }) => {
  limits.attachLog(app.log.child({ component: 'limits' }));
  app.addHook('onRequest', async (request, reply) => {
    const ip = request.ip;
    const verdict = await limits.check({
      // Plain IPv4 is already canonical; everything else is folded (mapped IPv4) or grouped (IPv6 /64).
      address: isIPv4(ip) ? ip : addressGroup(ip),
      ip,
      apiKey: request.headers['x-api-key'],
      fullDump: FULL_DUMP_PATH.test(request.url),
    });
    if (verdict === undefined) return;
    if (verdict.refusal) throw verdict.refusal;
    reply.header('ratelimit-policy', verdict.policy).header('ratelimit', verdict.rateLimit);
  });
};

export const limitsPlugin = fp(plugin, { name: 'dramadex-limits', fastify: '5.x' });
