/**
 * OpenAPI documents generated from the route schemas (@fastify/swagger collects them as routes are
 * added). The committed copies under docs/ are checked against the code by test/openapi.test.ts.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { tagDocs } from './operation-docs.js';

export interface OpenApiInfo {
  title: string;
  description: string;
}

/** The catalogue's groups, in the order the reference shows them. */
const CATALOGUE_TAGS = [
  tagDocs(
    'contents',
    { zh: '资源列表', en: 'Entries' },
    { zh: '按时间列出资源、某一类型、全量导出与类型表。', en: 'Entries by time, by type, full dumps and the type table.' },
  ),
  tagDocs('search', { zh: '搜索', en: 'Search' }, { zh: '按关键词查找资源。', en: 'Finding entries by keyword.' }),
  tagDocs(
    'links',
    { zh: '链接健康', en: 'Link health' },
    { zh: '查询链接的检查结果，报告失效链接。', en: "A link's check results, and reporting a broken link." },
  ),
  tagDocs('system', { zh: '运行状态', en: 'Service' }, { zh: '状态与健康检查。', en: 'Status and health checks.' }),
];

/**
 * An `X-API-Key` is optional: without one the per-address limits apply, with one the key's own rate
 * (docs/limits.md). `{}` first says a request without any key is accepted too.
 */
const API_KEY_SCHEME = {
  apiKey: {
    type: 'apiKey' as const,
    in: 'header' as const,
    name: 'X-API-Key',
    description: "optional: replaces the per-address limits with the key's own rate; an unknown or revoked key is 401",
  },
};

/** Register before any route, so every route is collected. */
export async function registerOpenApi(app: FastifyInstance, info: OpenApiInfo): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...info, version: '2.2.1' },
      tags: CATALOGUE_TAGS,
      components: { securitySchemes: API_KEY_SCHEME },
      security: [{}, { apiKey: [] }],
    },
  });
}

export const CATALOGUE_API_DESCRIPTION = [
  'Read-only catalogue of links to video content (interface spec v2.2.1). Decisions where the spec is silent:',
  '- Lists are newest `update_time` first, ties by a stable id. Search tiers, newest first within each: exact title; exact but for punctuation, brackets and an episode suffix; prefix; contains; then looser tiers below every literal one: case/width/traditional-simplified folding (so `love` lists `i love you` before `LOVE`), several space-separated terms (all terms first), and for Latin keywords full pinyin or initials.',
  '- `today` is the date part of `update_time` equal to today in CATALOGUE_TZ (default Asia/Shanghai); its presence alone selects it (`?today`, `?today=`, `?today=0`, `?today&today`).',
  '- `page` beyond the last page is 200 with empty `items`; `total_pages` = ceil(total / limit), 0 when total is 0.',
  '- `baidu` is accepted everywhere as an alias of `extsrc`; responses say `extsrc`.',
  '- Unknown content_type, bad page/limit (non-integer, out of range, repeated, empty) and bad keywords (after NFKC + trim: empty, over 100 characters, forbidden characters) are 400 BAD_REQUEST naming the parameter.',
  '- `/api/search` without a `content_type` filter echoes `content_type` as the empty string.',
  '- Every route is GET (and HEAD) but one: `POST /api/link-reports` takes a JSON body `{"source_link": ...}`. Unknown paths and other methods are 404 RESOURCE_NOT_FOUND in the error envelope; every error carries `suggestion`.',
  '- Texts are Simplified Chinese unless LANGUAGE=en or Accept-Language prefers English.',
  '- Limits: 1 request per 3 s per client address over every catalogue path (the 404 path too); 5 refused requests in a row blacklist the address for 30 minutes; `/all` is 1 request per 60 s per address across types. A 429 RATE_LIMIT_EXCEEDED carries `retry_after` (whole seconds, at least 1) and `detail`, and the `Retry-After` header.',
  '- A request that cannot be read (broken percent-encoding or invalid UTF-8 in the path or a parameter such as `%FF` or `%E6%80`, HTTP/1.1 without Host) is 400 BAD_REQUEST and counted by the limits; the `/all` rule follows the matched route, so an encoded `/all` is one. A request that does not arrive whole within REQUEST_TIMEOUT_SECONDS is 408 REQUEST_TIMEOUT; one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections (the next gets 429).',
  '- Every successful catalogue GET carries an `ETag` (the catalogue revision and the request; `/all` dumps: a hash of the bytes); `If-None-Match` with it gets 304 without a body, which counts against the limits like any request.',
  "- An `X-API-Key` header replaces the per-address rule with the key's own rate; an unknown or revoked key is 401 UNAUTHORIZED.",
  '- `/api/health` is 503 in the error envelope (with `data.database` not `connected`) when the database fails its check within 1.5 s; a failing Redis gives 200 with `status` `degraded`; `data.checks` lists each dependency.',
].join('\n');
