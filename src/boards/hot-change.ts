/**
 * `hot_change` is a record's movement against the previous snapshot of the same board: `new` when it
 * was not on it, else `up`/`down`/`same` by rank. The gender views of the actor board are re-ranked
 * 1..n within the gender, and their movement is measured within the gender too, so a female actor
 * who keeps her place among actresses shows `same` even when a male actor overtook her overall.
 */
import type { ActorRecord, Gender, HotChange, RankingRecord, RecordInput } from './records.js';
import { identity } from './records.js';

/** Ranks of the previous snapshot by identity; undefined when the board had no previous snapshot. */
export function rankIndex(records: ReadonlyArray<{ rank: number } & ({ title: string } | { name: string })>): Map<string, number> {
  return new Map(records.map((record) => [identity(record), record.rank]));
}

export function hotChange(rank: number, previousRank: number | undefined): HotChange {
  if (previousRank === undefined) return 'new';
  if (rank < previousRank) return 'up';
  if (rank > previousRank) return 'down';
  return 'same';
}

/** The snapshot's records: inputs with `hot_change` against `previous` and the snapshot time. */
export function withChanges<T extends RecordInput>(
  inputs: T[],
  previous: ReadonlyArray<RankingRecord>,
  updatedAt: string,
): Array<T & { hot_change: HotChange; updated_at: string }> {
  const before = rankIndex(previous);
  return inputs.map((input) => ({ ...input, hot_change: hotChange(input.rank, before.get(identity(input))), updated_at: updatedAt }));
}

/** The actor board filtered to one gender, re-ranked 1..n, movement measured within the gender. */
export function genderView(current: ActorRecord[], previous: ActorRecord[], gender: Gender): ActorRecord[] {
  const before = rankIndex(rerank(previous.filter((actor) => actor.gender === gender)));
  return rerank(current.filter((actor) => actor.gender === gender)).map((actor) => ({
    ...actor,
    hot_change: hotChange(actor.rank, before.get(identity(actor))),
  }));
}

function rerank(actors: ActorRecord[]): ActorRecord[] {
  return actors.map((actor, index) => ({ ...actor, rank: index + 1 }));
}
