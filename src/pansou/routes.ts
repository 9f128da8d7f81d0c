/**
 * The PanSou-compatible interface under PANSOU_PATH (docs/pansou.md): `/api/search` (POST JSON and GET
 * query), `/api/health`, `/api/check/links` and `/openapi.json`, registered as one encapsulated plugin
 * with its own error and 404 handlers, so every answer here is in PanSou's envelope and none of these
 * routes enters the catalogue's OpenAPI document. Each handler reads its request, asks the catalogue's
 * search or the stored verdicts, and hands the answer over; the limits run first (pansou-limits.ts).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Config, Language } from '../config/config.js';
import { responseLanguage } from '../http/language.js';
import { type ReadyResponse, ResponseCache } from '../http/response-cache.js';
import type { CheckItem, LinkChecks } from './link-checks.js';
import { pansouOpenApi } from './openapi.js';
import { badParameter, PansouError, pansouFailure } from './pansou-errors.js';
import type { PansouLimits } from './pansou-limits.js';
import type { PansouSearch } from './pansou-search.js';
import { readSearchRequest, type SearchRequest } from './search-request.js';

export interface PansouRoutesOptions {
  config: Config;
  base: string;
  catalogue: Catalogue;
  search: PansouSearch;
  checks: LinkChecks;
  /** The Telegram channels dramadex reads; rejects when the store cannot be reached. */
  channels: () => Promise<string[]>;
  /** Undefined when RATE_LIMITS=off. */
  limits: PansouLimits | undefined;
}

export const BODY_LIMIT = 64 * 1024;
const MAX_CHECK_ITEMS = 50;
const HEALTH_TIMEOUT_MS = 1500;
const JSON_TYPE = 'application/json; charset=utf-8';

export const pansouRoutes: FastifyPluginAsync<PansouRoutesOptions> = async (app, options) => {
  const { config, catalogue, search, checks, limits } = options;
  const defaultLimit = config.pansou?.maxResults ?? 200;
  const languageOf = (request: FastifyRequest) => responseLanguage(request.headers['accept-language'], config.language);
  const document = `${JSON.stringify(pansouOpenApi(options.base), null, 2)}\n`;
  // Answers kept by catalogue version like the catalogue's searches (from a key's second request), in a
  // quarter of RESPONSE_CACHE_MB of their own.
  const answers = new ResponseCache(config.responseCacheMb * 256 * 1024);

  app.setErrorHandler((error, request, reply) => sendPansouFailure(error, request, reply, config.language));
  const budget = (search: boolean) =>
    async function pansouBudget(request: FastifyRequest) {
      const refusal = await limits?.check(request.ip, request.headers, search);
      if (refusal) throw refusal;
    };
  app.setNotFoundHandler({ preHandler: budget(false) }, (request, reply) =>
    sendPansouFailure(
      new PansouError(404, { zh: `没有这个接口：${request.url.split('?')[0]}`, en: `No such route: ${request.url.split('?')[0]}` }),
      request,
      reply,
      config.language,
    ),
  );

  const answerSearch = async (_request: FastifyRequest, reply: FastifyReply, asked: SearchRequest) => {
    const version = catalogue.version;
    const key = `${asked.shape}|${asked.limit}|${[...(asked.cloudTypes ?? [])].join(',')}|${asked.include.join('\u0001')}|${asked.exclude.join('\u0001')}|${asked.keyword}`;
    let ready: ReadyResponse | undefined = answers.lookup(version, key);
    if (!ready) ready = answers.keepRepeated(version, key, { code: 0, message: 'success', data: await search.search(asked) });
    return reply.type(JSON_TYPE).send(ready.body);
  };

  // Counted on arrival, before a body is read, so a broken or oversized body is counted too.
  const routeOptions = (search: boolean) => ({ schema: { hide: true }, onRequest: budget(search) });
  app.post('/api/search', { ...routeOptions(true), bodyLimit: BODY_LIMIT }, (request, reply) =>
    answerSearch(request, reply, readSearchRequest(request.body ?? {}, false, defaultLimit)),
  );
  app.get('/api/search', routeOptions(true), (request, reply) =>
    answerSearch(request, reply, readSearchRequest(request.query, true, defaultLimit)),
  );

  app.post('/api/check/links', { ...routeOptions(false), bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const items = readCheckItems(request.body);
    const results = await checks.check(items, languageOf(request));
    return reply.type(JSON_TYPE).send({ results });
  });

  // Health costs no budget: a bot polls it before it searches.
  app.get('/api/health', { schema: { hide: true } }, async (request, reply) => {
    const channels = await withTimeout(options.channels(), HEALTH_TIMEOUT_MS).catch((error: unknown) => {
      request.log.warn({ err: error }, 'PanSou health: the store could not be read');
      return undefined;
    });
    const body = {
      status: channels ? 'ok' : 'unavailable',
      auth_enabled: config.pansou?.requireKey ?? false,
      plugins_enabled: false,
      plugin_count: 0,
      plugins: [],
      channels_count: channels?.length ?? 0,
      channels: channels ?? [],
    };
    return reply
      .code(channels ? 200 : 503)
      .type(JSON_TYPE)
      .send(body);
  });

  app.get('/openapi.json', { schema: { hide: true }, onRequest: budget(false) }, (_request, reply) => reply.type(JSON_TYPE).send(document));
};

function readCheckItems(body: unknown): CheckItem[] {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items) || items.length === 0)
    throw badParameter({ zh: '参数 items 应为非空数组', en: 'Parameter items must be a non-empty array' });
  if (items.length > MAX_CHECK_ITEMS)
    throw badParameter({ zh: `参数 items 最多 ${MAX_CHECK_ITEMS} 项`, en: `Parameter items holds at most ${MAX_CHECK_ITEMS} links` });
  return items.map((item: unknown, index) => {
    const { url, password, disk_type } = (item ?? {}) as Record<string, unknown>;
    if (typeof url !== 'string' || url.trim() === '') {
      throw badParameter({ zh: `items[${index}].url 应为链接`, en: `items[${index}].url must be a link` });
    }
    return { url, password: typeof password === 'string' ? password : '', disk_type: typeof disk_type === 'string' ? disk_type : '' };
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Answers with PanSou's envelope (pansou-errors.ts) in the reader's language, with the error's headers. */
function sendPansouFailure(error: unknown, request: FastifyRequest, reply: FastifyReply, fallback: Language) {
  const failure = pansouFailure(error);
  if (failure.status >= 500) request.log.error({ err: error }, 'PanSou request failed');
  const language = responseLanguage(request.headers['accept-language'], fallback);
  return reply
    .code(failure.status)
    .headers(failure.headers)
    .type(JSON_TYPE)
    .send({ code: failure.status, message: failure.reason[language] });
}
