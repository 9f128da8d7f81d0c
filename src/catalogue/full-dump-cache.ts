/**
 * `/api/contents/{type}/all` answers with every entry of a type, which can be tens of megabytes. The
 * response is built once per type and language, kept for an hour as ready bytes (plain, gzip, brotli)
 * with ETags, and rebuilt when an import changes the type. Concurrent cold requests share one build.
 * The bytes are the entries' ready item JSON between the envelope's (page-json.ts). Sending (encoding,
 * ETag, 304) is the route's part, in full-dump-reply.ts.
 *
 * Each instance keeps its own bytes (with REDIS_URL too: dumps are rebuilt from the in-memory view in
 * well under a second, so shipping megabytes through Redis would cost more than it saves). The ETags are
 * hashes of the content, so every instance gives the same dump the same ETag and a client's
 * `If-None-Match` works whichever instance answers.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Language } from '../config/config.js';
import { ownBytes } from '../http/byte-pool.js';
import { success } from '../http/envelope.js';
import { NO_TALLY, type Tally } from '../observability/instruments.js';
import type { ContentType } from '../shared/content-types.js';
import type { Catalogue } from './catalogue.js';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
export const FULL_DUMP_TTL_MS = 60 * 60 * 1000;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface FullDump {
  /** The type's version in the catalogue view when the dump was built. */
  version: number;
  builtAt: number;
  /** One strong ETag per encoding (RFC 9110: different bytes, different strong validator). */
  etags: Record<Encoding, string>;
  plain: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

export class FullDumpCache {
  private readonly ready = new Map<string, FullDump>();
  private readonly building = new Map<string, { version: number; dump: Promise<FullDump> }>();
  /** How many dumps were built (observability, tests of the single build). */
  builds = 0;

  constructor(
    private readonly catalogue: Catalogue,
    /** Answers from ready bytes (or a build already under way) and builds, for the metrics. */
    private readonly tallies: Record<'hit' | 'build', Tally> = { hit: NO_TALLY, build: NO_TALLY },
  ) {
    // Let stale dumps go as soon as an import changes their type, instead of holding them until asked.
    catalogue.onChange((types) => {
      for (const key of this.ready.keys()) if (types.has(key.split(':')[0] as ContentType)) this.ready.delete(key);
    });
  }

  async get(type: ContentType, language: Language): Promise<FullDump> {
    const key = `${type}:${language}`;
    const version = this.catalogue.typeVersion(type);
    const cached = this.ready.get(key);
    if (cached && cached.version === version && Date.now() - cached.builtAt < FULL_DUMP_TTL_MS) {
      this.tallies.hit.inc();
      return cached;
    }
    // Join a build only if it is of the current version: one started before an import would serve
    // the old entries to a request that arrived after the import.
    const pending = this.building.get(key);
    if (pending && pending.version === version) {
      this.tallies.hit.inc();
      return pending.dump;
    }
    const dump = this.build(type, language, version).finally(() => {
      if (this.building.get(key)?.dump === dump) this.building.delete(key);
    });
    this.building.set(key, { version, dump });
    return dump;
  }

  private async build(type: ContentType, language: Language, version: number): Promise<FullDump> {
    this.builds++;
    this.tallies.build.inc();
    const all = this.catalogue.listSlots({ type }, 0, Number.POSITIVE_INFINITY);
    const envelope = success({ zh: '获取全部数据成功', en: 'Fetched all entries' }, language, {
      items: [],
      total: all.total,
      content_type: type,
      is_all_data: true as const,
    });
    // Kept for an hour: in bytes of its own, never a slice of a shared slab (http/byte-pool.ts).
    const plain = ownBytes(this.catalogue.json(envelope, all));
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(plain, { level: 6 }),
      brotliAsync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length } }),
    ]);
    const hash = createHash('sha256').update(plain).digest('base64url').slice(0, 27);
    const etags = { identity: `"${hash}"`, gzip: `"${hash}-gz"`, br: `"${hash}-br"` };
    const dump = { version, builtAt: Date.now(), etags, plain, gzip: gzipped, brotli };
    const key = `${type}:${language}`;
    // A slower build of an older version must not replace a newer dump.
    if ((this.ready.get(key)?.version ?? -1) <= version) this.ready.set(key, dump);
    return dump;
  }
}
