/**
 * The delta's part of a search: titles indexed since the last build (staged-titles.ts) are checked one
 * by one in the current newest-first order, then merged into each tier of the built index's answer by
 * current rank, so the answer is the same as if they had been built in.
 */
import type { StagedTitles } from '../index/staged-titles.js';
import type { UnitTitle } from '../index/title-rows.js';
import type { PreparedQuery } from '../query/title-forms.js';
import { tierOfUnits } from './unit-tiers.js';

/** Delta slots the order holds, newest first (slots applied but not yet ordered are left out). */
export function deltaInOrder(slots: number[], rankOf: Int32Array, order: Int32Array): Int32Array {
  const ranks = new Int32Array(slots.length);
  let count = 0;
  for (const slot of slots) {
    const rank = slot < rankOf.length ? rankOf[slot]! : -1;
    if (rank >= 0) ranks[count++] = rank;
  }
  return ranks
    .subarray(0, count)
    .sort()
    .map((rank) => order[rank]!);
}

/** Which slots a search keeps: those whose type (`typeOf`, per slot) is `typeCode`, or every slot when it is -1. */
export interface TypeFilter {
  typeCode: number;
  typeOf: Uint8Array;
}

/** The delta slots (newest first) in each tier of the query, of the filter's type; `title` is read into. */
export function tierDelta(
  delta: Int32Array,
  titles: StagedTitles,
  query: PreparedQuery,
  { typeCode, typeOf }: TypeFilter,
  title: UnitTitle,
): number[][] {
  const tiers: number[][] = [];
  for (let tier = 0; tier < query.tierCount; tier++) tiers.push([]);
  for (const slot of delta) {
    if (typeCode >= 0 && typeOf[slot] !== typeCode) continue;
    const tier = tierOfUnits(titles.describe(slot, title), query);
    if (tier >= 0) tiers[tier]?.push(slot);
  }
  return tiers;
}

/**
 * Merges newest-first delta slots into the tier's base part, result[start, start + baseCount), whose
 * room ends `delta.length` further on. Binary searches by current rank, then block moves from the back.
 */
export function mergeDelta(result: Int32Array, start: number, baseCount: number, delta: number[], rankOf: Int32Array): void {
  let end = start + baseCount;
  for (let index = delta.length - 1; index >= 0; index--) {
    const rank = rankOf[delta[index]!]!;
    let low = start;
    let high = end;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (rankOf[result[mid]!]! < rank) low = mid + 1;
      else high = mid;
    }
    result.copyWithin(low + index + 1, low, end);
    result[low + index] = delta[index]!;
    end = low;
  }
}
