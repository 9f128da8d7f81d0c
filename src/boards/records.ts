/**
 * The ranking record shapes (docs/decisions.md, "Ranking service") and the checks an import file must pass.
 * A snapshot is all or nothing: one bad record refuses the whole file, because a board with a hole in
 * it would rank everything after the hole wrongly. `category`, `hot_change` and `updated_at` are ours to
 * fill in (the board name, the comparison with the previous snapshot, the snapshot's time).
 */
import type { Board } from '../shared/board-names.js';
import { fields, hotScore, link, list, rank, text } from './record-fields.js';

export type HotChange = 'up' | 'down' | 'same' | 'new';
export type Gender = 'female' | 'male' | 'unknown';

export interface DramaRecord {
  rank: number;
  title: string;
  hot_score: number;
  hot_change: HotChange;
  tag: string;
  cover: string;
  description: string;
  category: string;
  genres: string[];
  actors: string[];
  url: string;
  updated_at: string;
}

export interface ActorRecord {
  rank: number;
  name: string;
  gender: Gender;
  hot_score: number;
  hot_change: HotChange;
  avatar: string;
  works: string[];
  url: string;
  updated_at: string;
}

export type RankingRecord = DramaRecord | ActorRecord;

/** A record as an import supplies it: ranked, validated, before `hot_change` and `updated_at`. */
export type DramaInput = Omit<DramaRecord, 'hot_change' | 'updated_at'>;
export type ActorInput = Omit<ActorRecord, 'hot_change' | 'updated_at'>;
export type RecordInput = DramaInput | ActorInput;

export class RecordError extends Error {}

export const MAX_RECORDS = 5000;

/** Validates an import's array and returns its records ranked 1..n (array order when `rank` is omitted). */
export function parseRecords(board: Board, input: unknown): RecordInput[] {
  if (!Array.isArray(input)) throw new RecordError('the file must hold a JSON array of records');
  if (input.length > MAX_RECORDS) throw new RecordError(`a board holds at most ${MAX_RECORDS} records, got ${input.length}`);
  const records = input.map((raw, index) => {
    try {
      return board === 'actors' ? actorInput(raw, index + 1) : dramaInput(board, raw, index + 1);
    } catch (error) {
      throw new RecordError(`record ${index + 1}: ${(error as Error).message}`);
    }
  });
  return ranked(records, input);
}

function ranked<T extends RecordInput>(records: T[], raw: unknown[]): T[] {
  const given = raw.filter((item) => Object.hasOwn(item as object, 'rank')).length;
  if (given !== 0 && given !== records.length) throw new RecordError('give `rank` on every record or on none');
  const sorted = [...records].sort((a, b) => a.rank - b.rank);
  sorted.forEach((record, index) => {
    if (record.rank !== index + 1) throw new RecordError(`ranks must be 1 to ${records.length} without gaps or repeats`);
  });
  const keys = new Set<string>();
  for (const record of sorted) {
    const key = identity(record);
    if (keys.has(key)) throw new RecordError(`"${'title' in record ? record.title : record.name}" appears twice`);
    keys.add(key);
  }
  return sorted;
}

/** What makes two records of consecutive snapshots the same drama or actor. */
export function identity(record: { title: string } | { name: string }): string {
  return ('title' in record ? record.title : record.name).normalize('NFKC').trim().toLowerCase();
}

function dramaInput(board: Board, raw: unknown, position: number): DramaInput {
  const record = fields(raw);
  return {
    rank: rank(record, position),
    title: text(record, 'title', true),
    hot_score: hotScore(record),
    tag: text(record, 'tag'),
    cover: link(record, 'cover'),
    description: text(record, 'description'),
    category: board,
    genres: list(record, 'genres'),
    actors: list(record, 'actors'),
    url: link(record, 'url'),
  };
}

const GENDERS: Record<string, Gender> = {
  female: 'female',
  f: 'female',
  女: 'female',
  male: 'male',
  m: 'male',
  男: 'male',
  unknown: 'unknown',
};

function actorInput(raw: unknown, position: number): ActorInput {
  const record = fields(raw);
  const genderText = text(record, 'gender').toLowerCase() || 'unknown';
  const gender = GENDERS[genderText];
  if (gender === undefined) throw new Error(`gender must be female, male or unknown, got "${genderText}"`);
  return {
    rank: rank(record, position),
    name: text(record, 'name', true),
    gender,
    hot_score: hotScore(record),
    avatar: link(record, 'avatar'),
    works: list(record, 'works'),
    url: link(record, 'url'),
  };
}
