/**
 * Catalogue endpoints 4.1–4.5 of the spec. Each handler parses its parameters (query-params.ts), asks
 * the catalogue, and wraps the answer in the success envelope (kept as ready bytes until the next import,
 * with an ETag: a matching If-None-Match gets 304); errors are thrown and formatted centrally.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { COMPRESS_MIN_BYTES, preferredEncoding } from '../http/compression.js';
import { success } from '../http/envelope.js';
import type { Localized } from '../http/errors.js';
import { noneMatch, requestEtag } from '../http/etag.js';
import { responseLanguage } from '../http/language.js';
import { type ReadyResponse, ResponseCache } from '../http/response-cache.js';
import { CONTENT_TYPES, TYPE_DESCRIPTORS } from '../shared/content-types.js';
import type { Catalogue, SlotPage } from './catalogue.js';
import type { FullDumpCache } from './full-dump-cache.js';
import { sendFullDump } from './full-dump-reply.js';
import {
  hasToday,
  type Paging,
  parseContentType,
  parseKeyword,
  parseOptionalContentType,
  parsePaging,
  refuseToday,
} from './query-params.js';
import { ReplayedTargets } from './replayed-targets.js';
import { dumpSchema, listAllSchema, listTypeSchema, searchSchema, typesSchema } from './schemas.js';

export interface CatalogueRoutesOptions {
  config: Config;
  catalogue: Catalogue;
  fullDumps: FullDumpCache;
}

const FETCHED: Localized = { zh: '获取成功', en: 'Fetched successfully' };
const SEARCHED: Localized = { zh: '搜索成功', en: 'Search completed' };

/** The page's fields, with `items` empty: `catalogue.json` puts the page's items in. */
function paged(page: SlotPage, paging: Paging) {
  return {
    items: [],
    total: page.total,
    page: paging.page,
    limit: paging.limit,
    total_pages: Math.ceil(page.total / paging.limit),
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';

export const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (app, { config, catalogue, fullDumps }) => {
  const languageOf = (acceptLanguage: string | undefined) => responseLanguage(acceptLanguage, config.language);
  // Keys hold every parsed input of the answer; a free-text keyword goes last so no separator is ambiguous.
  const responses = new ResponseCache(config.responseCacheMb * 1024 * 1024, (key) => requestEtag(catalogue.revision, key));
  // Handlers on the cached paths are synchronous and return nothing: an async handler would add a promise
  // and a microtask to every request for no reason (Fastify sends what `reply.send` was given). They
  // compress here, not through @fastify/compress (`compress: false` on each route, http/compression.ts).
  const deliver = (request: FastifyRequest, reply: FastifyReply, key: string, ready: ReadyResponse): void => {
    const encoding = ready.body.length >= COMPRESS_MIN_BYTES ? preferredEncoding(request.headers['accept-encoding']) : undefined;
    reply.header('etag', encoding === undefined ? ready.etag : `W/${ready.etag}`).type(JSON_TYPE);
    // A 304 has passed the limits like any request (they run before the route).
    if (noneMatch(request.headers['if-none-match'], [ready.etag])) reply.code(304).send();
    else if (encoding === undefined) reply.send(ready.body);
    else {
      const vary = reply.getHeader('vary');
      reply.header('vary', vary === undefined ? 'Accept-Encoding' : `${vary}, Accept-Encoding`).header('content-encoding', encoding);
      reply.send(responses.encoded(key, ready, encoding));
    }
  };
  const send = (request: FastifyRequest, reply: FastifyReply, key: string, build: () => unknown): void =>
    deliver(request, reply, key, responses.get(catalogue.version, key, build));
  const sendPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    page: () => SlotPage,
    envelope: (page: SlotPage) => unknown,
  ) =>
    deliver(
      request,
      reply,
      key,
      responses.getCheap(catalogue.version, key, () => {
        const slots = page();
        return catalogue.json(envelope(slots), slots);
      }),
    );
  // A search that is not cached is answered by the search worker: ready bytes still go out at once, on
  // this thread, and only a new answer waits for the worker. `found` hears of each key found cached.
  const sendSearch = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<unknown>,
    found?: (key: string) => void,
  ): void | Promise<void> => {
    const version = catalogue.version;
    const ready = responses.lookup(version, key);
    if (ready) {
      found?.(key);
      return deliver(request, reply, key, ready);
    }
    return build().then((answer) => deliver(request, reply, key, responses.keepRepeated(version, key, answer)));
  };
  const replayedSearches = new ReplayedTargets();

  app.get('/api/contents', { schema: listAllSchema, compress: false }, (request, reply) => {
    const paging = parsePaging(request.query);
    const day = hasToday(request.query) ? catalogue.clock.today() : undefined;
    const language = languageOf(request.headers['accept-language']);
    sendPage(
      request,
      reply,
      `all|${day?.start ?? ''}|${paging.page}|${paging.limit}|${language}`,
      () => catalogue.listSlots({ day }, paging.offset, paging.limit),
      (page) => success(FETCHED, language, paged(page, paging)),
    );
  });

  app.get('/api/contents/:content_type', { schema: listTypeSchema, compress: false }, (request, reply) => {
    const type = parseContentType(request.params.content_type);
    const paging = parsePaging(request.query);
    const keyword = parseKeyword(request.query.keyword, false);
    const today = hasToday(request.query);
    const day = today ? catalogue.clock.today() : undefined;
    const language = languageOf(request.headers['accept-language']);
    const key = `type|${type}|${day?.start ?? ''}|${paging.page}|${paging.limit}|${language}|${keyword ?? ''}`;
    const answer = (page: SlotPage) =>
      success(FETCHED, language, {
        ...paged(page, paging),
        content_type: type,
        ...(keyword === undefined ? {} : { keyword }),
        ...(today ? { today: true as const } : {}),
      });
    if (keyword === undefined)
      return sendPage(request, reply, key, () => catalogue.listSlots({ type, day }, paging.offset, paging.limit), answer);
    return sendSearch(request, reply, key, async () => {
      const page = await catalogue.searchSlots(keyword, type, paging.offset, paging.limit, day);
      return catalogue.json(answer(page), page);
    });
  });

  app.get(
    '/api/contents/:content_type/all',
    { schema: dumpSchema, config: { fullDump: true }, compress: false },
    async (request, reply) => {
      const type = parseContentType(request.params.content_type);
      refuseToday(request.query as Record<string, unknown>);
      const language = languageOf(request.headers['accept-language']);
      const dump = await fullDumps.get(type, language);
      return sendFullDump(dump, request, reply);
    },
  );

  app.get('/api/types', { schema: typesSchema, compress: false }, (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    send(request, reply, `types|${language}`, () =>
      success(FETCHED, language, { supported_types: TYPE_DESCRIPTORS, total_types: CONTENT_TYPES.length }),
    );
  });

  app.get('/api/search', { schema: searchSchema, compress: false }, (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    // A replay: the same target and language parsed to this key before, and its answer may still be ready.
    const known = replayedSearches.key(request.url, language);
    const ready = known === undefined ? undefined : responses.lookup(catalogue.version, known);
    if (ready) return deliver(request, reply, known as string, ready);
    const keyword = parseKeyword(request.query.keyword, true) as string;
    const type = parseOptionalContentType(request.query.content_type);
    const paging = parsePaging(request.query);
    // `today` filters search as it filters a type's keyword search (4.2), and says so in `data.today`.
    const today = hasToday(request.query);
    const day = today ? catalogue.clock.today() : undefined;
    const key = `search|${type ?? ''}|${day?.start ?? ''}|${paging.page}|${paging.limit}|${language}|${keyword}`;
    const build = async () => {
      const page = await catalogue.searchSlots(keyword, type, paging.offset, paging.limit, day);
      const data = { ...paged(page, paging), keyword, content_type: type ?? '', ...(today ? { today: true as const } : {}) };
      return catalogue.json(success(SEARCHED, language, data), page);
    };
    // A replayed URL skips parsing, so one whose answer depends on the day (today) is never remembered.
    const remember = today ? undefined : (found: string) => replayedSearches.remember(request.url, language, found);
    return sendSearch(request, reply, key, build, remember);
  });
};
