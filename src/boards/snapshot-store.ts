/**
 * Board snapshots behind the dialect seam: each import is a new row; reads need only a board's two
 * latest (the current one and the one `hot_change` was measured against). Old snapshots are pruned by
 * age, but a board's two latest are always kept.
 */

import type { Board } from '../shared/board-names.js';
import type { Database } from '../store/database.js';
import { lockNameInTransaction } from '../store/named-lock.js';
import type { RankingRecord } from './records.js';

export interface Snapshot {
  id: number;
  board: Board;
  takenAt: string;
  records: RankingRecord[];
}

export class SnapshotStore {
  constructor(private readonly database: Database) {}

  /** Id of the board's latest snapshot, or 0 when it has none: a cheap check before loading. */
  async latestId(board: Board): Promise<number> {
    const row = await this.database.db
      .selectFrom('ranking_snapshots')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('board', '=', board)
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** The board's latest snapshots, newest first. */
  async latest(board: Board, count: number): Promise<Snapshot[]> {
    const rows = await this.database.db
      .selectFrom('ranking_snapshots')
      .selectAll()
      .where('board', '=', board)
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      board,
      takenAt: row.taken_at,
      records: JSON.parse(row.records) as RankingRecord[],
    }));
  }

  /**
   * Stores a snapshot built from the board's latest one (inside the same transaction, so two concurrent
   * imports each compare against what was really there before them), then prunes old ones.
   */
  async append(
    board: Board,
    takenAt: string,
    build: (previous: RankingRecord[]) => RankingRecord[],
    pruneBefore: string,
  ): Promise<Snapshot> {
    return this.database.db.transaction().execute(async (trx) => {
      // Imports of one board one after another (even its first).
      await lockNameInTransaction(this.database.dialect, trx, `ranking:${board}`);
      const previous = await trx
        .selectFrom('ranking_snapshots')
        .select('records')
        .where('board', '=', board)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const records = build(previous ? (JSON.parse(previous.records) as RankingRecord[]) : []);
      const inserted = await trx
        .insertInto('ranking_snapshots')
        .values({ board, taken_at: takenAt, records: JSON.stringify(records) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const keep = await trx
        .selectFrom('ranking_snapshots')
        .select('id')
        .where('board', '=', board)
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      await trx
        .deleteFrom('ranking_snapshots')
        .where('board', '=', board)
        .where('taken_at', '<', pruneBefore)
        .where(
          'id',
          'not in',
          keep.map((row) => Number(row.id)),
        )
        .execute();
      return { id: Number(inserted.id), board, takenAt, records };
    });
  }

  /** How many snapshots a board has (operators, tests of pruning). */
  async count(board: Board): Promise<number> {
    const row = await this.database.db
      .selectFrom('ranking_snapshots')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('board', '=', board)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
