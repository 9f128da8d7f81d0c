/**
 * A Latin keyword of two or more letters (also pinyin) from posting lists, as far as they decide. Most of
 * its pinyin matches are found exactly by lists (pinyin-sources.ts, `pinyinSources`): `zc` is every title in
 * the zc initials-pair list, `zongcai` every title in the unit-pair lists of a character read zong next
 * to one read cai. Such a title can reach a tier above pinyin only when it is a candidate of those tiers
 * too; otherwise its lead (first two undecorated units, one 4-byte read) tells whether it matches from its
 * first unit (the first pinyin tier) or only further on, with no row or text read and no readings walked.
 * Titles of the looser lists (longer readings: a superset) get only the pinyin check, and candidates of
 * the higher tiers the full one. Lists decide because a two-letter keyword has tens of thousands of
 * matches, and checking one costs a row, a text and its readings (about a microsecond). The build must
 * hold no outdated row (a title tiered by lists has its row unread): with outdated rows, or a term
 * without an indexed unit, every candidate gets the full check.
 */
import { type ListPool, unionAll } from '../index/posting-lists.js';
import { ROW, ROW_FOLDED_LENGTH, ROW_TEXT_START } from '../index/title-rows.js';
import { InitialsMatcher, PinyinMatcher } from '../query/pinyin-matchers.js';
import { NO_MATCH, tierCode } from '../query/search-query.js';
import type { PreparedQuery } from '../query/title-forms.js';
import { textSources } from './candidates.js';
import { classifyCandidates, ofType } from './classify-candidates.js';
import { BLOCK, touchFoldedTexts } from './literal-tiers.js';
import { type PinyinSources, pinyinSources } from './pinyin-sources.js';
import type { SearchContext } from './search-context.js';

/** A Latin keyword's candidates, ascending, and the two lists among them that the leads cannot settle. */
interface PinyinCandidates {
  ranks: Int32Array;
  /** Candidates of the tiers above pinyin: the full check. */
  higher: Int32Array;
  /** Titles of the looser lists: the pinyin check, unless a lead settles them. */
  loose: Int32Array;
  /** Titles of the looser lists (of the type asked) that match, not from the first unit by a looser way: no check. */
  decided: Int32Array;
}

/** Fills the context's `classified` for the Latin keyword's candidates of the type (-1: any); returns how many. */
export function classifyPinyin(context: SearchContext, query: PreparedQuery, typeCode: number): number {
  const { postings: index, columns, pool, bitset, classified: out } = context;
  const text = textSources(index, query, bitset, pool);
  const pinyin = pinyinSources(context, query.pinyin);
  try {
    if (!text || columns.staleRows > 0) {
      const all = text ? unionAll([...text, ...pinyin.exact, ...pinyin.loose], bitset, pool) : everyRank(columns.size, pool);
      const ranks = ofType(all, columns.types, typeCode, pool);
      classifyCandidates(context, ranks, query, out);
      return ranks.length;
    }
    const higher = unionAll(text, bitset, pool);
    const loose = unionAll(pinyin.loose, bitset, pool);
    const ranks = ofType(unionAll([higher, loose, ...pinyin.exact], bitset, pool), columns.types, typeCode, pool);
    out.reserve(ranks);
    const decided = ofType(unionAll(pinyin.decided, bitset, pool), columns.types, typeCode, pool);
    const candidates: PinyinCandidates = { ranks, higher, loose, decided };
    const { full, partial } = tierByLeads(context, candidates, pinyin, query);
    checkPinyin(context, candidates, partial, pinyin, query);
    if (full.length === 0) return ranks.length;
    const fullRanks = pool.take(full.length);
    for (let at = 0; at < full.length; at++) fullRanks[at] = ranks[full[at]!]!;
    const checked = context.pinyin.higher;
    classifyCandidates(context, fullRanks, query, checked);
    for (let at = 0; at < full.length; at++) out.codes[full[at]!] = checked.codes[at]!;
    return ranks.length;
  } finally {
    pinyin.ways.clear();
  }
}

/**
 * Codes (into the context's `classified`) of the titles that only exact ways find (every candidate not
 * in `higher` or `loose`), by their leads and the start list of three initials; returns the places in
 * `ranks` of the others: those to check in full (candidates of the higher tiers) and those to check for
 * pinyin only (of the looser lists, unless a lead or the start list settles them).
 */
