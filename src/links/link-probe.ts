/**
 * `dramadex links probe <source_link>` (docs/link-health.md#correcting-a-row-from-links-probe): one
 * check now, through the same checker the scheduler uses, with every request and answer written out and
 * nothing stored. It is how an operator with network access confirms or corrects a table row: each
 * request (method, host, path), its HTTP status, the provider's code and message, then the row that
 * decided and the verdict (and, for Xunlei, the client constants its captcha is signed with).
 */

import type { ProviderId } from '../shared/share-links.js';
import { type CheckOutcome, cutMessage } from './link-checker.js';
import type { Exchange } from './provider-http.js';
import { createLinkChecker } from './providers/provider-link-checker.js';
import { providerSaid } from './providers/verdict-table.js';
import { XUNLEI_CLIENT } from './providers/xunlei.js';

export interface ProbeResult {
  exchanges: Exchange[];
  outcome: CheckOutcome;
}

export async function probeLink(link: string, origins: Partial<Record<ProviderId, string>>): Promise<ProbeResult> {
  const exchanges: Exchange[] = [];
  const checker = createLinkChecker({ origins, onExchange: (exchange) => exchanges.push(exchange) });
  const outcome = await checker.check(link);
  return { exchanges, outcome };
}

/** The probe as lines: one per request, then the row and verdict, then the reason as stored verdicts carry it. */
export function probeLines({ exchanges, outcome }: ProbeResult): string[] {
  const lines = exchanges.map((exchange, index) => {
    const request = `${index + 1}. ${exchange.method} ${exchange.host} ${new URL(exchange.path, 'https://x').pathname}`;
    const { answer } = exchange;
    if (answer.kind === 'failed') return `${request}  no answer: ${answer.reason}`;
    const said = providerSaid(answer.json);
    const parts = [`HTTP ${answer.status}`, said.code === undefined ? 'no code' : `code ${said.code}`];
    if (said.message) parts.push(`"${cutMessage(said.message)}"`);
    return `${request}  ${parts.join('  ')}`;
  });
  if (exchanges.length === 0) lines.push('no request sent');
  lines.push(`row ${outcome.evidence.row}  verdict ${outcome.verdict}${outcome.throttled ? ' (throttled)' : ''}`);
  lines.push(`reason: ${outcome.reason}`);
  if (outcome.provider === 'xunlei') {
    const { id, version, packageName } = XUNLEI_CLIENT;
    lines.push(
      `xunlei client: id ${id}, version ${version}, package ${packageName} (compare with a current client when a captcha answers "no client info found")`,
    );
  }
  lines.push('nothing was stored (a probe changes no verdict and hides or shows nothing)');
  return lines;
}
