/**
 * What every provider's table has in common (docs/link-health.md, "Providers"): a table is a list of rows,
 * each a named test of one answer (HTTP status and body) and what it means; the first row that matches
 * decides, and an answer no row recognises is `unknown`. Before any table, the answers no provider may
 * read as a verdict are taken out: a failed request, a 429, a redirect (never followed) and a 5xx.
 */
import { type CheckEvidence, cutMessage, type Verdict } from '../link-checker.js';
import type { ProviderAnswer } from '../provider-http.js';

/** What a row concludes: a verdict, a throttle (`unknown`, and the provider pushed back), or the next step. */
export type Meaning = Exclude<Verdict, 'unsupported'> | 'throttled' | 'next';

/** An answer the table may read: the status, the raw text and the JSON body when there is one. */
export interface Answered {
  status: number;
  text: string;
  json: unknown;
  /** The answer's `Set-Cookie` headers, when the table reads them (Baidu's BAIDUID). */
  cookies?: readonly string[];
}

export interface Row<A = Answered> {
  /** `<provider>.<request>.<name>`: stored with the verdict as its evidence, so an operator can name it. */
  id: string;
  /** What the row recognises, in a few words (docs and tests). */
  when: string;
  test: (answer: A) => boolean;
  means: Meaning;
  /** Tried on a 3xx answer too (Baidu's redirect to its anti-crawl page); other rows never see a 3xx. */
  readsRedirect?: boolean;
}

export interface Ruling {
  verdict: Exclude<Verdict, 'unsupported'>;
  throttled: boolean;
  evidence: CheckEvidence;
  /** The request that decided (for the reason line when the row is a common one). */
  step: string;
}

export interface StepResult {
  means: Meaning;
  evidence: CheckEvidence;
  step: string;
}

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
  if (answer.kind === 'failed') return { means: 'unknown', step, evidence: { row: answer.failure, message: cutMessage(answer.reason) } };
  const { status } = answer;
  const said = providerSaid(answer.json);
  const result = (means: Meaning, row: string): StepResult => ({ means, step, evidence: { row, status, ...said } });
  if (status === 429) return result('throttled', 'http-429');
  if (status >= 500 || status < 200) return result('unknown', 'http-status');
  const redirect = status >= 300 && status < 400;
  const readable = read(answer);
  for (const row of table) {
    if ((!redirect || row.readsRedirect) && row.test(readable as never)) return result(row.means, row.id);
  }
  if (redirect) return result('unknown', 'http-redirect');
  return result('unknown', said.code === undefined ? 'unknown-shape' : 'unknown-code');
}

/** The fields that carry a provider's code, and its message, in the order they are looked for. */
const CODE_FIELDS = ['code', 'errno', 'res_code', 'errorCode', 'share_status', 'error'];
const MESSAGE_FIELDS = ['message', 'errmsg', 'show_msg', 'res_message', 'errorMsg', 'error_description', 'error'];

/** What the provider said in its answer: its first code field and its first message field (not the same). */
export function providerSaid(json: unknown): Pick<CheckEvidence, 'code' | 'message'> {
  const said: Pick<CheckEvidence, 'code' | 'message'> = {};
  let codeField: string | undefined;
  for (const name of CODE_FIELDS) {
    const value = at(json, name);
    if (typeof value === 'number' || (typeof value === 'string' && value !== '')) {
      said.code = cutMessage(String(value)).slice(0, 40);
      codeField = name;
      break;
    }
  }
  for (const name of MESSAGE_FIELDS) {
    const value = textAt(json, name);
    if (name !== codeField && value !== '') {
      said.message = cutMessage(value);
      break;
    }
  }
  return said;
}

/** The ruling of a final step (a `next` there is a table bug and reads as `unknown`). */
export function ruling(result: StepResult): Ruling {
  const { evidence, step } = result;
  if (result.means === 'throttled') return { verdict: 'unknown', throttled: true, evidence, step };
  if (result.means === 'next') return { verdict: 'unknown', throttled: false, evidence, step };
  return { verdict: result.means, throttled: false, evidence, step };
}

/**
 * One row per measured code: `<prefix>.<code>` means `means` when `codeOf` reads exactly that code. A row
 * per code (not one per list) so the evidence names the code that decided and each can be corrected alone.
 */
export function codeRows<C extends string | number>(
  prefix: string,
  codes: readonly C[],
  codeOf: (answer: Answered) => unknown,
  means: Meaning,
  when: string,
): Row[] {
  return codes.map((code) => ({ id: `${prefix}.${code}`, when: `${when} (${code})`, test: (a) => codeOf(a) === code, means }));
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
