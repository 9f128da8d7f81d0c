/**
 * The search page marks where a keyword matched a title (docs/web.md). The title is split
 * into plain and matched pieces, and the template escapes each piece and wraps the matched ones in
 * `<mark>`, so highlighting never builds HTML from a title. Matching folds each character as search
 * does (NFKC, lower case, traditional to simplified, docs/search.md), one character at a time so every
 * folded position maps back to the title; each space-separated term is marked. Pinyin and initials
 * matches have no characters to mark and show plain.
 */
import { foldText } from '../search/text/text-forms.js';

export interface TitlePiece {
  text: string;
  hit: boolean;
}

export function highlight(title: string, keyword: string | undefined): TitlePiece[] {
  const terms = keyword ? [...new Set(keyword.split(/\s+/).filter(Boolean).map(foldText))] : [];
  if (terms.length === 0) return [{ text: title, hit: false }];
  // Most titles fold to themselves (no capitals, full-width or traditional characters): then every
  // position is its own, and the per-character walk, several times slower, is not needed.
  const map = title.normalize('NFKC') === title && foldText(title) === title ? undefined : foldByCharacter(title);
  const folded = map?.folded ?? title;
  const marked = new Uint8Array(title.length);
  for (const term of terms) {
    for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
      const last = at + term.length - 1;
      marked.fill(1, map ? map.startOf[at] : at, map ? map.endOf[last] : last + 1);
    }
  }
  return pieces(title, marked);
}

/** The folded title, and for each of its code units the title range of the character it came from. */
function foldByCharacter(title: string): { folded: string; startOf: number[]; endOf: number[] } {
  let folded = '';
  const startOf: number[] = [];
  const endOf: number[] = [];
  let index = 0;
  for (const character of title) {
    const form = foldText(character.normalize('NFKC'));
    folded += form;
    for (let unit = 0; unit < form.length; unit++) {
      startOf.push(index);
      endOf.push(index + character.length);
    }
    index += character.length;
  }
  return { folded, startOf, endOf };
}

function pieces(title: string, marked: Uint8Array): TitlePiece[] {
  const result: TitlePiece[] = [];
  let start = 0;
  for (let index = 1; index <= title.length; index++) {
    if (index === title.length || marked[index] !== marked[start]) {
      result.push({ text: title.slice(start, index), hit: marked[start] === 1 });
      start = index;
    }
  }
  return result;
}
