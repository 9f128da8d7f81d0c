/**
 * What an upstream's answer says about its limits, read from the IETF RateLimit headers
 * (draft-ietf-httpapi-ratelimit-headers): `RateLimit: "policy";r=<remaining>;t=<seconds to reset>` and
 * `RateLimit-Policy: "policy";q=<quota>;w=<window seconds>` (what our own server sends, docs/limits.md),
 * and the older single-policy `RateLimit-Remaining` / `RateLimit-Reset` pair many servers still send.
 * Each policy becomes how long its quota keeps the next request waiting: 0 while quota remains. The
 * structured-field syntax is parsed by `structured-headers` (RFC 9651); a header that does not parse
 * is as good as absent.
 */
import { type Parameters, parseList, Token } from 'structured-headers';

export interface UpstreamLimits {
  /** The upstream sent at least one readable rate-limit header: its word replaces the published rules. */
  spoke: boolean;
  /** Per policy: milliseconds until it allows another request (0 when its quota is not used up). */
  waits: Array<{ policy: string; ms: number }>;
}

export function readUpstreamLimits(headers: Headers): UpstreamLimits {
  const waits = new Map<string, number>();
  const current = members(headers.get('ratelimit'));
  for (const [name, params] of current) {
    const remaining = params.get('r');
    const reset = params.get('t');
    const used = typeof remaining === 'number' && remaining <= 0;
    waits.set(name, used ? seconds(reset) : 0);
  }
  // A policy announced without its current state: a quota of one is used up by the answer just received.
  const policies = members(headers.get('ratelimit-policy'));
  for (const [name, params] of policies) {
    if (waits.has(name)) continue;
    waits.set(name, params.get('q') === 1 ? seconds(params.get('w')) : 0);
  }
  const legacyRemaining = Number(headers.get('ratelimit-remaining') ?? Number.NaN);
  if (Number.isFinite(legacyRemaining)) {
    waits.set('ratelimit', legacyRemaining <= 0 ? seconds(Number(headers.get('ratelimit-reset') ?? Number.NaN)) : 0);
  }
  return { spoke: waits.size > 0, waits: [...waits].map(([policy, ms]) => ({ policy, ms })) };
}

/** A quota reset in seconds as milliseconds; an unreadable one counts as one second. */
function seconds(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value * 1000) : 1000;
}

/** The named members of a structured list; nothing when the header is absent or malformed. */
function members(value: string | null): Array<[string, Parameters]> {
  if (!value) return [];
  try {
    return parseList(value).flatMap(([name, params]): Array<[string, Parameters]> => {
      if (typeof name === 'string') return [[name, params]];
      return name instanceof Token ? [[name.toString(), params]] : [];
    });
  } catch {
    return [];
  }
}
