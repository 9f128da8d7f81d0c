/**
 * The HTTP side of `/api/contents/{type}/all`: picks the encoding of a ready dump (full-dump-cache.ts)
 * from Accept-Encoding, sets its ETag and cache headers, and answers 304 when the client's copy is current.
 * Kept apart from the cache so the cache never sees Fastify's request or reply.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noneMatch } from '../http/etag.js';
import { type Encoding, FULL_DUMP_TTL_MS, type FullDump } from './full-dump-cache.js';

/** Sends the best encoding the client accepts, or 304 when its copy (in any encoding) is current. */
export function sendFullDump(dump: FullDump, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const maxAge = Math.max(0, Math.floor((dump.builtAt + FULL_DUMP_TTL_MS - Date.now()) / 1000));
  reply
    .header('etag', dump.etags[encoding])
    // The message text follows Accept-Language, the bytes follow Accept-Encoding.
    .header('vary', 'accept-encoding, accept-language')
    .header('cache-control', `public, max-age=${maxAge}`)
    .type('application/json; charset=utf-8');
  if (noneMatch(request.headers['if-none-match'], Object.values(dump.etags))) return reply.code(304).send();
  if (encoding === 'identity') return reply.send(dump.plain);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? dump.brotli : dump.gzip);
}

/**
 * The accepted encoding with the highest q; on a tie br over gzip over identity; `q=0` refuses one.
 * Written here rather than with @fastify/accept-negotiator (which the web page uses for `Accept`): the
 * negotiator maps `*` to the first supported value even when the header refuses it by name, so
 * `*, br;q=0` would get brotli bytes the client said it cannot read (RFC 9110 §12.5.3: `*` stands for
 * the encodings not named).
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  let best: Encoding = 'identity';
  let bestWeight = 0;
  for (const candidate of ['br', 'gzip'] as const) {
    if (weight(candidate) > bestWeight) {
      best = candidate;
      bestWeight = weight(candidate);
    }
  }
  // Uncompressed is always possible; it wins only when the client ranks it above every compression.
  return (accepted.get('identity') ?? 0) > bestWeight ? 'identity' : best;
}
