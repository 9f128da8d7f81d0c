/**
 * A keyword of one term, three or more units and no decoration, that is no pinyin (`每天都在`,
 * `千金她超甜`, `追妻火葬場`): its matches tiered from lists, as a pair's are. The chain's pair lists and
 * marks (chain-holders.ts, over its folded units) tell which candidates hold it; of those, the ones under
 * the first pair's PAIR_START mark start with it (the first pair stands at the title's start, and the next
 * unit is held once), the rest contain it. Only a decided title's row is read (its length tells an exact
 * match, its core length one that may be an exact core: that one gets the full check), not its text;
 * the undecided ones get the full check. A title that folding changes is decided too: one whose
 * literal text differs where it holds a chain's pair, or whose length folding changed, is under that
 * pair's PAIR_CHECK (tokens/pair-marks.ts), so a title under none of the marks holds the folded chain
 * literally, at the same places, in a literal text as long as its folded one. For a keyword that
 * folding changes (`追妻火葬場`) that is not the keyword as typed (a title holding it so would be under
 * a mark where it does): a decided title's tier is the folded one (`firstPairMatches`' rule for `總裁`).
 */

import { ROW, ROW_FACTS, ROW_FOLDED_LENGTH } from '../index/title-rows.js';
import { Tier, tierCode } from '../query/search-query.js';
import { foldedCoreOf, literalCoreOf, type PreparedQuery, STALE } from '../query/title-forms.js';
import { PAIR_START } from '../tokens/pair-marks.js';
import { chainCandidates, isChain, undecidedByChain } from './chain-holders.js';
import { checkLeft, classifyCandidates, ofType } from './classify-candidates.js';
import { BLOCK, DEFERRED, touchRows } from './literal-tiers.js';
import type { SearchContext } from './search-context.js';

/** The codes of a decided holder's tiers: literal for a keyword folding leaves alone, folded for another. */
const LITERAL_CODES = { exact: tierCode(Tier.EXACT), prefix: tierCode(Tier.PREFIX), contains: tierCode(Tier.CONTAINS) };
const FOLDED_CODES = {
  exact: tierCode(Tier.FOLDED_EXACT),
  prefix: tierCode(Tier.FOLDED_PREFIX),
  contains: tierCode(Tier.FOLDED_CONTAINS),
};

/**
 * Is the keyword one the chain tiers: one term, its own core, a chain, no pinyin, and folded to as many
 * units (a unit to a unit: its folded chain stands where its literal one would)?
 */
export function isChainKeyword(query: PreparedQuery): boolean {
  return (
    query.terms.length === 0 &&
    query.pinyin === '' &&
    query.literalCoreUnits.length === query.literalUnits.length &&
    query.foldedCoreUnits.length === query.foldedUnits.length &&
    query.foldedUnits.length === query.literalUnits.length &&
    isChain(query.foldedUnits)
  );
}

/** Fills the context's `classified` with the chain keyword's candidates of the type (-1: any) and their codes; returns how many. */
export function classifyChain(context: SearchContext, query: PreparedQuery, typeCode: number): number {
  const { postings: index, columns, pool, bitset, classified } = context;
  const units = query.foldedUnits;
  const { found, complete } = chainCandidates(context, units);
  const ranks = ofType(found, columns.types, typeCode, pool);
  const undecided = complete ? undecidedByChain(context, ranks, units) : undefined;
  if (!undecided) {
    // The lists decide too little here: every candidate's text is read, as for any keyword.
    classifyCandidates(context, ranks, query, classified);
    return ranks.length;
  }
  classified.reserve(ranks);
  const starts = index.intersect(ranks, index.pairMarkKey(PAIR_START, units[0]!, units[1]!), pool, bitset);
  const deferred = tierDecided(context, ranks, { undecided, starts, query });
  if (deferred > 0) checkLeft(context, ranks, query, { codes: classified.codes, left: deferred });
  return ranks.length;
}

/** Codes of the decided candidates from their rows; DEFERRED for the rest. Returns how many were deferred. */
function tierDecided(
  context: SearchContext,
  ranks: Int32Array,
  { undecided, starts, query }: { undecided: Int32Array; starts: Int32Array; query: PreparedQuery },
): number {
  const { rows } = context.columns;
  const { codes } = context.classified;
  const length = query.foldedUnits.length;
  const { exact, prefix, contains } = query.foldInvariant ? LITERAL_CODES : FOLDED_CODES;
  // The core that may make a decided title an exact core: its literal one for the literal tiers (a title
  // holding the chain as typed contains it, above the folded tiers), its folded one for the folded tiers.
  const coreOf = query.foldInvariant ? literalCoreOf : foldedCoreOf;
  const coreLength = query.foldInvariant ? query.literalCoreLength : query.foldedCoreLength;
  let nextUndecided = 0;
  let nextStart = 0;
  let deferred = 0;
  for (let index = 0; index < ranks.length; index++) {
    if (index % BLOCK === 0) touchRows(context, ranks, index, Math.min(ranks.length, index + BLOCK));
    const rank = ranks[index]!;
    while (nextUndecided < undecided.length && undecided[nextUndecided]! < rank) nextUndecided++;
    while (nextStart < starts.length && starts[nextStart]! < rank) nextStart++;
    const row = rank * ROW;
    const facts = rows[row + ROW_FACTS]!;
    if (undecided[nextUndecided] === rank || (facts & STALE) !== 0) {
      codes[index] = DEFERRED;
      deferred++;
    } else if (rows[row + ROW_FOLDED_LENGTH] === length) codes[index] = exact;
    else if (coreOf(facts) === coreLength) {
      // Its core may be the keyword: an exact core, which only the text tells.
      codes[index] = DEFERRED;
      deferred++;
    } else codes[index] = starts[nextStart] === rank ? prefix : contains;
  }
  return deferred;
}
