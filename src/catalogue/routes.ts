/**
 * Catalogue endpoints 4.1–4.5 of the spec. Each handler parses its parameters (query-params.ts), asks
 * the catalogue, and wraps the answer in the success envelope; errors are thrown and formatted centrally.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config.js';
import { success } from '../http/envelope.js';
import type { Localized } from '../http/errors.js';
import { responseLanguage } from '../http/language.js';
import type { Catalogue, Page } from './catalogue.js';
import { CONTENT_TYPES, TYPE_DESCRIPTORS } from './content-types.js';
import type { FullDumpCache } from './full-dump-cache.js';
import { hasToday, type Paging, parseContentType, parseKeyword, parseOptionalContentType, parsePaging } from './query-params.js';
import { dumpSchema, listAllSchema, listTypeSchema, searchSchema, typesSchema } from './schemas.js';

export interface CatalogueRoutesOptions {
  config: Config;
  catalogue: Catalogue;
  fullDumps: FullDumpCache;
}

const FETCHED: Localized = { zh: '获取成功', en: 'Fetched successfully' };
const SEARCHED: Localized = { zh: '搜索成功', en: 'Search completed' };

function paged(page: Page, paging: Paging) {
  return {
    items: page.items,
    total: page.total,
    page: paging.page,
    limit: paging.limit,
    total_pages: Math.ceil(page.total / paging.limit),
  };
}

export const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (app, { config, catalogue, fullDumps }) => {
  const languageOf = (acceptLanguage: string | undefined) => responseLanguage(acceptLanguage, config.language);

  app.get('/api/contents', { schema: listAllSchema }, async (request) => {
    const paging = parsePaging(request.query);
    const day = hasToday(request.query) ? catalogue.clock.today() : undefined;
    const page = catalogue.list({ day }, paging.offset, paging.limit);
    return success(FETCHED, languageOf(request.headers['accept-language']), paged(page, paging));
  });

  app.get('/api/contents/:content_type', { schema: listTypeSchema }, async (request) => {
    const type = parseContentType(request.params.content_type);
    const paging = parsePaging(request.query);
    const keyword = parseKeyword(request.query.keyword, false);
    const today = hasToday(request.query);
    const day = today ? catalogue.clock.today() : undefined;
    const page = keyword
      ? catalogue.search(keyword, type, paging.offset, paging.limit, day)
      : catalogue.list({ type, day }, paging.offset, paging.limit);
    const data = {
      ...paged(page, paging),
      content_type: type,
      ...(keyword === undefined ? {} : { keyword }),
      ...(today ? { today: true as const } : {}),
    };
    return success(FETCHED, languageOf(request.headers['accept-language']), data);
  });

  app.get('/api/contents/:content_type/all', { schema: dumpSchema }, async (request, reply) => {
    const type = parseContentType(request.params.content_type);
    const language = languageOf(request.headers['accept-language']);
    const dump = await fullDumps.get(type, language);
    return fullDumps.send(dump, request, reply);
  });

  app.get('/api/types', { schema: typesSchema }, async (request) => {
    return success(FETCHED, languageOf(request.headers['accept-language']), {
      supported_types: TYPE_DESCRIPTORS,
      total_types: CONTENT_TYPES.length,
    });
  });

  app.get('/api/search', { schema: searchSchema }, async (request) => {
    const keyword = parseKeyword(request.query.keyword, true) as string;
    const type = parseOptionalContentType(request.query.content_type);
    const paging = parsePaging(request.query);
    const page = catalogue.search(keyword, type, paging.offset, paging.limit);
    return success(SEARCHED, languageOf(request.headers['accept-language']), {
      ...paged(page, paging),
      keyword,
      content_type: type ?? '',
    });
  });
};
