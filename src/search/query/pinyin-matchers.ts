/**
 * The pinyin matchers a search checks its candidates with: one keyword against many titles, so what each
 * unit does to the match (the query positions its initials stand at, the readings found in the query) is
 * learnt once per matcher in a table of units (`UnitSlots`) and most units then cost one table read.
 * `InitialsMatcher` follows initials alone (`bdzc`), `PinyinMatcher` initials and full syllables; both
 * give what `pinyinMatchUnits` (pinyin.ts) gives, which they fall back to for queries too long to follow.
 */
import { isDecoration } from '../text/text-forms.js';
import { AS_INITIALS, initialsOf, pinyinForms, pinyinMatchUnits, readingsOf } from './pinyin.js';

/** The last generation a `UnitSlots` entry holds in its top 15 bits before the table is cleared. */
const MAX_GENERATION = 0x7fff;

/**
 * What each unit does to the current matcher's runs, learnt the first time the unit is met: entry
 * (generation << 16) | what, where what is, for a `PinyinMatcher`, a slot (1 decoration, skipped; 2 a
 * unit that ends every run: not Chinese, or no initial or reading of it in the query; from 3 on a slot of
 * the matcher's own transition tables), for an `InitialsMatcher` the query positions the unit's initials
 * stand at. One per search context (rank/search-context.ts), shared by the matchers made over it (a
 * search uses one at a time): the matcher that matches takes the table over with a new generation, so
 * another matcher's entries read as not learnt.
 */
export class UnitSlots {
  readonly table = new Int32Array(0x10000);
  generation = 0;
  owner: object | undefined;

