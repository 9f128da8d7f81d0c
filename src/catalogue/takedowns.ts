/**
 * Takedowns (docs/lifecycle.md): links, or link prefixes, an operator took out of the catalogue and keeps
 * out. Adding one removes what it matches in the same transaction as it is recorded; imports and mirrors
 * reject matching rows with the reason "taken down". A link is matched exactly unless the operator asked
 * for a prefix: `…/s/abc` and `…/s/abcd` are different shares. A prefix is plain text compared at the
 * start of a link, so the prefix `https://pan.example.com/s/abc` also matches `…/s/abcdef`.
 */
import { changeCatalogue } from '../store/catalogue-change.js';
import type { Database } from '../store/database.js';
import { countByPrefix, removeByPrefix, removeLinks } from '../store/entry-removal.js';

/** How a takedown matches links: the link itself, or every link that starts with it. */
export type TakedownMatch = 'exact' | 'prefix';

export interface Takedown {
  pattern: string;
  match: TakedownMatch;
  reason: string;
  created_at: string;
  /** Who took it down (an account name or `cli`); null for takedowns older than the audit record. */
  created_by: string | null;
}

/** The least a takedown must hold: a scheme and a host, so no prefix can match the whole catalogue. */
const PATTERN_SHAPE = /^https?:\/\/[^/\s]+/;

/** Why a pattern cannot be a takedown, or undefined when it can. */
export function takedownPatternProblem(pattern: string): string | undefined {
  return PATTERN_SHAPE.test(pattern) ? undefined : `"${pattern}" is not a link or link prefix (http:// or https:// and a host)`;
}

export class TakedownStore {
  constructor(private readonly database: Database) {}

  /**
   * Records (or re-words) a takedown and removes the entries it matches; returns how many it removed. Adding
   * one again changes its match, and its reason only when a new one is given (`reason` undefined keeps the
   * recorded one): a reason is never lost. `by` is who asks, an account name or `cli`.
   */
  async add(
    pattern: string,
    reason: string | undefined,
    match: TakedownMatch = 'exact',
    by: string | null = null,
    now = new Date(),
  ): Promise<number> {
    let removed = 0;
    await changeCatalogue(this.database, async (trx, revision) => {
      await trx
        .insertInto('takedowns')
        .values({ pattern, match, reason: reason ?? '', created_at: now.toISOString(), created_by: by })
        .onConflict((conflict) => conflict.column('pattern').doUpdateSet(reason === undefined ? { match } : { reason, match }))
        .execute();
      removed =
        match === 'prefix'
          ? await removeByPrefix(trx, pattern, revision)
          : (await removeLinks(this.database.dialect, trx, [pattern], revision)).length;
      // The record is kept even when nothing matched: rolling back would lose it.
      return true;
    });
    return removed;
  }

  /** How many stored entries (hidden ones too) a takedown would remove now: what a dry run shows. */
  async wouldRemove(pattern: string, match: TakedownMatch): Promise<number> {
    if (match === 'prefix') return countByPrefix(this.database.db, pattern);
    const row = await this.database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('source_link', '=', pattern)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  list(): Promise<Takedown[]> {
    return this.database.db.selectFrom('takedowns').selectAll().orderBy('pattern').execute();
  }

  /** Lifts a takedown; false when there was none with this pattern. */
  async remove(pattern: string): Promise<boolean> {
    const result = await this.database.db.deleteFrom('takedowns').where('pattern', '=', pattern).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async matcher(): Promise<TakedownMatcher> {
    return new TakedownMatcher(await this.list());
  }
}

/**
 * Whether a link is taken down, in a few set lookups: exact links in one set; prefixes grouped by length,
 * a link matched by looking its prefix of each such length up, so a million rows against thousands of
 * takedowns cost a million times the number of distinct prefix lengths.
 */
export class TakedownMatcher {
  private readonly exact = new Set<string>();
  private readonly prefixesByLength = new Map<number, Set<string>>();

  constructor(takedowns: Array<Pick<Takedown, 'pattern' | 'match'>>) {
    for (const { pattern, match } of takedowns) {
      if (match === 'exact') {
        this.exact.add(pattern);
        continue;
      }
      const patterns = this.prefixesByLength.get(pattern.length) ?? new Set<string>();
      this.prefixesByLength.set(pattern.length, patterns.add(pattern));
    }
  }

  matches(link: string): boolean {
    if (this.exact.has(link)) return true;
    for (const [length, patterns] of this.prefixesByLength) {
      if (link.length >= length && patterns.has(link.slice(0, length))) return true;
    }
    return false;
  }
}
