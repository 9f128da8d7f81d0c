/**
 * The PanSou interface's OpenAPI document, `{base}/openapi.json` (docs/pansou.md), built from the
 * adapter's own schemas (schemas.ts): the catalogue's document is collected by @fastify/swagger from its
 * routes, and these routes stay out of it (`hide`), since they are another dialect under another root.
 * The committed copy, docs/openapi-pansou.json, is checked against this by test/openapi.test.ts.
 */
import type { TSchema } from 'typebox';
import { CheckAnswer, CheckBody, HealthAnswer, PansouErrorBody, SearchAnswer, SearchBody, SearchQuery } from './schemas.js';

const json = (schema: TSchema) => ({ content: { 'application/json': { schema } } });
const failure = (description: string) => ({ description, ...json(PansouErrorBody) });
const limited = {
  '401': failure('a Bearer token or X-API-Key that is not an active key, or none where PANSOU_REQUIRE_KEY=on'),
  '429': failure('past the limits; Retry-After says when to retry'),
};

const SEARCH_DESCRIPTION =
  'The catalogue’s own search (same tiers, folding, pinyin and order; dead and taken-down entries left out) in PanSou’s shapes. `res`: merge (default) gives `merged_by_type`, results gives `results`, all gives both.';

function queryParameters() {
  const { properties, required = [] } = SearchQuery as unknown as { properties: Record<string, TSchema>; required?: string[] };
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
}

export function pansouOpenApi(base: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'dramadex PanSou-compatible interface',
      version: '1.0.0',
      description:
        'PanSou’s search API (fish2018/pansou) answered from the dramadex catalogue, with dead links already left out. Errors are `{"code": <status>, "message": ...}` in the reader’s language (Accept-Language). Limits per address: one request a second with bursts of 5, and 30 searches a minute; an API key as `Authorization: Bearer` or `X-API-Key` lifts them to its own rate.',
    },
    servers: [{ url: base }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'a dramadex API key' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'a dramadex API key' },
      },
    },
    security: [{}, { bearer: [] }, { apiKey: [] }],
    paths: {
      '/api/search': {
        post: {
          summary: 'Search (JSON body)',
          description: SEARCH_DESCRIPTION,
          requestBody: { required: true, ...json(SearchBody) },
          responses: {
            '200': { description: 'found', ...json(SearchAnswer) },
            '400': failure('a bad field'),
            '413': failure('a body over 64 KB'),
            ...limited,
          },
        },
        get: {
          summary: 'Search (query string)',
          description: SEARCH_DESCRIPTION,
          parameters: queryParameters(),
          responses: { '200': { description: 'found', ...json(SearchAnswer) }, '400': failure('a bad parameter'), ...limited },
        },
      },
      '/api/health': {
        get: {
          summary: 'Health and the Telegram channels dramadex reads',
          description: 'Costs no request budget.',
          responses: {
            '200': { description: 'ok', ...json(HealthAnswer) },
            '503': { description: 'the store cannot be reached', ...json(HealthAnswer) },
          },
        },
      },
      '/api/check/links': {
        post: {
          summary: 'Link states from stored verdicts',
          description:
            'Answers from verdicts dramadex already holds; never sends a request to a provider. A catalogue link never checked moves up the check queue and is `uncertain` meanwhile; a link outside the catalogue is `uncertain`.',
          requestBody: { required: true, ...json(CheckBody) },
          responses: {
            '200': { description: 'one result per item, in order', ...json(CheckAnswer) },
            '400': failure('no items, more than 50, or an item without url'),
            '413': failure('a body over 64 KB'),
            ...limited,
          },
        },
      },
    },
  };
}
