/**
 * A catalogue title from a posted line (docs/sources.md, "Telegram channels"): hashtags, emoji and labels such as
 * `名称：` go, a title in `【】`/`《》` comes out of its brackets, a category tag such as `【短剧】` goes, and
 * the episode decoration (`（全80集）`, `更新至12集`, `【完结】`) is cut where search's own rule says it
 * starts (search/text/episode-suffix.ts), after the same NFKC step search applies, so the title is what
 * search would compare anyway. Punctuation left at either end is trimmed with search's decoration class.
 */
import { suffixStart } from '../search/text/episode-suffix.js';
import { isDecoration } from '../search/text/text-forms.js';
import { HASHTAG } from './hashtag-types.js';

const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{200D}|\u{20E3}/gu;
const LABEL = /^(?:资源)?(?:名称|剧名|片名|标题|名字|短剧名?|新剧上线|新剧|今日更新|更新|首发|上新)\s*[:：]\s*/u;
const CATEGORY_TAG =
  /[[【〔「『]\s*(?:短剧|新剧|更新|完结|完結|首发|独家|合集|精品|推荐|热播|热门|爆款|高清|资源|夸克|百度|阿里|网盘)\s*[\]】〕」』]/gu;
const TITLE_BRACKETS = /[【】《》「」『』〔〕]/gu;

/** The clean title of a line; empty when nothing of a title is left. */
export function cleanTitle(line: string): string {
  let title = line.normalize('NFKC').replace(HASHTAG, ' ').replace(EMOJI, ' ').replace(/\s+/g, ' ').trim();
  title = trimDecoration(title).replace(LABEL, '').replace(CATEGORY_TAG, ' ');
  const withoutEpisodes = trimDecoration(title.slice(0, suffixStart(title.trimEnd())));
  title = (withoutEpisodes || trimDecoration(title)).replace(TITLE_BRACKETS, ' ');
  return trimDecoration(title.replace(/\s+/g, ' '));
}

/** Without punctuation, symbols and spaces at either end. */
function trimDecoration(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isDecoration(text.charCodeAt(start)) && !OPENING.has(text[start] as string)) start++;
  while (end > start && isDecoration(text.charCodeAt(end - 1)) && !CLOSING.has(text[end - 1] as string)) end--;
  return text.slice(start, end).trim();
}

/** Brackets kept at the ends while they may still enclose the title (they go with TITLE_BRACKETS). */
const OPENING = new Set(['【', '《', '「', '『', '〔', '(', '[']);
const CLOSING = new Set(['】', '》', '」', '』', '〕', ')', ']']);
