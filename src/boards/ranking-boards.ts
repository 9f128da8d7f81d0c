/**
 * The boards the ranking routes serve. Reads check the board's latest snapshot id (one indexed row) and
 * reuse the parsed records while it is unchanged, so an import by the command line in another process
 * is served on the next request, and a steady board costs no JSON parsing.
 */

import type { Board } from '../shared/board-names.js';
import { formatUpdateTime, type LocalClock } from '../shared/local-time.js';
import { genderView, withChanges } from './hot-change.js';
import type { ActorRecord, DramaRecord, Gender, HotChange, RankingRecord, RecordInput } from './records.js';
import type { SnapshotStore } from './snapshot-store.js';

export interface BoardView<T extends RankingRecord = RankingRecord> {
  board: Board;
  /** The snapshot's time (`YYYY-MM-DD HH:MM:SS` in the catalogue's zone), empty when the board is empty. */
  updatedAt: string;
  records: T[];
}

export interface ImportSummary {
  snapshotId: number;
  board: Board;
  takenAt: string;
  records: number;
  changes: Record<HotChange, number>;
}

export type RecordOf<B extends Board> = B extends 'actors' ? ActorRecord : DramaRecord;

interface Loaded {
  id: number;
  current: BoardView;
  previous: RankingRecord[];
  genders: Map<Gender, ActorRecord[]>;
}

export class RankingBoards {
  private readonly loaded = new Map<Board, Loaded>();

  constructor(
    readonly store: SnapshotStore,
    private readonly clock: LocalClock,
    private readonly retentionDays: number,
  ) {}

  /** Stores a new snapshot of `board` with `hot_change` measured against the one before it. */
  async import(board: Board, inputs: RecordInput[], now: Date = new Date()): Promise<ImportSummary> {
    const localNow = this.clock.localSeconds(now);
    const takenAt = formatUpdateTime(localNow);
    const pruneBefore = formatUpdateTime(localNow - this.retentionDays * 86_400);
    const snapshot = await this.store.append(board, takenAt, (previous) => withChanges(inputs, previous, takenAt), pruneBefore);
    const changes: Record<HotChange, number> = { up: 0, down: 0, same: 0, new: 0 };
    for (const record of snapshot.records) changes[record.hot_change]++;
    return { snapshotId: snapshot.id, board, takenAt, records: snapshot.records.length, changes };
  }

  /**
   * What `import` would store, measured against the board as served now, with nothing written
   * (`rankings import --dry-run`): how many records, how many it replaces, and their movements.
   */
  async preview(
    board: Board,
    inputs: RecordInput[],
    now: Date = new Date(),
  ): Promise<Omit<ImportSummary, 'snapshotId'> & { replaces: number }> {
    const current = await this.view(board);
    const takenAt = formatUpdateTime(this.clock.localSeconds(now));
    const records = withChanges(inputs, current.records, takenAt);
    const changes: Record<HotChange, number> = { up: 0, down: 0, same: 0, new: 0 };
    for (const record of records) changes[record.hot_change]++;
    return { board, takenAt, records: records.length, changes, replaces: current.records.length };
  }

  /** The board as served now. */
  async view<B extends Board>(board: B): Promise<BoardView<RecordOf<B>>> {
    return (await this.load(board)).current as BoardView<RecordOf<B>>;
  }

  /** The actor board filtered to one gender and re-ranked within it. */
  async genderView(gender: Gender): Promise<BoardView<ActorRecord>> {
    const loaded = await this.load('actors');
    let records = loaded.genders.get(gender);
    if (!records) {
      records = genderView(loaded.current.records as ActorRecord[], loaded.previous as ActorRecord[], gender);
      loaded.genders.set(gender, records);
    }
    return { board: 'actors', updatedAt: loaded.current.updatedAt, records };
  }

  private async load(board: Board): Promise<Loaded> {
    const id = await this.store.latestId(board);
    const cached = this.loaded.get(board);
    if (cached && cached.id === id) return cached;
    const [current, previous] = await this.store.latest(board, 2);
    const loaded: Loaded = {
      // The snapshot actually loaded: an import between the two reads is simply picked up next time.
      id: current?.id ?? 0,
      current: { board, updatedAt: current?.takenAt ?? '', records: current?.records ?? [] },
      previous: previous?.records ?? [],
      genders: new Map(),
    };
    this.loaded.set(board, loaded);
    return loaded;
  }
}
