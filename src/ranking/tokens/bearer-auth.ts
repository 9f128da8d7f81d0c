/**
 * Bearer authentication of the ranking routes (RFC 6750 as decisions.md fixes it): no or a malformed
 * `Authorization` header is 401 with `WWW-Authenticate: Bearer`; an unknown or revoked token is 401; a
 * valid token from an address other than its bound one is 403 with how to re-bind. Then the token's
 * rate limit. The token never leaves this function (the logger redacts the header as well).
 */
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../../http/client-address.js';
import { forbidden, type Localized, unauthorized } from '../../http/errors.js';
import type { FailedAuthThrottle } from './failed-auth-throttle.js';
import { isWellFormedToken, type RankingTokens } from './ranking-tokens.js';
import type { TokenRateLimit } from './token-rate-limit.js';

const REALM = 'Bearer realm="dramadex-ranking"';
/** RFC 6750 section 2.1: the scheme is case-insensitive, then one or more spaces, then the b64token. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export interface BearerAuthOptions {
  tokens: RankingTokens;
  rateLimit: TokenRateLimit;
  /** Failed attempts per address; an address past it gets 429 before its token is looked at. */
  failures: FailedAuthThrottle;
  /** How a user gets a token and re-binds it (names the channel's keywords when it is on). */
  howToGet: Localized;
  howToRebind: Localized;
}

export function bearerAuth({ tokens, rateLimit, failures, howToGet, howToRebind }: BearerAuthOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    const address = clientAddress(request);
    await failures.checkAllowed(address);
    const header = request.headers.authorization;
    if (header === undefined || header.trim() === '') {
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
      await failures.recordFailure(address);
      throw unauthorized(
        { zh: 'Authorization 请求头格式错误，应为 "Bearer dxr_…"', en: 'Malformed Authorization header; expected "Bearer dxr_…"' },
        howToGet,
        { 'www-authenticate': `${REALM}, error="invalid_request", error_description="malformed bearer token"` },
      );
    }
    const result = await tokens.authenticate(token, address);
    if (result.outcome === 'unknown' || result.outcome === 'revoked') {
      await failures.recordFailure(address);
      const error =
        result.outcome === 'unknown' ? { zh: '令牌无效', en: 'Unknown token' } : { zh: '令牌已被吊销', en: 'The token has been revoked' };
      throw unauthorized(error, howToGet, {
        'www-authenticate': `${REALM}, error="invalid_token", error_description="${result.outcome} token"`,
      });
    }
    if (result.outcome === 'wrong-address') {
      throw forbidden(
        {
          zh: `此令牌已绑定其他地址，当前地址 ${address} 未被授权`,
          en: `This token is bound to another address; ${address} is not allowed`,
        },
        howToRebind,
      );
    }
    await rateLimit.take(result.token.tokenPrefix);
  };
}
