/**
 * Link evidence (docs/link-health.md, "Evidence"): every verdict keeps what decided it, so an operator
 * can tell a dead share from a wrong table row without checking again. `reason` is the human line, the
 * `evidence_*` columns its parts (the row id, the HTTP status, the provider's code and message, cut
 * short), and `decided_reason` the line of the latest decisive verdict (what hid an entry, even when an
 * `unknown` came after it). All nullable: links checked before this migration simply have none.
 */
import type { Kysely, Migration } from 'kysely';

const COLUMNS = [
  ['reason', 'text'],
  ['evidence_row', 'text'],
  ['evidence_status', 'integer'],
  ['evidence_code', 'text'],
  ['evidence_message', 'text'],
  ['decided_reason', 'text'],
] as const;

export function linkEvidenceMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // One statement per column: SQLite's ALTER TABLE adds one column at a time.
      for (const [name, type] of COLUMNS) await db.schema.alterTable('link_states').addColumn(name, type).execute();
    },
  };
}
