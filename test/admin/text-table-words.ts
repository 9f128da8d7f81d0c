/**
 * The English words of the console's text tables (console-text.ts, operations-text.ts, the pages' names
 * in their declarations, the web page's type names) that the Chinese tables never use: a page in Chinese that shows one of them shows a word
 * the console forgot to translate. Functions are called with sample values, records read value by value,
 * and the ids the tables translate (type ids, verdicts, roles, audit actions) are words too; so are the
 * words of the stored English sentences the console reads back (the patterns of audit-detail-text.ts and
 * stored-reasons-text.ts), so a page that shows one of those sentences untranslated shows their words.
 */

import { AUDIT_DETAILS_ZH } from '../../src/admin/audit-detail-text.js';
import { CONSOLE_PAGES } from '../../src/admin/console-pages.js';
import { CONSOLE_TEXT } from '../../src/admin/console-text.js';
import { ENTRIES_TEXT } from '../../src/admin/entries-text.js';
import { AUDIT_ACTIONS } from '../../src/admin/names-text.js';
import { OPERATIONS_TEXT } from '../../src/admin/operations-text.js';
import { REFUSALS_ZH } from '../../src/admin/refusal-text.js';
import type { Piece, Shape } from '../../src/admin/stored-pieces.js';
import { LINK_REASONS_ZH, PAUSE_REASONS_ZH, POLL_ERRORS_ZH, REQUEST_FAILURES_ZH } from '../../src/admin/stored-reasons-text.js';
import { TYPE_NAMES } from '../../src/web/page-text.js';

const VERDICTS = ['alive', 'locked', 'dead', 'unknown', 'unsupported', null];
const SAMPLE_ARGUMENTS = [2, 3, 4, 5, 6];

function strings(value: unknown, into: string[]): string[] {
  if (typeof value === 'string') into.push(value);
  else if (typeof value === 'function') {
    const call = (...args: unknown[]) => {
      try {
        strings(value(...args), into);
      } catch {
        // a function of numbers, called with a verdict
      }
    };
    if (value.length === 1) for (const verdict of VERDICTS) call(verdict);
    call(...SAMPLE_ARGUMENTS);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.push(key.replaceAll('_', ' '));
      strings(inner, into);
    }
  }
  return into;
}

/** Words written alike in both languages, which a Chinese sentence may show as they are. */
const SAME_IN_BOTH = ['dramadex', 'http', 'https', 'json', 'ndjson', 'csv'];

/** The English of the stored sentences: the words of each shape's pattern, its escapes (`\\d`, `\\S`) left out. */
const shapeWords = (shapes: Shape[]) => shapes.map(([pattern]) => pattern.source.replace(/\\[a-zA-Z]/g, ' '));

export const STORED_SENTENCE_WORDS = new Set(
  [
    ...Object.values(AUDIT_DETAILS_ZH).flatMap(shapeWords),
    ...[POLL_ERRORS_ZH, REQUEST_FAILURES_ZH, LINK_REASONS_ZH, PAUSE_REASONS_ZH, REFUSALS_ZH].flatMap(shapeWords),
  ]
    .flatMap((text) => text.toLowerCase().match(/[a-z]{3,}/g) ?? [])
    .filter((word) => !SAME_IN_BOTH.includes(word)),
);

const words = (texts: string[]) => new Set(texts.flatMap((text) => text.toLowerCase().match(/[a-z]{3,}/g) ?? []));

function tableWords(): Set<string> {
  const english = words([
    ...strings(CONSOLE_TEXT.en, []),
    ...strings(OPERATIONS_TEXT.en, []),
    ...strings(TYPE_NAMES.en, []),
    ...strings(ENTRIES_TEXT.en, []),
    ...AUDIT_ACTIONS,
    ...CONSOLE_PAGES.flatMap((page) => (page.name ? [page.name.en] : [])),
    'owner moderator post dongman movie xuexi extsrc',
    ...STORED_SENTENCE_WORDS,
  ]);
  const chinese = words([
    ...strings(CONSOLE_TEXT.zh, []).filter((text) => !/^[a-z_ ]+$/.test(text)),
    ...strings(OPERATIONS_TEXT.zh, []).filter((text) => !/^[a-z_ ]+$/.test(text)),
  ]);
  for (const word of chinese) english.delete(word);
  return english;
}

export const TABLE_WORDS = tableWords();

/** The table words that `text` shows, each once. */
export function englishWordsIn(text: string, table: Set<string>): string[] {
  return [...new Set((text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((word) => table.has(word)))];
}

/** What is wrong with `pieces` as the Chinese of `english`: English words outside data, data not as stored. */
export function problemsOf(english: string, pieces: Piece[]): string[] {
  const own = pieces.filter((piece) => typeof piece === 'string').join('');
  const problems = englishWordsIn(own, TABLE_WORDS).map((word) => `"${english}" shows "${word}" in "${own}"`);
  for (const piece of pieces)
    if (typeof piece !== 'string' && !english.includes(piece.data)) problems.push(`"${piece.data}" is not in "${english}"`);
  // A sentence translated into Chinese had words the check sees in its English, so the check can fail.
  if (/\p{Script=Han}/u.test(own) && englishWordsIn(english, TABLE_WORDS).length === 0) problems.push(`"${english}" has no table word`);
  return problems;
}
