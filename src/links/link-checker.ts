/**
 * The contract between the provider checkers and everything that schedules, stores or shows a check
 * (docs/link-health.md): a checker turns one share link into a verdict and never throws. The scheduler,
 * the leases and the throttle know nothing of any provider; each provider's rules live in one table of its
 * own under `providers/`.
 */
import type { ProviderId } from '../shared/share-links.js';

/**
 * `alive`: the share lists files. `locked`: it exists but needs a code the link lacks (or has wrong).
 * `dead`: the provider says it is gone. `unknown`: the check could not decide (it never changes what is
 * shown). `unsupported`: no checker for the link's host.
 */
export const VERDICTS = ['alive', 'locked', 'dead', 'unknown', 'unsupported'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface CheckOutcome {
  verdict: Verdict;
  /** The provider, or undefined for a link of no known provider (`unsupported`). */
  provider: ProviderId | undefined;
  /** A short reason for logs and `links check` ("token code 41004", "HTTP 429", "timeout"). */
  reason: string;
  /** The provider pushed back (429, a captcha, "too frequent", a firewall 403): the scheduler pauses it. */
  throttled: boolean;
}

export interface LinkChecker {
  /** Checks one link against its provider. Never throws: a failure is an `unknown` outcome with a reason. */
  check(link: string, signal?: AbortSignal): Promise<CheckOutcome>;
}
