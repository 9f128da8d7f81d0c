/**
 * The words of the entries page's filters and paging (docs/console.md, "Entries") and of the import's
 * confirm step ("Import"), in both languages, beside the working pages' own (operations-text.ts); the
 * templates read them as `it.f`.
 */
import type { Language } from '../config/config.js';

const zh = {
  filters: '筛选',
  anyType: '全部类型',
  provider: '网盘',
  anyProvider: '全部网盘',
  source: '来源频道',
  anySource: '全部来源',
  noSource: '不是来自频道（导入、上游、后台）',
  verdict: '链接结论',
  anyVerdict: '全部结论',
  hidden: '隐藏',
  anyHidden: '隐藏与未隐藏',
  hiddenOnly: '只看已隐藏',
  hiddenNone: '只看未隐藏',
  apply: '筛选',
  showing: (from: number, to: number, total: number) => `第 ${from}–${to} 条，共 ${total} 条。`,
  previous: '上一页',
  next: '下一页',
  pages: '翻页',
  nothingAsked: '输入关键词或链接，或选一个筛选条件。',
  applyChecked: (name: string) => `导入刚检查过的 ${name}`,
  checkedKept: (minutes: number) => `检查过的文件会保留 ${minutes} 分钟，确认导入时不必再选一次。`,
  uploadGone: '检查过的文件已不在（只保留一段时间，且只在检查它的服务器上）。请重新上传。',
  orAnother: '或者上传另一个文件：',
  tookDown: (pattern: string, removed: number, title: string) =>
    `已下架 ${pattern}${title ? `（《${title}》）` : ''}，删除了 ${removed} 条。`,
  exactWouldRemove: (count: number) =>
    count === 0 ? '目录中没有这个链接；下架后以后的导入也会拒绝它。' : `下架会删除这个条目（${count} 条）。`,
  entryTitle: '条目',
};

type EntriesTextShape = { [K in keyof typeof zh]: (typeof zh)[K] };

const en: EntriesTextShape = {
  filters: 'Filters',
  anyType: 'Every type',
  provider: 'Provider',
  anyProvider: 'Every provider',
  source: 'Source channel',
  anySource: 'Every source',
  noSource: 'Not from a channel (import, upstream, console)',
  verdict: 'Link verdict',
  anyVerdict: 'Every verdict',
  hidden: 'Hidden',
  anyHidden: 'Hidden or not',
  hiddenOnly: 'Hidden only',
  hiddenNone: 'Not hidden only',
  apply: 'Filter',
  showing: (from, to, total) => `${from}–${to} of ${total}.`,
  previous: 'Previous page',
  next: 'Next page',
  pages: 'Pages',
  nothingAsked: 'Type a keyword or a link, or choose a filter.',
  applyChecked: (name) => `Import ${name}, as checked`,
  checkedKept: (minutes) => `The checked file is kept for ${minutes} minutes, so you need not choose it again.`,
  uploadGone: 'The checked file is gone (it is kept a short while, on the server that checked it). Upload it again.',
  orAnother: 'Or upload another file:',
  tookDown: (pattern, removed, title) => `Took down ${pattern}${title ? ` (“${title}”)` : ''}; ${removed} removed.`,
  exactWouldRemove: (count) =>
    count === 0
      ? 'The catalogue does not hold this link; once taken down, later imports refuse it too.'
      : `The takedown removes this entry (${count}).`,
  entryTitle: 'Entry',
};

export type EntriesText = EntriesTextShape;
export const ENTRIES_TEXT: Record<Language, EntriesText> = { zh, en };
