/**
 * Where a found entry came from (docs/pansou.md): the Telegram channel that brought its link in, as the
 * sources record it (sources/entry-sources.ts, migration 012), else dramadex itself. A search's entries
 * are looked up in one indexed read; while nothing is recorded at all (a catalogue filled only by
 * imports) the read is skipped, which the store is asked once per catalogue version.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Database } from '../store/database.js';
import type { EntrySource } from './search-answer.js';

export const DRAMADEX: EntrySource = { kind: 'dramadex', name: 'dramadex' };

export class EntrySources {
  private knownAt = -1;
  private anyRecorded: Promise<boolean> = Promise.resolve(false);

  constructor(
    private readonly database: Database,
    private readonly catalogue: Catalogue,
  ) {}

  /** The source of each link, by link; links no source brought in are absent. */
  async of(links: string[]): Promise<Map<string, EntrySource>> {
    if (links.length === 0 || !(await this.recorded())) return new Map();
    const rows = await this.database.db
      .selectFrom('entry_sources')
      .select(['source_link', 'kind', 'name'])
      .where('source_link', 'in', links)
      .execute();
    return new Map(rows.map((row) => [row.source_link, { kind: row.kind, name: row.name }]));
  }

  private recorded(): Promise<boolean> {
    const version = this.catalogue.version;
    if (version !== this.knownAt) {
      this.knownAt = version;
      this.anyRecorded = this.database.db
        .selectFrom('entry_sources')
        .select('source_link')
        .limit(1)
        .executeTakeFirst()
        .then((row) => row !== undefined);
      this.anyRecorded.catch(() => {
        this.knownAt = -1;
      });
    }
    return this.anyRecorded;
  }
}
