/**
 * A provider's canary (docs/link-health.md, "Guards"): a known-alive link an operator names per provider
 * (`LINK_CHECK_CANARIES`), checked first in every cycle (a run of `links check` is a cycle too). An
 * answer other than `alive` means the provider, not the links, has changed: the cycle's dead verdicts
 * are void (the provider is paused before its links are asked, and a `dead` that another instance
 * records while the canary fails is kept as suspect) and the error is logged once for the deployment.
 */
import type { Logger } from '../observability/logger.js';
import type { ProviderId } from '../shared/share-links.js';
import type { CheckOutcome, LinkChecker } from './link-checker.js';
import { GUARD_PAUSE_MS, type ProviderGuards } from './provider-guards.js';

export interface CanaryResult {
  link: string;
  outcome: CheckOutcome;
  /** The pause the failing canary started (ms), 0 when it passed or a pause held already. */
  pausedMs: number;
}

/** Checks the provider's canary now; undefined when it has none. */
export async function checkCanary(
  guards: ProviderGuards,
  checker: LinkChecker,
  provider: ProviderId,
  log: Logger,
  signal?: AbortSignal,
): Promise<CanaryResult | undefined> {
  const link = guards.canary(provider);
  if (!link) return undefined;
  const outcome = await checker.check(link, signal);
  const now = Date.now();
  await guards.recordCanary(provider, outcome.verdict, outcome.reason, now);
  if (outcome.verdict === 'alive') return { link, outcome, pausedMs: 0 };
  const started = await guards.pause(provider, now, GUARD_PAUSE_MS, `canary ${outcome.verdict}: ${outcome.reason}`);
  if (started) {
    log.error(
      { provider, canary: link, verdict: outcome.verdict, reason: outcome.reason },
      `the canary of ${provider} is not alive: this cycle's dead verdicts are void and the provider pauses`,
    );
  }
  return { link, outcome, pausedMs: started ? GUARD_PAUSE_MS : 0 };
}
