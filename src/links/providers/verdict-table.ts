/**
 * What every provider's table has in common (docs/link-health.md, "Providers"): a table is a list of rows,
 * each a named test of one answer (HTTP status and body) and what it means; the first row that matches
 * decides, and an answer no row recognises is `unknown`. Before any table, the answers no provider may
 * read as a verdict are taken out: a failed request, a 429, a redirect (never followed) and a 5xx.
 */
import type { Verdict } from '../link-checker.js';
import type { ProviderAnswer } from '../provider-http.js';

/** What a row concludes: a verdict, a throttle (`unknown`, and the provider pushed back), or the next step. */
export type Meaning = Exclude<Verdict, 'unsupported'> | 'throttled' | 'next';

/** An answer the table may read: the status, the raw text and the JSON body when there is one. */
export interface Answered {
  status: number;
  text: string;
  json: unknown;
}

export interface Row<A = Answered> {
  /** What the row recognises, in a few words; it is the outcome's reason. */
  when: string;
  test: (answer: A) => boolean;
  means: Meaning;
}

export interface Ruling {
  verdict: Exclude<Verdict, 'unsupported'>;
  reason: string;
  throttled: boolean;
}

export type StepResult = { means: Meaning; reason: string };

/**
 * Applies the common rules, then the first matching row of `table`; `step` names the request in reasons,
 * and `read` turns the answer into the facts the rows test (a parsed page) when they are not the JSON.
 */
export function decide(step: string, answer: ProviderAnswer, table: readonly Row[]): StepResult;
export function decide<A>(step: string, answer: ProviderAnswer, table: readonly Row<A>[], read: (answer: Answered) => A): StepResult;
export function decide(
  step: string,
  answer: ProviderAnswer,
  table: readonly Row<never>[],
  read: (answer: Answered) => unknown = (a) => a,
): StepResult {
  if (answer.kind === 'failed') return { means: 'unknown', reason: `${step}: ${answer.reason}` };
  const { status } = answer;
  if (status === 429) return { means: 'throttled', reason: `${step}: HTTP 429` };
  if (status >= 300 && status < 400) return { means: 'unknown', reason: `${step}: HTTP ${status} redirect (not followed)` };
  if (status >= 500 || status < 200) return { means: 'unknown', reason: `${step}: HTTP ${status}` };
  const readable = read(answer);
  const field = keyField(answer.json);
  for (const row of table) {
    if (row.test(readable as never)) return { means: row.means, reason: `${step}: ${row.when}${field ? ` (${field})` : ''}` };
  }
  return { means: 'unknown', reason: `${step}: unrecognised answer (HTTP ${status}${field ? `, ${field}` : ''})` };
}

/** The fields that name a provider's answer, the first present one goes into the reason. */
const KEY_FIELDS = ['code', 'errno', 'res_code', 'share_status', 'error'];

/** `code 41006`, `errno -7`, `share_status NOT_FOUND`: what the provider said, for logs (cut short, printable). */
function keyField(json: unknown): string {
  for (const name of KEY_FIELDS) {
    const value = at(json, name);
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) {
      return `${name} ${String(value)
        .slice(0, 40)
        .replace(/[^\p{L}\p{N}._-]/gu, '?')}`;
    }
  }
  return '';
}

/** The ruling of a final step (a `next` there is a table bug and reads as `unknown`). */
export function ruling(result: StepResult): Ruling {
  if (result.means === 'throttled') return { verdict: 'unknown', reason: result.reason, throttled: true };
  if (result.means === 'next') return { verdict: 'unknown', reason: result.reason, throttled: false };
  return { verdict: result.means, reason: result.reason, throttled: false };
}

/** The value at `path` inside a parsed JSON body, or undefined when any step is missing. */
export function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A string field of the body, or '' (for the rows that look for words in a provider's message). */
export function textAt(value: unknown, ...path: string[]): string {
  const found = at(value, ...path);
  return typeof found === 'string' ? found : '';
}

/** A provider saying "slow down" in words: a captcha, a security check, "too frequent". */
export const THROTTLE_WORDS = /captcha|验证码|安全验证|频繁|too (many|frequent)|rate limit/i;

export const isNonEmptyArray = (value: unknown): boolean => Array.isArray(value) && value.length > 0;
export const isEmptyArray = (value: unknown): boolean => Array.isArray(value) && value.length === 0;
