/**
 * A small pattern language for the episode suffix (episode-suffix.ts), so the suffix is described once
 * and both of its uses are derived from that one description: a RegExp source for strings, and a
 * deterministic automaton that reads code units backwards from the end of a title (the index build has
 * units, not strings, and a backward walk stops after a few units instead of trying every start). The
 * automaton is built by reversing the pattern, Thompson's construction and the subset construction over
 * the few kinds of unit the pattern tells apart; it is complete and small (tens of states).
 */

export type Pattern =
  | { kind: 'class'; source: string }
  | { kind: 'word'; text: string }
  | { kind: 'seq'; parts: Pattern[] }
  | { kind: 'alt'; options: Pattern[] }
  | { kind: 'repeat'; part: Pattern; min: 0 | 1; many: boolean };

/** A character class, in RegExp syntax (`[...]` or an escape such as `\\s`). */
export const chars = (source: string): Pattern => ({ kind: 'class', source });
export const word = (text: string): Pattern => ({ kind: 'word', text });
export const seq = (...parts: Pattern[]): Pattern => ({ kind: 'seq', parts });
export const alt = (...options: Array<Pattern | string>): Pattern => ({
  kind: 'alt',
  options: options.map((option) => (typeof option === 'string' ? word(option) : option)),
});
export const optional = (part: Pattern): Pattern => ({ kind: 'repeat', part, min: 0, many: false });
export const star = (part: Pattern): Pattern => ({ kind: 'repeat', part, min: 0, many: true });
export const plus = (part: Pattern): Pattern => ({ kind: 'repeat', part, min: 1, many: true });

/** The pattern as RegExp source (for the `u` flag). */
export function regexSource(pattern: Pattern): string {
  switch (pattern.kind) {
    case 'class':
      return pattern.source;
    case 'word':
      return pattern.text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
    case 'seq':
      return pattern.parts.map(regexSource).join('');
    case 'alt':
      return `(?:${pattern.options.map(regexSource).join('|')})`;
    case 'repeat':
      return `(?:${regexSource(pattern.part)})${pattern.many ? (pattern.min === 1 ? '+' : '*') : '?'}`;
  }
}

function reversed(pattern: Pattern): Pattern {
  switch (pattern.kind) {
    case 'class':
      return pattern;
    case 'word':
      return word([...pattern.text].reverse().join(''));
    case 'seq':
      return seq(...pattern.parts.map(reversed).reverse());
    case 'alt':
      return { kind: 'alt', options: pattern.options.map(reversed) };
    case 'repeat':
      return { ...pattern, part: reversed(pattern.part) };
  }
}

/** A DFA over unit kinds: state 0 is dead, `start` the initial state. */
export interface BackwardAutomaton {
  /** Per code unit: its kind (0: a unit the pattern never mentions). */
  kindOf: Uint8Array;
  kinds: number;
  /** next[state * kinds + kind]. */
  next: Int32Array;
  accepting: Uint8Array;
  start: number;
}

/** The automaton of the reversed pattern: it reads a text from its end and accepts where a match begins. */
export function backwardAutomaton(pattern: Pattern): BackwardAutomaton {
  // Thompson NFA: per state, its empty moves and at most one move on a leaf (a class or one character).
  const empty: number[][] = [];
  const move: Array<[leaf: string, to: number] | undefined> = [];
  const state = (): number => empty.push([]) - 1;
  const leaves = new Set<string>();
  const build = (node: Pattern, from: number): number => {
    switch (node.kind) {
      case 'class':
      case 'word': {
        let at = from;
        for (const leaf of node.kind === 'class' ? [node.source] : [...node.text].map((char) => `=${char}`)) {
          const to = state();
          leaves.add(leaf);
          move[at] = [leaf, to];
          at = to;
        }
        return at;
      }
      case 'seq':
        return node.parts.reduce((at, part) => build(part, at), from);
      case 'alt': {
        const end = state();
        for (const option of node.options) {
          const begin = state();
          empty[from]!.push(begin);
          empty[build(option, begin) as number]!.push(end);
        }
        return end;
      }
      case 'repeat': {
        const begin = state();
        const end = state();
        empty[from]!.push(begin);
        const last = build(node.part, begin);
        empty[last]!.push(end);
        if (node.min === 0) empty[from]!.push(end);
        if (node.many) empty[last]!.push(begin);
        return end;
      }
    }
  };
  const first = state();
  const final = build(reversed(pattern), first);
  const leafList = [...leaves];
  if (leafList.length > 31) throw new Error('a suffix pattern may tell apart at most 31 classes and characters');
  // Unit kinds: units that the same leaves accept are one kind (a leaf is one bit of a unit's signature).
  const signatures = new Int32Array(0x10000);
  for (const [index, leaf] of leafList.entries()) {
    const bit = 1 << index;
    if (leaf.startsWith('=')) signatures[leaf.charCodeAt(1)] = signatures[leaf.charCodeAt(1)]! | bit;
    else {
      const test = new RegExp(`^${leaf}$`, 'u');
      for (let unit = 0; unit < 0x10000; unit++) if (test.test(String.fromCharCode(unit))) signatures[unit] = signatures[unit]! | bit;
    }
  }
  const kindOf = new Uint8Array(0x10000);
  const kindSignature = [0];
  for (let unit = 0; unit < 0x10000; unit++) {
    let kind = kindSignature.indexOf(signatures[unit]!);
    if (kind < 0) kind = kindSignature.push(signatures[unit]!) - 1;
    kindOf[unit] = kind;
  }
  // Subset construction, every set closed under empty moves.
  const closure = (set: number[]): number[] => {
    const seen = new Set(set);
    const stack = [...set];
    while (stack.length > 0) {
      for (const to of empty[stack.pop()!]!) {
        if (seen.has(to)) continue;
        seen.add(to);
        stack.push(to);
      }
    }
    return [...seen].sort((a, b) => a - b);
  };
  const sets: number[][] = [[], closure([first])];
  const ids = new Map<string, number>([
    ['', 0],
    [String(sets[1]), 1],
  ]);
  const kinds = kindSignature.length;
  const next: number[] = [];
  for (let id = 0; id < sets.length; id++) {
    for (let kind = 0; kind < kinds; kind++) {
      const targets: number[] = [];
      for (const nfa of sets[id]!) {
        const edge = move[nfa];
        if (edge && (kindSignature[kind]! >>> leafList.indexOf(edge[0])) & 1) targets.push(edge[1]);
      }
      const target = closure(targets);
      let to = ids.get(String(target));
      if (to === undefined) {
        to = sets.push(target) - 1;
        ids.set(String(target), to);
      }
      next[id * kinds + kind] = to;
    }
  }
  const accepting = Uint8Array.from(sets, (set) => (set.includes(final) ? 1 : 0));
  return { kindOf, kinds, next: Int32Array.from(next), accepting, start: 1 };
}