function tierByLeads(
  context: SearchContext,
  { ranks, higher, loose, decided }: PinyinCandidates,
  { ways, starting, leading }: PinyinSources,
  query: PreparedQuery,
): { full: Int32Array; partial: Int32Array } {
  const { postings, pool, classified } = context;
  const { leads } = postings;
  const { codes } = classified;
  // The codes of the two pinyin tiers: the spelling from the title's first unit, and further on.
  const first = tierCode(query.pinyinTier);
  const further = tierCode(query.pinyinTier + 1);
  // Without exact ways no lead settles anything: the lead (a cache miss) is not read, nor is it for a
  // title out of `leading` (the exact ways' start lists; without them, every candidate).
  const anyWay = !ways.empty;
  let atStart = 0;
  let atLead = 0;
  const filtered = leading !== undefined;
  const leadList = leading ?? ranks.subarray(0, 0);
  if (higher.length === 0 && loose.length === 0) {
    // Only exact matches (the usual pinyin keyword of two or three letters or one or two syllables).
    for (let at = 0; at < ranks.length; at++) {
      const rank = ranks[at]!;
      while (atStart < starting.length && starting[atStart]! < rank) atStart++;
      while (atLead < leadList.length && leadList[atLead]! < rank) atLead++;
      codes[at] =
        starting[atStart] === rank || (anyWay && (!filtered || leadList[atLead] === rank) && ways.starts(leads[rank]!)) ? first : further;
    }
    return { full: pool.take(0), partial: pool.take(0) };
  }
  if (higher.length === 0 && ranks.length === loose.length && starting.length === 0 && (decided.length === 0 || !anyWay)) {
    // Only looser lists, as a rule (the usual keyword of four or more initials or three or more
    // syllables), and no exact way to start from: every title the lists do not decide is checked,
    // which decides any title rightly, without the merge below.
    return { full: pool.take(0), partial: undecidedPlaces(context, ranks, decided, further) };
  }
  const full = pool.take(Math.min(ranks.length, higher.length));
  const partial = pool.take(Math.min(ranks.length, loose.length));
  let fulls = 0;
  let partials = 0;
  let atHigher = 0;
  let atLoose = 0;
  let atDecided = 0;
  for (let at = 0; at < ranks.length; at++) {
    const rank = ranks[at]!;
    while (atHigher < higher.length && higher[atHigher]! < rank) atHigher++;
    while (atLoose < loose.length && loose[atLoose]! < rank) atLoose++;
    while (atDecided < decided.length && decided[atDecided]! < rank) atDecided++;
    while (atStart < starting.length && starting[atStart]! < rank) atStart++;
    while (atLead < leadList.length && leadList[atLead]! < rank) atLead++;
    if (higher[atHigher] === rank) full[fulls++] = at;
    else if (starting[atStart] === rank || (anyWay && (!filtered || leadList[atLead] === rank) && ways.starts(leads[rank]!)))
      codes[at] = first;
    // Not from the first unit by an exact way: further on if only exact ways find it or the lists
    // decide it (pinyin-chains.ts), else check.
    else if (loose[atLoose] !== rank || decided[atDecided] === rank) codes[at] = further;
    else partial[partials++] = at;
  }
  return { full: full.subarray(0, fulls), partial: partial.subarray(0, partials) };
}

/**
 * The places in `ranks` of the titles `decided` does not hold, to check; every other one gets the code
 * of the further pinyin tier. The decided ones are marked in the context's bitset and each rank's bit
 * read, with no branch on it: a merge of the two lists had cost more than the checks it spared.
 */
function undecidedPlaces({ pool, bitset, classified }: SearchContext, ranks: Int32Array, decided: Int32Array, further: number): Int32Array {
  const { codes } = classified;
  // `decided` is a part of `ranks`: as long, it is all of them.
  if (decided.length === ranks.length) {
    codes.fill(further, 0, ranks.length);
    return pool.take(0);
  }
  const partial = pool.take(ranks.length);
  bitset.add(decided);
  const bits = bitset.bits;
  let count = 0;
  for (let at = 0; at < ranks.length; at++) {
    const rank = ranks[at]!;
    codes[at] = further;
    partial[count] = at;
    count += 1 - ((bits[rank >>> 5]! >>> (rank & 31)) & 1);
  }
  bitset.clear(decided);
  return partial.subarray(0, count);
}

/**
 * Codes of the candidates at `places` by the pinyin check alone, their rows and texts touched a block at
 * a time; a form (initials, full syllables) no character of the build can spell is not walked.
 */
function checkPinyin(
  context: SearchContext,
  { ranks }: PinyinCandidates,
  places: Int32Array,
  { asInitials, asSyllables }: PinyinSources,
  query: PreparedQuery,
): void {
  const { columns, pool, classified } = context;
  const { codes } = classified;
  const { rows, units } = columns;
  // A keyword only initials can spell (most of three letters or more) has an automaton of its own.
  const initials = asInitials && !asSyllables ? new InitialsMatcher(query.pinyin, context.pinyin.unitSlots) : undefined;
  const pinyin = new PinyinMatcher(query.pinyin, asInitials, asSyllables, context.pinyin.unitSlots);
  const checkedRanks = pool.take(places.length);
  for (let at = 0; at < places.length; at++) checkedRanks[at] = ranks[places[at]!]!;
  for (let at = 0; at < places.length; at++) {
    if (at % BLOCK === 0) touchFoldedTexts(context, checkedRanks, at, Math.min(places.length, at + BLOCK));
    const row = checkedRanks[at]! * ROW;
    const start = rows[row + ROW_TEXT_START]!;
    const end = start + rows[row + ROW_FOLDED_LENGTH]!;
    const place = initials ? initials.match(units, start, end) : pinyin.match(units, start, end);
    codes[places[at]!] = place < 0 ? NO_MATCH : tierCode(query.pinyinTier + place);
  }
}

/** Ranks 0..size-1 (a keyword with a term of punctuation only can match any title). */
function everyRank(size: number, pool: ListPool): Int32Array {
  const ranks = pool.take(size);
  for (let rank = 0; rank < size; rank++) ranks[rank] = rank;
  return ranks;
}
