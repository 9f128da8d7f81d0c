/**
 * A search's candidates laid out with their tier codes: the buffer the whole answer is tiered in
 * (classify-candidates.ts and every path that tiers all of a keyword's matches), one per search context.
 */

/**
 * Per candidate: its rank (the candidates, newest first, in a buffer of the search) and its code, tier + 1 (`tierCode`;
 * NO_MATCH for no match or an outdated row). A rank becomes a slot through the build's order only when it is shown. Codes
 * grow as needed and are reused between searches.
 */
export class Classified {
  codes = new Uint16Array(0);
  ranks: Int32Array = new Int32Array(0);

  reserve(ranks: Int32Array): void {
    this.ranks = ranks;
    if (ranks.length > this.codes.length) this.codes = new Uint16Array(ranks.length + (ranks.length >>> 2));
  }
}
