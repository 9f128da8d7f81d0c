/**
 * The ranking component's outcomes that the metrics count (docs/operations.md): of a bearer check and of
 * a WeChat callback. They are the component's vocabulary, handed to the metrics rather than taken from them.
 */

/** `throttled`: refused before any check, the address having failed too often (access-tokens/failed-auth-throttle.ts). */
export const RANKING_AUTH_OUTCOMES = [
  'ok',
  'missing',
  'malformed',
  'unknown',
  'revoked',
  'wrong_address',
  'rate_limited',
  'throttled',
] as const;
export type RankingAuthOutcome = (typeof RANKING_AUTH_OUTCOMES)[number];

export const WECHAT_OUTCOMES = ['verified', 'answered', 'refused'] as const;
export type WechatOutcome = (typeof WECHAT_OUTCOMES)[number];
