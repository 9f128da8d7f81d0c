/**
 * The numbers and the answers of the catalogue's limits (docs/interface.md "Catalogue limits", docs/decisions.md "Limits"):
 * what each rule allows, the 429 bodies clients parse (`retry_after`, `detail`, the `/all` remaining
 * seconds in `error`) and the IETF RateLimit-Policy / RateLimit header values. Kept apart from the
 * mechanics so a reader can check the contract in one place.
 */
import { type ApiError, rateLimited, unauthorized } from '../http/errors.js';

/** One allowed request per address per window, over every catalogue endpoint. */
export const ADDRESS_WINDOW_SECONDS = 3;
/** Rejected requests in a row (no allowed request between them) that start a blacklist. */
export const BLACKLIST_AFTER_VIOLATIONS = 5;
export const BLACKLIST_SECONDS = 30 * 60;
/** One `/all` request per address (or key) per window, whatever the type. */
export const FULL_DUMP_WINDOW_SECONDS = 60;
/**
 * The per-address counter is set to this while an address is blacklisted, so a blacklist is told apart
 * from an ordinary window by the counter alone (one atomic read-and-increment, no second key).
 */
export const BLACKLIST_MARK = 1_000_000;

/** The limits as the API reference states them, where a reader would otherwise press "Try it out". */
export const LIMITS_NOTICE = {
  zh: `每个地址每 ${ADDRESS_WINDOW_SECONDS} 秒只能请求 1 次（所有 /api/ 路径合计）；连续 ${BLACKLIST_AFTER_VIOLATIONS} 次被拒，该地址封禁 ${BLACKLIST_SECONDS / 60} 分钟；/all 每 ${FULL_DUMP_WINDOW_SECONDS} 秒 1 次。超出时为 429，带 \`retry_after\`（秒）与 \`Retry-After\` 头。`,
  en: `One request per ${ADDRESS_WINDOW_SECONDS} s per address over every /api/ path; ${BLACKLIST_AFTER_VIOLATIONS} refused requests in a row blacklist the address for ${BLACKLIST_SECONDS / 60} minutes; /all once per ${FULL_DUMP_WINDOW_SECONDS} s. Beyond that a 429 with \`retry_after\` (seconds) and a \`Retry-After\` header.`,
};

/**
 * What an exempt address is told: a quota no client reaches. A client that paces by these headers (our
 * `mirror`) then sends at once, where an upstream that says nothing gets the published one-a-minute rule.
 */
export const EXEMPT_QUOTA = 1_000_000;

/** Names of the policies in the RateLimit headers (draft-ietf-httpapi-ratelimit-headers). */
export const POLICY = {
  address: `"per-address";q=1;w=${ADDRESS_WINDOW_SECONDS}`,
  fullDump: `"full-dump";q=1;w=${FULL_DUMP_WINDOW_SECONDS}`,
  apiKey: (rate: number) => `"api-key";q=${rate};w=1`,
  exempt: `"exempt";q=${EXEMPT_QUOTA};w=1`,
};

/** The RateLimit value of every exempt answer: the whole quota left. */
export const EXEMPT_REMAINING = `"exempt";r=${EXEMPT_QUOTA};t=1`;

/** One `RateLimit` list member: what is left of a policy's quota and when it resets (whole seconds). */
export function remaining(policy: 'per-address' | 'full-dump' | 'api-key' | 'web' | 'feeds', left: number, msBeforeReset: number): string {
  return `"${policy}";r=${Math.max(0, left)};t=${Math.max(0, Math.ceil(msBeforeReset / 1000))}`;
}

/** Whole seconds a client waits: the real remaining wait rounded up, at least 1 (docs/decisions.md). */
export function waitSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

const TOO_FAST = { zh: '请求过于频繁', en: 'Too many requests' };

/** 429 on the per-address rule; `violation` is how many requests in a row were refused (1 to 4 here). */
export function tooFast(msBeforeNext: number, violation: number, headers: Record<string, string>): ApiError {
  const wait = waitSeconds(msBeforeNext);
  const left = BLACKLIST_AFTER_VIOLATIONS - violation;
  return rateLimited({
    retryAfterSeconds: wait,
    message: TOO_FAST,
    error: {
      zh: `每个地址每 ${ADDRESS_WINDOW_SECONDS} 秒只能请求 1 次`,
      en: `Each client address may make 1 request every ${ADDRESS_WINDOW_SECONDS} seconds`,
    },
    detail: {
      zh: `超出频率限制（每 ${ADDRESS_WINDOW_SECONDS} 秒 1 次），请在 ${wait} 秒后重试；这是连续第 ${violation} 次超限，再连续超限 ${left} 次该地址将被列入黑名单 ${BLACKLIST_SECONDS / 60} 分钟`,
      en: `Rate limit of 1 request per ${ADDRESS_WINDOW_SECONDS} seconds exceeded; retry in ${wait} s. This is violation ${violation} in a row; ${left} more in a row blacklist the address for ${BLACKLIST_SECONDS / 60} minutes`,
    },
    headers,
  });
}