  /** Makes the table `owner`'s, with a generation no entry in it has; returns that generation. */
  take(owner: object): number {
    this.owner = owner;
    if (++this.generation > MAX_GENERATION) {
      this.table.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}
/** The longest query `InitialsMatcher` follows in its 32-bit states. */
const MAX_INITIALS = 31;
/** The longest query whose positions per unit fit in a `UnitSlots` entry beside its generation. */
const MAX_LEARNT_INITIALS = 15;
/** In an `InitialsMatcher`'s entry: the unit is decoration (bits 0..14 hold the positions otherwise). */
const DECORATION_ENTRY = 1 << 15;

/**
 * `pinyinMatchUnits(units, start, end, query, AS_INITIALS)`, for a query no cut into syllables can spell
 * (initials alone: `hhh`, `zqhzc`), checked against many titles: one pass over a title's units with a
 * bit per query letter matched so far by a run of characters ending at the current one (a shift-and
 * automaton), the runs from the title's first character followed apart, where the walk from every start
 * re-read the units after it. The query positions a unit's initials stand at are learnt the first time
 * the unit is met, into the search's `UnitSlots` (decoration too), so a unit costs one table read: at a
 * million titles a keyword of four or five initials checks 30,000–40,000 titles, and working out each
 * unit's positions from its initials (a second table and a loop over its letters) had taken a third of
 * that. Longer queries take `pinyinMatchUnits`.
 */
export class InitialsMatcher {
  /** Per letter, the query's positions holding it, as bits. */
  private readonly positions = new Int32Array(26);
  /** The bit of a run that spelled the whole query (0: too long to follow). */
  private readonly done: number;
  private generation = 0;

  /** `slots`: the search's unit table (a table of its own when none is given). */
  constructor(
    private readonly query: string,
    private readonly slots: UnitSlots = new UnitSlots(),
  ) {
    this.done = query.length <= MAX_INITIALS ? 1 << (query.length - 1) : 0;
    for (let at = 0; at < query.length && at < MAX_INITIALS; at++) {
      const letter = query.charCodeAt(at) - 97;
      this.positions[letter] = this.positions[letter]! | (1 << at);
    }
  }

  /** 0 when the title starts with the query's initials, 1 when it holds them elsewhere, else -1. */
  match(units: Uint16Array, start: number, end: number): number {
    const { done } = this;
    if (done === 0) return pinyinMatchUnits(units, start, end, this.query, AS_INITIALS);
    if (this.query.length > MAX_LEARNT_INITIALS) return this.matchUnlearnt(units, start, end);
    const { slots } = this;
    if (slots.owner !== this) this.generation = slots.take(this);
    const current = this.generation;
    const table = slots.table;
    let runs = 0;
    // The runs that started at the first character; -1 before it.
    let fromFirst = -1;
    for (let index = start; index < end; index++) {
      const unit = units[index]!;
      let entry = table[unit]!;
      if (entry >>> 16 !== current) entry = this.learn(unit);
      if ((entry & DECORATION_ENTRY) !== 0) continue;
      const at = entry & 0x7fff;
      runs = ((runs << 1) | 1) & at;
      fromFirst = fromFirst < 0 ? runs & 1 : (fromFirst << 1) & at;
      // Every run spells as many characters: the one from the first character, if any, ends first.
      if ((fromFirst & done) !== 0) return 0;
      if ((runs & done) !== 0) return 1;
    }
    return -1;
  }

  /** Learns the query positions the unit's initials stand at (or that it is decoration); returns its entry. */
  private learn(unit: number): number {
    let entry = DECORATION_ENTRY;
    if (!isDecoration(unit)) entry = this.positionsOf(initialsOf(unit));
    entry |= this.generation << 16;
    this.slots.table[unit] = entry;
    return entry;
  }

  /** The query positions that any of these initials (as bits) stand at. */
  private positionsOf(initials: number): number {
    let at = 0;
    for (let letters = initials; letters !== 0; letters &= letters - 1) at |= this.positions[31 - Math.clz32(letters & -letters)]!;
    return at;
  }

  /** `match` for a query too long for the unit table's entries: each unit's positions worked out again. */
  private matchUnlearnt(units: Uint16Array, start: number, end: number): number {
    const { done } = this;
    let runs = 0;
    let fromFirst = -1;
    for (let index = start; index < end; index++) {
      const unit = units[index]!;
      if (isDecoration(unit)) continue;
      const at = this.positionsOf(initialsOf(unit));
      runs = ((runs << 1) | 1) & at;
      fromFirst = fromFirst < 0 ? runs & 1 : (fromFirst << 1) & at;
      if ((fromFirst & done) !== 0) return 0;
      if ((runs & done) !== 0) return 1;
    }
    return -1;
  }
}

/** The longest query `PinyinMatcher` follows in its 32-bit states (positions 0..MAX_SPELT). */
const MAX_SPELT = 30;
const DECORATED = 1;
const BREAKING = 2;
const FIRST_SLOT = 3;

/**
 * `pinyinMatchUnits(units, start, end, query, pinyinForms(asInitials, asSyllables))` checked against many titles: one
 * pass over a title's units, each state a bit per query position that a run of characters ending at the
 * current one reaches (as initials: a letter a character; in full syllables: a reading a character), the
 * runs from the title's first character followed apart. What a unit does to the runs (the query
 * positions its initials stand at, and per reading found in the query where it starts and how long it is)
 * is learnt once per matcher, so most units cost one table read: a full-pinyin keyword's 30,000–40,000
 * candidates had spent most of their check in looking up each unit's readings and their places in the
 * query. Longer queries take `pinyinMatchUnits`.
 */
export class PinyinMatcher {
  private readonly done: number;
  private generation = 0;
  /** Per slot: the query positions the unit's initials stand at, and its transitions in `starts`/`lengths` [from, to). */
  private initialsAt: Int32Array<ArrayBuffer> = new Int32Array(64);
  private transitionsFrom: Int32Array<ArrayBuffer> = new Int32Array(64);
  private transitionsTo: Int32Array<ArrayBuffer> = new Int32Array(64);
  private starts: Int32Array<ArrayBuffer> = new Int32Array(64);
  private lengths: Int32Array<ArrayBuffer> = new Int32Array(64);
  private slotCount = FIRST_SLOT;
  private transitions = 0;

  /** `slots`: the search's unit table (a table of its own when none is given). */
  constructor(
    private readonly query: string,
    private readonly asInitials: boolean,
    private readonly asSyllables: boolean,
    private readonly slots: UnitSlots = new UnitSlots(),
  ) {
    this.done = query.length <= MAX_SPELT ? 1 << query.length : 0;
  }

  /** 0 when the title starts with the query's pinyin, 1 when it holds it elsewhere, else -1. */
  match(units: Uint16Array, start: number, end: number): number {
    const { done } = this;
    if (done === 0) return pinyinMatchUnits(units, start, end, this.query, pinyinForms(this.asInitials, this.asSyllables));
    const { slots } = this;
    if (slots.owner !== this) this.takeTable();
    const current = this.generation;
    const unitSlots = slots.table;
    const { initialsAt, transitionsFrom, transitionsTo, starts, lengths } = this;
    let initialRuns = 0;
    let syllableRuns = 0;
    // The runs that started at the first character (both 0 once they end).
    let firstInitials = 0;
    let firstSyllables = 0;
    let first = true;
    let found = false;
    for (let index = start; index < end; index++) {
      const unit = units[index]!;
      let entry = unitSlots[unit]!;
      if (entry >>> 16 !== current) entry = this.learn(unit);
      const slot = entry & 0xffff;
      if (slot === DECORATED) continue;
      const starting = first ? 1 : 0;
      first = false;
      if (slot === BREAKING) {
        // No run is under way while `found` is false and the runs are 0 (the first run would have ended it).
        if ((initialRuns | syllableRuns) === 0) continue;
        if (found) return 1;
        initialRuns = 0;
        syllableRuns = 0;
        firstInitials = 0;
        firstSyllables = 0;
        continue;
      }
      const at = initialsAt[slot]!;
      const nextInitials = ((initialRuns | 1) & at) << 1;
      const nextFirstInitials = ((firstInitials | starting) & at) << 1;
      let nextSyllables = 0;
      let nextFirstSyllables = 0;
      for (let transition = transitionsFrom[slot]!, to = transitionsTo[slot]!; transition < to; transition++) {
        const from = starts[transition]!;
        const length = lengths[transition]!;
        nextSyllables |= ((syllableRuns | 1) & from) << length;
        nextFirstSyllables |= ((firstSyllables | starting) & from) << length;
      }
      if (((nextFirstInitials | nextFirstSyllables) & done) !== 0) return 0;
      if (((nextInitials | nextSyllables) & done) !== 0) found = true;
      initialRuns = nextInitials;
      syllableRuns = nextSyllables;
      firstInitials = nextFirstInitials;
      firstSyllables = nextFirstSyllables;
      // A run from a later character can end first (fewer, longer readings): the first one may still come.
      if (found && (firstInitials | firstSyllables) === 0) return 1;
    }
    return found ? 1 : -1;
  }

  /** Makes the shared unit table this matcher's, with a generation no entry in it has. */
  private takeTable(): void {
    this.generation = this.slots.take(this);
    this.slotCount = FIRST_SLOT;
    this.transitions = 0;
  }

  /** Learns what `unit` does to the runs; returns its entry. */
  private learn(unit: number): number {
    const slot = isDecoration(unit) ? DECORATED : this.transitionsOf(unit);
    const entry = (this.generation << 16) | slot;
    this.slots.table[unit] = entry;
    return entry;
  }

  /** A slot for the unit's transitions, or BREAKING when it has none. */
  private transitionsOf(unit: number): number {
    const initials = initialsOf(unit);
    if (initials === 0) return BREAKING;
    let at = 0;
    if (this.asInitials)
      for (let letters = initials; letters !== 0; letters &= letters - 1) at |= this.positionsOf(31 - Math.clz32(letters & -letters));
    const from = this.transitions;
    if (this.asSyllables) {
      for (const reading of readingsOf(unit)) {
        let bits = 0;
        for (let place = this.query.indexOf(reading); place >= 0; place = this.query.indexOf(reading, place + 1)) bits |= 1 << place;
        if (bits !== 0) this.addTransition(bits, reading.length);
      }
    }
    if (at === 0 && this.transitions === from) return BREAKING;
    const slot = this.slotCount++;
    if (slot >= this.initialsAt.length) {
      this.initialsAt = grown(this.initialsAt);
      this.transitionsFrom = grown(this.transitionsFrom);
      this.transitionsTo = grown(this.transitionsTo);
    }
    this.initialsAt[slot] = at;
    this.transitionsFrom[slot] = from;
    this.transitionsTo[slot] = this.transitions;
    return slot;
  }

  /** The query positions holding letter `letter` (0 = a), as bits. */
  private positionsOf(letter: number): number {
    let bits = 0;
    for (let at = 0; at < this.query.length; at++) if (this.query.charCodeAt(at) - 97 === letter) bits |= 1 << at;
    return bits;
  }

  private addTransition(from: number, length: number): void {
    if (this.transitions === this.starts.length) {
      this.starts = grown(this.starts);
      this.lengths = grown(this.lengths);
    }
    this.starts[this.transitions] = from;
    this.lengths[this.transitions++] = length;
  }
}

/** A copy of `array` twice as long. */
function grown(array: Int32Array): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(array.length * 2);
  copy.set(array);
  return copy;
}
