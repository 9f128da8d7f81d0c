/**
 * Bearer authentication of the ranking routes (RFC 6750 section 3.1, as Hono's bearer-auth answers): no
 * bearer credentials (no header, or another scheme) is 401 with `WWW-Authenticate: Bearer` and no error
 * code; a `Bearer` header that breaks the syntax (no token, spaces or characters a b64token cannot hold)
 * is 400 `invalid_request`; a token that is not a dramadex token, unknown or revoked is 401
 * `invalid_token`; a valid token from an address other than its bound one is 403 with how to re-bind.
 * Then the token's rate limit. The token never leaves this function (the logger redacts the header too).
 */
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../http/client-address.js';
import { badRequest, forbidden, type Localized, unauthorized } from '../../http/errors.js';
import { noTallies, type Tally } from '../../observability/instruments.js';
import { RANKING_AUTH_OUTCOMES, type RankingAuthOutcome } from '../outcomes.js';
import { isWellFormedToken, type RankingTokens } from './access-tokens.js';
import type { FailedAuthThrottle } from './failed-auth-throttle.js';
import type { TokenRateLimit } from './token-rate-limit.js';

const REALM = 'Bearer realm="dramadex-ranking"';
/** RFC 6750 section 2.1: the scheme is case-insensitive, then one or more spaces, then the b64token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
/** A header of the bearer scheme at all (then it must follow the syntax above, else 400). */
const BEARER_SCHEME = /^Bearer(?: |$)/i;
const MALFORMED: Localized = {
  zh: 'Authorization 请求头格式错误，应为 "Bearer dxr_…"',
  en: 'Malformed Authorization header; expected "Bearer dxr_…"',
};

export interface BearerAuthOptions {
  tokens: RankingTokens;
  rateLimit: TokenRateLimit;
  /** Failed attempts per address; an address past it gets 429 before its token is looked at. */
  failures: FailedAuthThrottle;
  /** How a user gets a token and re-binds it (names the channel's keywords when it is on). */
  howToGet: Localized;
  howToRebind: Localized;
  /** One tally per outcome (metrics). */
  outcomes?: Record<RankingAuthOutcome, Tally>;
}

export function bearerAuth({
  tokens,
  rateLimit,
  failures,
  howToGet,
  howToRebind,
  outcomes = noTallies(RANKING_AUTH_OUTCOMES),
}: BearerAuthOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    const address = clientAddress(request);
    try {
      await failures.checkAllowed(address);
    } catch (error) {
      outcomes.throttled.inc();
      throw error;
    }
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
      outcomes.missing.inc();
      throw unauthorized(
        { zh: '缺少令牌：请在 Authorization 请求头中携带 Bearer 令牌', en: 'No token: send Authorization: Bearer <token>' },
        howToGet,
        {
          'www-authenticate': REALM,
        },
      );
    }
    const token = BEARER.exec(header)?.[1];
    if (token === undefined || !isWellFormedToken(token)) {
      outcomes.malformed.inc();
      await failures.recordFailure(address);
      if (!BEARER_SCHEME.test(header)) throw unauthorized(MALFORMED, howToGet, { 'www-authenticate': REALM });
      if (token === undefined) {
        throw badRequest(MALFORMED, howToGet, {
          'www-authenticate': `${REALM}, error="invalid_request", error_description="malformed Authorization header"`,
        });
      }
      throw unauthorized(MALFORMED, howToGet, {
        'www-authenticate': `${REALM}, error="invalid_token", error_description="not a dramadex token"`,
      });
    }
    const result = await tokens.authenticate(token, address);
    if (result.outcome === 'unknown' || result.outcome === 'revoked') {
      outcomes[result.outcome].inc();
      await failures.recordFailure(address);
      const error =
        result.outcome === 'unknown' ? { zh: '令牌无效', en: 'Unknown token' } : { zh: '令牌已被吊销', en: 'The token has been revoked' };
      throw unauthorized(error, howToGet, {
        'www-authenticate': `${REALM}, error="invalid_token", error_description="${result.outcome} token"`,
      });
    }
    if (result.outcome === 'wrong-address') {
      outcomes.wrong_address.inc();
      throw forbidden(
        {
          zh: `此令牌已绑定其他地址，当前地址 ${address} 未被授权`,
          en: `This token is bound to another address; ${address} is not allowed`,
        },
        howToRebind,
      );
    }
    try {
      await rateLimit.take(result.token.tokenPrefix);
    } catch (error) {
      outcomes.rate_limited.inc();
      throw error;
    }
    outcomes.ok.inc();
  };
}
