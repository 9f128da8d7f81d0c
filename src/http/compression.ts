/**
 * Compressed answers: an answer of at least COMPRESS_MIN_BYTES goes out as brotli or gzip when the
 * client's Accept-Encoding takes one, with `Vary: Accept-Encoding`; smaller ones are not worth the bytes
 * of the header. Brotli at quality 4 costs about what gzip does (its default of 11 is for files
 * compressed once). Most routes get it from @fastify/compress; the catalogue's routes, whose answers are
 * ready bytes kept until the next change (response-cache.ts), encode through `encodeBytes` instead, so a
 * kept answer is compressed once, not on every request, and a request that asks for no encoding passes
 * no compression hook at all (the plugin's hooks cost a replayed request ≈ 7% of its instructions,
 * docs/deployment.md, "The request path's cost"). The `/all` dumps carry their own ready encodings
 * (full-dump-cache.ts). No route takes a compressed request body, so request decompression is off.
 *
 * ETags stay right: a compressed body is another representation of the same answer, so its strong ETag
 * becomes weak (`W/"…"`, as nginx does), never the same strong tag for other bytes; If-None-Match already
 * compares weakly (etag.ts), so a client's compressed copy still earns a 304.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';

export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 6 };

/** Register before any route: compression and the ETag rule are attached to each route as it is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
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

const GZIP_ALIAS = /\*|x-gzip/gu;
// Clients send a handful of distinct Accept-Encoding values; each is parsed once.
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'], cache: new LRUCache<string, string>({ max: 256 }) });

/** The encoding to send a large answer in, by Accept-Encoding as @fastify/compress reads it; undefined: none. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  // `*` and x-gzip (gzip's old name) are read as gzip, as the plugin reads them.
  const header = acceptEncoding.toLowerCase().replace(GZIP_ALIAS, 'gzip');
  return (negotiator.negotiate(header) as Encoding | null) ?? undefined;
}

/** `body` compressed as the plugin compresses it. */
export function encodeBytes(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
}