/** 429 while an address is blacklisted; `retry_after` is what is left of the blacklist. */
export function blacklisted(msBeforeNext: number, headers: Record<string, string>): ApiError {
  const wait = waitSeconds(msBeforeNext);
  return rateLimited({
    retryAfterSeconds: wait,
    message: { zh: '该地址已被列入黑名单', en: 'Address blacklisted' },
    error: {
      zh: `连续 ${BLACKLIST_AFTER_VIOLATIONS} 次超出频率限制，该地址被列入黑名单 ${BLACKLIST_SECONDS / 60} 分钟`,
      en: `${BLACKLIST_AFTER_VIOLATIONS} rate-limit violations in a row blacklisted this address for ${BLACKLIST_SECONDS / 60} minutes`,
    },
    detail: {
      zh: `黑名单：该地址因连续 ${BLACKLIST_AFTER_VIOLATIONS} 次超限被暂时封禁，剩余 ${wait} 秒；封禁期间的请求不会延长封禁`,
      en: `Blacklist: this address is blocked after ${BLACKLIST_AFTER_VIOLATIONS} rate-limit violations in a row; ${wait} s remain. Requests during the blacklist do not extend it`,
    },
    headers,
  });
}

/** 429 on the `/all` rule: `message` about the frequency, `error` with the remaining seconds. */
export function fullDumpTooFrequent(msBeforeNext: number, headers: Record<string, string>): ApiError {
  const wait = waitSeconds(msBeforeNext);
  return rateLimited({
    retryAfterSeconds: wait,
    message: { zh: '全量数据请求频率超限', en: 'Full-dump request frequency exceeded' },
    error: {
      zh: `全量数据接口每分钟只能请求 1 次（不分类型），请在 ${wait} 秒后重试`,
      en: `The /all endpoints allow 1 request per minute whatever the type; retry in ${wait} seconds`,
    },
    detail: {
      zh: `全量数据接口限制为每个地址每 ${FULL_DUMP_WINDOW_SECONDS} 秒 1 次，对所有类型合计`,
      en: `Full dumps are limited to 1 request per ${FULL_DUMP_WINDOW_SECONDS} seconds per client, across all content types`,
    },
    headers,
  });
}

/** 429 on an API key's own rate. */
export function keyTooFast(msBeforeNext: number, rate: number, headers: Record<string, string>): ApiError {
  const wait = waitSeconds(msBeforeNext);
  return rateLimited({
    retryAfterSeconds: wait,
    message: TOO_FAST,
    error: { zh: `该 API 密钥每秒最多请求 ${rate} 次`, en: `This API key may make ${rate} requests per second` },
    detail: {
      zh: `超出 API 密钥的频率限制（每秒 ${rate} 次），请在 ${wait} 秒后重试`,
      en: `API key rate limit of ${rate} requests per second exceeded; retry in ${wait} s`,
    },
    headers,
  });
}

/** 401 for an `X-API-Key` that is not a key, or a revoked one. */
export function unknownKey(): ApiError {
  return unauthorized(
    { zh: 'API 密钥无效或已被吊销', en: 'The X-API-Key is unknown or revoked' },
    {
      zh: '请检查 X-API-Key 请求头，或去掉它以匿名访问（每个地址每 3 秒 1 次）',
      en: 'Check the X-API-Key header, or leave it out to use the anonymous limit (1 request per 3 seconds per address)',
    },
  );
}

/** 429 on the web page's budget (the API reference at `/docs` and `/openapi.json`), per address a minute. */
export function webPageTooFast(msBeforeNext: number, perMinute: number): ApiError {
  const wait = waitSeconds(msBeforeNext);
  return rateLimited({
    retryAfterSeconds: wait,
    message: TOO_FAST,
    error: { zh: `每个地址每分钟最多请求页面 ${perMinute} 次`, en: `Each client address may request pages ${perMinute} times a minute` },
    detail: {
      zh: `超出页面的频率限制（每分钟 ${perMinute} 次），请在 ${wait} 秒后重试；不计入接口的限额`,
      en: `Page rate limit of ${perMinute} requests a minute exceeded; retry in ${wait} s. Pages do not count against the API limits`,
    },
    headers: {},
  });
}
