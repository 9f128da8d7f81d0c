/**
 * The contract between the provider checkers and everything that schedules, stores or shows a check
 * (docs/link-health.md): a checker turns one share link into a verdict and never throws. The scheduler,
 * the leases and the throttle know nothing of any provider; each provider's rules live in one table of its
 * own under `providers/`. Every outcome carries its evidence (the row that decided and what the provider
 * said), so a wrong row is found from stored answers, not guessed at.
 */
import type { ProviderId } from '../shared/share-links.js';

/**
 * `alive`: the share lists files. `locked`: it exists but needs a code the link lacks (or has wrong).
 * `dead`: the provider says it is gone. `unknown`: the check could not decide (it never changes what is
 * shown). `unsupported`: no checker for the link's host.
 */
export const VERDICTS = ['alive', 'locked', 'dead', 'unknown', 'unsupported'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** What decided a verdict: the table row and what the provider answered (docs/link-health.md, "Evidence"). */
export interface CheckEvidence {
  /** The id of the row that decided (`quark.token.41004`), or of a common rule (`unknown-code`, `http-429`, `timeout`). */
  row: string;
  /** The HTTP status of the answer that decided, when there was an answer. */
  status?: number;
  /** The provider's code (`code`, `errno`, `res_code`, `share_status`, …) as text. */
  code?: string;
  /** The provider's message, or what went wrong with the request, cut to MESSAGE_MAX characters. */
  message?: string;
}

export interface CheckOutcome {
  verdict: Verdict;
  /** The provider, or undefined for a link of no known provider (`unsupported`). */
  provider: ProviderId | undefined;
  /** The human line derived from the evidence (`describeOutcome`), for logs, `links check` and the API. */
  reason: string;
  /** The provider pushed back (429, a captcha, "too frequent", a firewall 403): the scheduler pauses it. */
  throttled: boolean;
  evidence: CheckEvidence;
}

export interface LinkChecker {
  /** Checks one link against its provider. Never throws: a failure is an `unknown` outcome with a reason. */
  check(link: string, signal?: AbortSignal): Promise<CheckOutcome>;
}

/** How much of a provider's message is kept: enough to recognise it, short enough to store per link. */
export const MESSAGE_MAX = 120;

/** A provider's text made safe to keep and print: one line, no control characters, cut short. */
export function cutMessage(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  return line.length > MESSAGE_MAX ? `${line.slice(0, MESSAGE_MAX - 1)}…` : line;
}

/**
 * The reason line of an outcome, from its evidence alone:
 * `dead: token code 41004 "分享已取消" (HTTP 200, row quark.token.41004)`. The request's name is the row
 * id's middle part when the row belongs to a table (`<provider>.<request>.<name>`), or `step` otherwise.
 */
export function describeOutcome(verdict: Verdict, throttled: boolean, evidence: CheckEvidence, step?: string): string {
  const request = step ?? evidence.row.split('.')[1];
  const said = [
    request,
    evidence.code === undefined ? undefined : `code ${evidence.code}`,
    evidence.message ? `"${evidence.message}"` : undefined,
  ].filter(Boolean);
  const where = [evidence.status === undefined ? undefined : `HTTP ${evidence.status}`, `row ${evidence.row}`].filter(Boolean);
  return `${verdict}${throttled ? ' (throttled)' : ''}: ${said.length > 0 ? `${said.join(' ')} ` : ''}(${where.join(', ')})`;
}

/** An outcome with its reason line derived from its evidence. */
export function outcomeOf(
  verdict: Verdict,
  provider: ProviderId | undefined,
  evidence: CheckEvidence,
  throttled = false,
  step?: string,
): CheckOutcome {
  return { verdict, provider, throttled, evidence, reason: describeOutcome(verdict, throttled, evidence, step) };
}
