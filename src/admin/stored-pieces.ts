/**
 * A stored English sentence as a page in Chinese shows it (docs/console.md, "On a phone, in one language"):
 * pieces that are the console's own words, translated, and pieces that are data quoted from the sentence
 * (a title, a link, a source's name, a key's label, a provider's own message), kept as they came and
 * marked `data-stored` by the view (views/stored-words.eta). Each component's sentences are read back by a
 * table of shapes (`Shape`), one per way its producer writes them; a sentence no shape knows is shown as it
 * came, as the console's words rather than data, so the no-English checks of the tests find it.
 */

/** One piece: the console's words, or data quoted from the stored sentence. */
export type Piece = string | { data: string };

/** How the console writes a time found inside a sentence (console-time.ts, the page's `it.when`). */
export type When = (value: string) => string;

/** One way a producer writes its sentence, and the page's rendering of what the pattern caught. */
export type Shape = [pattern: RegExp, render: (parts: string[], when: When) => Piece[]];

/** Data quoted from the sentence; an absent part is no piece. */
export const data = (text: string | undefined): Piece[] => (text === undefined || text === '' ? [] : [{ data: text }]);

/**
 * A rendering written as a template: the literal text and numbers are the console's words, a `data(…)`
 * or another rendering is spliced in as it is, so `says\`删除 ${n} 条，原因：${data(reason)}\`` keeps the
 * reason apart.
 */
export function says(strings: TemplateStringsArray, ...values: Array<Piece[] | string | number | undefined>): Piece[] {
  const pieces: Piece[] = [];
  strings.forEach((text, index) => {
    if (text) pieces.push(text);
    const value = values[index];
    if (Array.isArray(value)) pieces.push(...value);
    else if (value !== undefined && value !== '') pieces.push(String(value));
  });
  return pieces;
}

/** The rendering of the first shape `text` fits, whole; the text as it came when none does. */
export function rendered(text: string, shapes: readonly Shape[], when: When = (value) => value): Piece[] {
  for (const [pattern, render] of shapes) {
    const match = pattern.exec(text);
    if (match) return render(match.slice(1) as string[], when);
  }
  return [text];
}

/** The pieces as one line of text (a notice), data and words alike. */
export const lineOf = (pieces: readonly Piece[]): string =>
  pieces.map((piece) => (typeof piece === 'string' ? piece : piece.data)).join('');

/** Every ISO 8601 UTC time in a stored sentence, for a page that writes times its own way. */
export const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
