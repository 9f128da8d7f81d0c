/**
 * The ranking listener's OpenAPI document (collected by @fastify/swagger from the route schemas), with
 * the bearer scheme and the decisions this service took where the interface spec is silent.
 */
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import type { RankingConfig } from '../config/config.js';
import { tagDocs } from '../http/operation-docs.js';

export const BEARER_SECURITY = [{ bearerAuth: [] }];

export function rankingApiDescription(ranking: RankingConfig): string {
  return [
    'Hot rankings (interface spec v2.2.1, sections 4.8, 4.9, 5), served on their own address. Decisions where the spec is silent:',
    '- Every endpoint is GET with the catalogue envelopes; `data` holds `items`, `total` (records of the board or gender view), `board` and `updated_at` (the snapshot time, YYYY-MM-DD HH:MM:SS in CATALOGUE_TZ, empty while the board has none); family B also echoes `start` and `hit`.',
    '- `Authorization: Bearer dxr_…` (4 + 43 characters). No bearer credentials (no header, or another scheme): 401 UNAUTHORIZED with `WWW-Authenticate: Bearer`; a `Bearer` header that breaks the syntax (no token, a space or a character a token cannot hold): 400 BAD_REQUEST with `error="invalid_request"` (RFC 6750); not a dramadex token, unknown or revoked: 401 with `error="invalid_token"`; a token bound to another address: 403 FORBIDDEN whose `suggestion` says how to re-bind.',
    '- A token is bound to the address it was issued with, else to the first address that uses it; an IPv4-mapped IPv6 address is its IPv4 address and IPv6 clients are one client per /64.',
    `- Each token may make ${ranking.ratePerMinute} requests a minute (RANKING_RATE_LIMIT); beyond that 429 RATE_LIMIT_EXCEEDED with \`retry_after\` and \`Retry-After\`.`,
    `- Family B: \`start\` must be 1 (400 otherwise); \`hit\` is a positive integer, default 20, at most ${ranking.hitMax} (RANKING_HIT_MAX); more than the board holds returns what it holds.`,
    '- Family A returns the whole board; /female and /male are the actor board filtered by gender and re-ranked 1..n, with `hot_change` measured within the gender.',
    '- `hot_change` compares with the previous snapshot of the board: `new` when absent from it, else `up`/`down`/`same` by rank.',
    '- Unknown paths (e.g. an unknown family B board) and methods other than GET/HEAD are 404 RESOURCE_NOT_FOUND.',
    `- An address that failed the token check ${ranking.failedAuthPerMinute} times in a minute (unknown, revoked or malformed tokens) gets 429 RATE_LIMIT_EXCEEDED on every request until the minute is over, before its token is looked at.`,
    '- A request that cannot be read (broken percent-encoding or invalid UTF-8 in the path or a parameter, HTTP/1.1 without Host) is 400 BAD_REQUEST; one that does not arrive whole within REQUEST_TIMEOUT_SECONDS is 408 REQUEST_TIMEOUT; one address holds at most MAX_CONNECTIONS_PER_ADDRESS connections (the next gets 429).',
  ].join('\n');
}

/** The ranking limits as the API reference states them (http/api-docs.ts). */
export function rankingLimitsNotice(ranking: RankingConfig) {
  return {
    zh: `每个令牌每分钟 ${ranking.ratePerMinute} 次请求；令牌校验一分钟内失败 ${ranking.failedAuthPerMinute} 次的地址，在该分钟内的所有请求都得到 429。`,
    en: `${ranking.ratePerMinute} requests a minute per token; an address that failed the token check ${ranking.failedAuthPerMinute} times in a minute gets 429 on every request until the minute is over.`,
  };
}

/** Register before any route, so every route is collected. */
export async function registerRankingOpenApi(app: FastifyInstance, ranking: RankingConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'dramadex rankings', description: rankingApiDescription(ranking), version: '2.2.1' },
      tags: [
        tagDocs('boards', { zh: '短剧与演员榜', en: 'Drama and actor boards' }, { zh: '整榜返回。', en: 'Whole boards.' }),
        tagDocs(
          'hot-lists',
          { zh: '热榜', en: 'Hot lists' },
          { zh: '按 `start`、`hit` 取前若干条。', en: 'The first entries, by `start` and `hit`.' },
        ),
      ],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'dxr_ followed by 43 base64url characters' } },
      },
    },
  });
}
