/**
 * Why this exists: real clients send distinct keywords, and a replayed keyword is answered from ready
 * bytes, so the bench needs many keywords nobody asked before. This draws them (seeded) from the generated
 * catalogue's own titles, in the classes issue 12 names: 1, 2, 3–4 and 5–10 characters, whole titles,
 * 2–6 terms, Latin literal, full pinyin, initials, traditional, full-width, no match (CJK and Latin) and
 * 100 characters. Every keyword is valid as sent (no forbidden character, at most 100 characters after
 * NFKC) and distinct within the corpus.
 */
import { Converter } from 'opencc-js/cn2t';
import { pinyin } from 'pinyin-pro';
import { seededRandom } from '../src/demo/seeded-random.js';

export const KEYWORD_CLASSES = [
  '1 char',
  '2 chars',
  '3-4 chars',
  '5-10 chars',
  'whole title',
  '2-6 terms',
  'Latin literal',
  'full pinyin',
  'initials',
  'traditional',
  'full-width',
  'no match, CJK',
  'no match, Latin',
  '100 chars',
] as const;
export type KeywordClass = (typeof KEYWORD_CLASSES)[number];

export interface Keyword {
  keyword: string;
  kind: KeywordClass;
}

/** The spec's forbidden keyword characters (after NFKC); a sampled keyword has them replaced by spaces. */
const FORBIDDEN = /[<>"'&;(){}[\]]/;
const MAX_LENGTH = 100;
const CJK = /[\u4e00-\u9fff]/;
const toTraditional = Converter({ from: 'cn', to: 'tw' });

/** About `perClass` distinct keywords of every class (fewer where the vocabulary holds fewer), in a seeded shuffle. */
export function keywordCorpus(titles: readonly string[], perClass = 2000, seed = 12): Keyword[] {
  const next = seededRandom(seed);
  const integer = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const title = () => titles[Math.floor(next() * titles.length)] as string;
  const characters = [...new Set([...titles.slice(0, 20_000).join('')].filter((unit) => CJK.test(unit)))];
  const vocabulary = new Set(characters);
  /** A run of `length` CJK characters from a random title (undefined when the title has none that long). */
  const run = (length: number): string | undefined => {
    const runs =
      title()
        .match(/[\u4e00-\u9fff]+/g)
        ?.filter((part) => part.length >= length) ?? [];
    const part = runs[Math.floor(next() * runs.length)];
    if (!part) return undefined;
    const start = integer(0, part.length - length);
    return part.slice(start, start + length);
  };
  const latinWords = [...new Set(titles.slice(0, 50_000).flatMap((text) => text.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []))];
  const draw: Record<KeywordClass, () => string | undefined> = {
    '1 char': () => characters[Math.floor(next() * characters.length)],
    '2 chars': () => run(2),
    '3-4 chars': () => run(integer(3, 4)),
    '5-10 chars': () => run(integer(5, 10)),
    'whole title': () => title(),
    '2-6 terms': () =>
      Array.from({ length: integer(2, 6) }, () => run(integer(1, 4)))
        .filter(Boolean)
        .join(' '),
    'Latin literal': () => {
      const word = latinWords[Math.floor(next() * latinWords.length)] ?? 'a';
      const start = integer(0, word.length - 1);
      const part = word.slice(start, start + integer(1, word.length - start));
      return next() < 0.5 ? part.toLowerCase() : part;
    },
    'full pinyin': () => spell(run(integer(2, 4)), 'full', next),
    initials: () => spell(run(integer(2, 6)), 'initials', next),
    traditional: () => {
      const text = run(integer(2, 6));
      const traditional = text && toTraditional(text);
      return traditional !== text ? traditional : undefined;
    },
    'full-width': () => {
      // Titles with letters or digits, which have full-width forms (CJK characters have none).
      for (let attempt = 0; attempt < 20; attempt++) {
        const text = title();
        const at = text.search(/[0-9A-Za-z]/);
        if (at >= 0) return toFullWidth(text.slice(Math.max(0, at - integer(0, 4)), at + integer(2, 8)));
      }
      return undefined;
    },
    'no match, CJK': () => {
      let text = '';
      while (text.length < integer(2, 4)) {
        const unit = String.fromCharCode(integer(0x4e00, 0x9fa5));
        if (!vocabulary.has(unit)) text += unit;
      }
      return text;
    },
    'no match, Latin': () => Array.from({ length: integer(6, 12) }, () => String.fromCharCode(integer(97, 122))).join(''),
    '100 chars': () => {
      let text = '';
      while (text.length < MAX_LENGTH) text += title();
      return text.slice(0, MAX_LENGTH);
    },
  };
  const seen = new Set<string>();
  const corpus: Keyword[] = [];
  for (const kind of KEYWORD_CLASSES) {
    let found = 0;
    for (let attempt = 0; attempt < perClass * 20 && found < perClass; attempt++) {
      const keyword = valid(draw[kind]());
      if (keyword === undefined || seen.has(keyword)) continue;
      seen.add(keyword);
      corpus.push({ keyword, kind });
      found++;
    }
  }
  for (let index = corpus.length - 1; index > 0; index--) {
    const other = Math.floor(next() * (index + 1));
    [corpus[index], corpus[other]] = [corpus[other] as Keyword, corpus[index] as Keyword];
  }
  return corpus;
}

/** The keyword with characters that are forbidden after NFKC turned into spaces; undefined when nothing is left. */
function valid(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const cleaned = [...raw].map((unit) => (FORBIDDEN.test(unit.normalize('NFKC')) ? ' ' : unit)).join('');
  const normalized = cleaned.normalize('NFKC').trim();
  if (normalized.length === 0 || [...normalized].length > MAX_LENGTH) return undefined;
  return cleaned.trim();
}

/** Full pinyin (sometimes with spaces between syllables) or initials, without tones. */
function spell(text: string | undefined, form: 'full' | 'initials', next: () => number): string | undefined {
  if (!text) return undefined;
  const syllables = pinyin(text, { toneType: 'none', type: 'array', v: true });
  if (form === 'initials') return syllables.map((syllable) => syllable[0]).join('');
  return syllables.join(next() < 0.2 ? ' ' : '');
}

/** ASCII letters, digits and brackets to their full-width forms (U+FF01–FF5E); other characters stay. */
function toFullWidth(text: string): string {
  return text.replace(/[!-~]/g, (unit) => String.fromCharCode(unit.charCodeAt(0) + 0xfee0)).replace(/（|）/g, ' ');
}

/**
 * Keywords that were slow in an outside check of hard cases (issue 27): short Latin words (pinyin too),
 * six two-character and six one-character terms, initials, a Chinese term with a pinyin one, traditional
 * pairs, full-width Latin and digits, and a 100-character paste. Each is timed as a new keyword's first
 * request; every one must stay under 20 ms.
 */
export const HARD_KEYWORDS: readonly string[] = [
  'abc',
  'the',
  'zhu',
  'Re',
  'sh',
  '总裁 甜宠 重生 战神 逆袭 豪门',
  '集 的 之 我 你 爱',
  'zcdx',
  'bdzc',
  'hhh',
  'zqhzc',
  '总裁 zhuxian',
  '總裁 戰神',
  '霸道總裁',
  'ＡＢＣ',
  'ＬＯＶＥ',
  '２０００',
  '不住了 ７２集',
  '替嫁豪门少奶奶不好惹战神归来后霸道总裁宠上天 62集 战神归来外卖小哥她超甜 40集 夫人她保安请自重 108集 下山后厉先生每天都在打脸 93集 莲花楼 更新至12集 退婚后傅少追妻火葬场 72集',
];
