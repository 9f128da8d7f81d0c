/**
 * The audit rows of `dramadex mirror` (docs/sources.md): each type a round replaced is one `mirror` row,
 * and each entry that replace removed one `remove` row (audit-log.ts `removalRecords`), written inside the
 * replace's own transaction (ingest/mirror.ts `alongReplace`), so a replace never commits without its rows.
 */
import type { AlongReplace, ReplacedOutcome } from '../ingest/mirror.js';
import { type AuditLog, removalRecords } from './audit-log.js';

export class MirrorOperations {
  constructor(private readonly audit: AuditLog) {}

  /** What a mirror of `baseUrl` asked by `actor` writes along each replace. */
  alongReplace(actor: string, baseUrl: string): AlongReplace {
    return (bound, outcome) => {
      const target = `${baseUrl} ${outcome.type}`;
      return this.audit.writeIn(bound, actor, [
        { action: 'mirror', target, detail: replacedLine(outcome) },
        ...removalRecords(outcome.removedEntries, `mirror ${target}`),
      ]);
    };
  }
}

/** A replaced type's counts in one line, as the audit row and the command's output both say them. */
export function replacedLine(outcome: Pick<ReplacedOutcome, 'added' | 'updated' | 'unchanged' | 'removed' | 'rejected'>): string {
  return `added ${outcome.added}, updated ${outcome.updated}, unchanged ${outcome.unchanged}, removed ${outcome.removed}, rejected ${outcome.rejected.length}`;
}
