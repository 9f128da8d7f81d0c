/**
 * The web page's own per-address budget (docs/web.md): `WEB_RATE_LIMIT` page
 * requests a minute per address, in one fixed window, so a visitor may open a burst of pages at once.
 * It shares nothing with the catalogue's rules: browsing never spends an address's API budget, never
 * counts as a violation and never leads to the blacklist. Same counter machinery as the API's limits
 * (memory, or Redis with a memory twin), same exempt addresses.
 */
import { addressGroup } from '../http/client-address.js';
import { type ApiError, rateLimited } from '../http/errors.js';
import { type Counter, isRefusal } from '../redis/counter.js';
import type { AddressSet } from './address-set.js';
import { remaining, waitSeconds } from './policy.js';

export const PAGE_WINDOW_SECONDS = 60;
/**
 * Feed requests a minute per address, a budget of their own (docs/web.md, "Feeds"): a reader polling
 * every five minutes, even a few dozen feeds at once, is never refused, and feeds never spend the page's
 * budget nor the API's.
 */
export const FEED_RATE_PER_MINUTE = 60;

/** What a budget counts: the pages, or the feeds (its policy's name and its refusal's words). */
export type BudgetKind = 'web' | 'feeds';

/** Receives the decision on one page request: null to serve it, or the 429 (or an unexpected failure). */
export type PageDecision = (error: Error | null) => void;

export class PageBudget {
  readonly policy: string;

  constructor(
    private readonly counter: Counter,
    private readonly exempt: AddressSet,
    readonly ratePerMinute: number,
    private readonly kind: BudgetKind = 'web',
  ) {
    this.policy = `"${kind}";q=${ratePerMinute};w=${PAGE_WINDOW_SECONDS}`;
  }

  check(ip: string, decide: PageDecision): void {
    if (this.exempt.has(ip)) {
      decide(null);
      return;
    }
    const group = addressGroup(ip);
    // Memory decides at once (no Redis, or Redis down): no promise per page (counter.ts).
    const now = Date.now();
    const window = this.counter.consumeNow(group, now);
    if (window !== undefined) {
      decide(window.count <= this.counter.spec.points ? null : this.refusal(window.endsAt - now));
      return;
    }
    this.counter.consume(group).then(
      () => decide(null),
      (error: unknown) => decide(isRefusal(error) ? this.refusal(error.msBeforeNext) : (error as Error)),
    );
  }

  private refusal(msBeforeNext: number): ApiError {
    const wait = waitSeconds(msBeforeNext);
    const rate = this.ratePerMinute;
    if (this.kind === 'feeds')
      return rateLimited({
        retryAfterSeconds: wait,
        message: { zh: '订阅源请求过于频繁', en: 'Too many feed requests' },
        error: { zh: `每个地址每分钟最多读取 ${rate} 次订阅源`, en: `Each address may read feeds ${rate} times a minute` },
        detail: {
          zh: `订阅源的频率限制（每分钟 ${rate} 次）已用完，请在 ${wait} 秒后重试；这不影响网页和 API 的额度`,
          en: `The feeds' limit of ${rate} requests a minute is used up; retry in ${wait} s. The page's and the API's budgets are not affected`,
        },
        headers: { 'ratelimit-policy': this.policy, ratelimit: remaining('feeds', 0, msBeforeNext) },
      });
    return rateLimited({
      retryAfterSeconds: wait,
      message: { zh: '页面请求过于频繁', en: 'Too many page requests' },
      error: { zh: `每个地址每分钟最多打开 ${rate} 个页面`, en: `Each address may open ${rate} pages a minute` },
      detail: {
        zh: `网页的频率限制（每分钟 ${rate} 次）已用完，请在 ${wait} 秒后重试；这不影响 API 的额度`,
        en: `The web page's limit of ${rate} requests a minute is used up; retry in ${wait} s. The API's budget is not affected`,
      },
      headers: { 'ratelimit-policy': this.policy, ratelimit: remaining('web', 0, msBeforeNext) },
    });
  }
}
