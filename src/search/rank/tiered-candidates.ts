/**
 * One search's tiered candidates over a build (built-index.ts `search`): their count, and the context the
 * build lent to that search, whose `classified` holds their ranks and codes. Laying them out (`place` or
 * `answer`) reads that search's own context, whatever other searches ran in between, and then gives the
 * context back to the build for a later search. Laid out once: a second call is a bug, and throws.
 */
import type { TieredAnswer } from './answer.js';
import type { Classified } from './classified.js';
import { answerOf, placeByTier } from './classify-candidates.js';
import type { SearchContext } from './search-context.js';

export class TieredCandidates {
  private context: SearchContext | undefined;

  constructor(
    context: SearchContext,
    /** Candidates tiered (some may match no tier). */
    readonly count: number,
    /** Rank → slot of the build. */
    private readonly order: Int32Array,
    private readonly giveBack: (context: SearchContext) => void,
  ) {
    this.context = context;
  }

  /** Writes the matches into `result`, each tier from its place in `starts` on. */
  place(result: Int32Array, starts: Int32Array): void {
    placeByTier(result, starts, this.classified(), this.count, this.order);
    this.release();
  }

  /** The matches as an answer of their own, `counts` per tier (as the search counted them). */
  answer(counts: Int32Array): TieredAnswer {
    const answer = answerOf(this.classified(), this.count, counts, this.order);
    this.release();
    return answer;
  }

  private classified(): Classified {
    if (!this.context) throw new Error("a search's candidates are laid out once");
    return this.context.classified;
  }

  private release(): void {
    if (this.context) this.giveBack(this.context);
    this.context = undefined;
  }
}
