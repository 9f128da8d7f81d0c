/**
 * Compressed answers (@fastify/compress): an answer of at least COMPRESS_MIN_BYTES goes out as brotli or
 * gzip when the client's Accept-Encoding takes one, with `Vary: Accept-Encoding`; smaller ones are not
 * worth the bytes of the header. Brotli at quality 4 costs about what gzip does (its default of 11 is for
 * files compressed once). The `/all` dumps opt out: they carry their own ready encodings (full-dump-cache.ts).
 *
 * ETags stay right: a compressed body is another representation of the same answer, so its strong ETag
 * becomes weak (`W/"…"`, as nginx does), never the same strong tag for other bytes; If-None-Match already
 * compares weakly (etag.ts), so a client's compressed copy still earns a 304.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';

export const COMPRESS_MIN_BYTES = 1024;

/** Register before any route: compression and the ETag rule are attached to each route as it is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // Added after the plugin's own onRoute hook, so this onSend runs after its compression.
  app.addHook('onRoute', (route) => {
    if (route.compress === false) return;
    const existing = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...existing, weakenEtagWhenEncoded];
  });
}

const weakenEtagWhenEncoded: onSendHookHandler = (_request, reply, payload, done) => {
  const etag = reply.getHeader('etag');
  const encoding = reply.getHeader('content-encoding');
  if (typeof etag === 'string' && !etag.startsWith('W/') && encoding !== undefined && encoding !== 'identity') {
    reply.header('etag', `W/${etag}`);
  }
  done(null, payload);
};
