/**
 * `/api/contents/{type}/all` answers with every entry of a type, which can be tens of megabytes. The
 * response is built once per type and language, kept for an hour as ready bytes (plain, gzip, brotli)
 * with an ETag, and rebuilt when an import changes the type. Concurrent cold requests share one build.
 * No response-schema serializer here: JSON.stringify is several times faster on large arrays.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../config.js';
import { success } from '../http/envelope.js';
import type { Catalogue } from './catalogue.js';
import type { ContentType } from './content-types.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
export const FULL_DUMP_TTL_MS = 60 * 60 * 1000;

export interface FullDump {
  version: number;
  builtAt: number;
  etag: string;
  plain: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

export class FullDumpCache {
  private readonly ready = new Map<string, FullDump>();
  private readonly building = new Map<string, Promise<FullDump>>();
  /** How many dumps were built (observability, tests of the single build). */
  builds = 0;

  constructor(private readonly catalogue: Catalogue) {}

  async get(type: ContentType, language: Language): Promise<FullDump> {
    const key = `${type}:${language}`;
    const version = this.catalogue.typeVersion(type);
    const cached = this.ready.get(key);
    if (cached && cached.version === version && Date.now() - cached.builtAt < FULL_DUMP_TTL_MS) return cached;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(type, language, version).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private async build(type: ContentType, language: Language, version: number): Promise<FullDump> {
    this.builds++;
    const items = this.catalogue.all(type);
    const body = success({ zh: '获取全部数据成功', en: 'Fetched all entries' }, language, {
      items,
      total: items.length,
      content_type: type,
      is_all_data: true as const,
    });
    const plain = Buffer.from(JSON.stringify(body));
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(plain, { level: 6 }),
      brotliAsync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    ]);
    const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`;
    const dump = { version, builtAt: Date.now(), etag, plain, gzip: gzipped, brotli };
    this.ready.set(`${type}:${language}`, dump);
    return dump;
  }

  /** Sends the best encoding the client accepts, or 304 when its copy is current. */
  send(dump: FullDump, request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const maxAge = Math.max(0, Math.floor((dump.builtAt + FULL_DUMP_TTL_MS - Date.now()) / 1000));
    reply
      .header('etag', dump.etag)
      .header('vary', 'accept-encoding')
      .header('cache-control', `public, max-age=${maxAge}`)
      .type('application/json; charset=utf-8');
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch?.split(',').some((tag) => tag.trim() === dump.etag || tag.trim() === '*')) {
      return reply.code(304).send();
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return reply.send(dump.plain);
    return reply.header('content-encoding', encoding).send(encoding === 'br' ? dump.brotli : dump.gzip);
  }
}

/** br over gzip over identity, honouring `q=0` refusals. */
function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}
