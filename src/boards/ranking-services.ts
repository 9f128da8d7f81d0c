/**
 * Builds what the ranking listener needs from the configuration and the shared store: the boards, the
 * tokens and their limit, the bearer check, and when configured the WeChat channel and the upstream
 * fetcher. The composition root (services.ts) calls this once and closes it on shutdown.
 */
import { hkdfSync } from 'node:crypto';
import type { Config } from '../config/config.js';
import type { Localized } from '../http/errors.js';
import type { Tally } from '../observability/instruments.js';
import type { Logger } from '../observability/logger.js';
import type { Metrics } from '../observability/metrics.js';
import type { RedisLink } from '../redis/redis-link.js';
import { LocalClock } from '../shared/local-time.js';
import type { Database } from '../store/database.js';
import { RankingTokens } from './access-tokens/access-tokens.js';
import type { BearerAuthOptions } from './access-tokens/bearer-auth.js';
import { FailedAuthThrottle } from './access-tokens/failed-auth-throttle.js';
import { TokenRateLimit } from './access-tokens/token-rate-limit.js';
import { TokenStore } from './access-tokens/token-store.js';
import { UpstreamFetcher } from './fetcher/upstream-fetcher.js';
import { RANKING_AUTH_OUTCOMES, WECHAT_OUTCOMES, type WechatOutcome } from './outcomes.js';
import { RankingBoards } from './ranking-boards.js';
import { SnapshotStore } from './snapshot-store.js';
import { WechatChannel } from './wechat/channel.js';
import { Conversation } from './wechat/conversation.js';
import { ReplayGuard } from './wechat/replay-guard.js';

export interface RankingServices {
  boards: RankingBoards;
  tokens: RankingTokens;
  auth: BearerAuthOptions;
  /** The WeChat token channel, when WECHAT_TOKEN is set. */
  channel: WechatChannel | undefined;
  /** Counts WeChat callbacks by outcome (metrics); undefined when metrics are off. */
  wechatOutcomes: Record<WechatOutcome, Tally> | undefined;
  /** The upstream fetcher, when RANKING_FETCH_SOURCES is set (started by `start()`). */
  fetcher: UpstreamFetcher | undefined;
  /** Starts the scheduled fetcher, if any. */
  start(): void;
  close(): Promise<void>;
}

/** `redis` is the process's one Redis link (services.ts), undefined without REDIS_URL. */
export function createRankingServices(
  config: Config,
  database: Database,
  log: Logger,
  metrics: Metrics | undefined,
  redis: RedisLink | undefined,
): RankingServices {
  const boards = new RankingBoards(new SnapshotStore(database), new LocalClock(config.catalogueTimeZone), config.ranking.retentionDays);
  const tokens = new RankingTokens(new TokenStore(database), derivationKey(config));
  const keyPrefix = config.limits.redisKeyPrefix;
  const rateLimit = new TokenRateLimit(config.ranking.ratePerMinute, keyPrefix, redis);
  const failures = new FailedAuthThrottle(config.ranking.failedAuthPerMinute, keyPrefix, redis);
  const channel = config.wechat
    ? new WechatChannel(config.wechat, new Conversation(tokens, config.wechat.keywords, config.language), config.language, {
        replays: new ReplayGuard(config.wechat.timestampToleranceSeconds, redis && { link: redis, keyPrefix: `${keyPrefix}wechat-nonce:` }),
      })
    : undefined;
  const fetch = config.ranking.fetch;
  const fetcher = fetch
    ? new UpstreamFetcher(boards, fetch.sources, fetch.intervalMinutes, {
        report: (line) => log.error(line),
        ...(metrics ? { counted: (board: string, ok: boolean) => metrics.fetchTally(board, ok) } : {}),
      })
    : undefined;
  return {
    boards,
    tokens,
    auth: {
      tokens,
      rateLimit,
      failures,
      ...instructions(config),
      ...(metrics ? { outcomes: metrics.rankingAuthTallies(RANKING_AUTH_OUTCOMES) } : {}),
    },
    wechatOutcomes: metrics?.wechatTallies(WECHAT_OUTCOMES),
    channel,
    fetcher,
    start() {
      void fetcher?.start();
    },
    async close() {
      fetcher?.stop();
      await fetcher?.idle();
    },
  };
}

/**
 * The key channel tokens are derived from: RANKING_TOKEN_SECRET, or else one derived from the WeChat
 * settings (as strong as they are: the EncodingAESKey carries 256 bits, a console Token alone may not).
 */
function derivationKey(config: Config): Buffer | undefined {
  const material =
    config.ranking.tokenSecret ??
    (config.wechat && [config.wechat.token, config.wechat.aesKey ?? '', config.wechat.appId ?? ''].join('\n'));
  if (!material) return undefined;
  return Buffer.from(hkdfSync('sha256', material, 'dramadex', 'ranking-token-derivation', 32));
}

function instructions(config: Config): { howToGet: Localized; howToRebind: Localized } {
  if (!config.wechat) {
    return {
      howToGet: {
        zh: '请向管理员申请排行榜令牌（dramadex token issue）',
        en: 'Ask the operator for a ranking token (dramadex token issue)',
      },
      howToRebind: {
        zh: '请联系管理员重新绑定当前地址（dramadex token rebind）',
        en: 'Ask the operator to re-bind the token to your address (dramadex token rebind)',
      },
    };
  }
  const token = config.wechat.keywords.token[0];
  const rebind = config.wechat.keywords.rebind[0];
  return {
    howToGet: { zh: `向公众号发送「${token}」获取令牌`, en: `Send "${token}" to the WeChat Official Account to get a token` },
    howToRebind: {
      zh: `向公众号发送「${rebind}」解除绑定（下次使用的地址将被绑定），或发送「${rebind} 新地址」`,
      en: `Send "${rebind}" to the WeChat Official Account to clear the binding (the next address is bound), or "${rebind} <address>"`,
    },
  };
}
