/**
 * Parsing of the common query parameters (docs/interface.md, docs/decisions.md "Catalogue"). A JSON-schema
 * validator lets through what clients really send wrong (`page=1e3`, `page=Infinity`, `page=`,
 * `limit=5&limit=6`), so each rule is checked here, and every failure is a 400 that names the
 * parameter and its range.
 */
import { badRequest, type Localized } from '../http/errors.js';
import { CONTENT_TYPES, type ContentType, resolveContentType } from '../shared/content-types.js';

export const PAGE_MAX = 1000;
export const LIMIT_MAX = 100;
export const KEYWORD_MAX = 100;
/** What the API refuses in a keyword (docs/interface.md); the web page drops them instead (web/web-keyword.ts). */
export const FORBIDDEN_KEYWORD_CHARACTERS = /[<>"'&;(){}[\]]/;

export const PARAMETER_RULES: Record<string, Localized> = {
  page: { zh: `1 到 ${PAGE_MAX} 之间的整数`, en: `an integer from 1 to ${PAGE_MAX}` },
  limit: { zh: `1 到 ${LIMIT_MAX} 之间的整数`, en: `an integer from 1 to ${LIMIT_MAX}` },
  keyword: {
    zh: `1 到 ${KEYWORD_MAX} 个字符，且不含 < > " ' & ; ( ) { } [ ]`,
    en: `1 to ${KEYWORD_MAX} characters without any of < > " ' & ; ( ) { } [ ]`,
  },
  content_type: { zh: `以下之一：${CONTENT_TYPES.join(', ')}`, en: `one of ${CONTENT_TYPES.join(', ')}` },
  today: { zh: '任意值（出现即表示只看今天）', en: 'any value (its presence selects today)' },
};

type QueryValue = string | string[] | undefined;

function single(name: string, value: QueryValue): string | undefined {
  if (Array.isArray(value)) throw invalid(name, { zh: '参数重复', en: 'given more than once' });
  return value;
}

function invalid(name: string, problem: Localized): ReturnType<typeof badRequest> {
  const rule = PARAMETER_RULES[name];
  return badRequest({
    zh: `参数 ${name} 无效：${problem.zh}；应为${rule?.zh ?? ''}`,
    en: `Parameter ${name} is invalid: ${problem.en}; expected ${rule?.en ?? ''}`,
  });
}

function integerIn(name: string, value: QueryValue, max: number, fallback: number): number {
  const text = single(name, value);
  if (text === undefined) return fallback;
  // Plain decimal digits, or a minus and digits (an integer, out of range): rejects '', ' 1', '1.0', '1e3',
  // '0x10', 'Infinity' as not integers.
  if (!/^-?\d{1,7}$/.test(text)) throw invalid(name, { zh: `"${text}" 不是整数`, en: `"${text}" is not an integer` });
  const number = Number(text);
  if (name === 'page' && number > max) throw pastLastServedPage(text);
  if (number < 1 || number > max) throw invalid(name, { zh: `${text} 超出范围`, en: `${text} is out of range` });
  return number;
}

/**
 * Pages stop at PAGE_MAX whatever `total_pages` says (`?limit=2` over 3,400 entries counts 1,700 pages):
 * the refusal says so and names the way to read everything, a type's full dump.
 */
function pastLastServedPage(text: string): ReturnType<typeof badRequest> {
  return badRequest(
    {
      zh: `参数 page 无效：${text} 超出范围；应为1 到 ${PAGE_MAX} 之间的整数（即使 total_pages 更大，也只提供前 ${PAGE_MAX} 页）`,
      en: `Parameter page is invalid: ${text} is out of range; use an integer from 1 to ${PAGE_MAX} (only the first ${PAGE_MAX} pages are served, even when total_pages is larger)`,
    },
    {
      zh: '要读取某一类型的全部资源，请使用 /api/contents/{type}/all（每分钟 1 次）',
      en: 'To read every entry of a type, use /api/contents/{type}/all (once a minute)',
    },
  );
}

/**
 * `today` belongs to the paged lists and search; a full dump is every entry of its type by definition, and
 * a client that asked for today's would otherwise take the whole type for today's (docs/interface.md).
 */
export function refuseToday(query: Record<string, unknown>): void {
  if (!hasToday(query)) return;
  throw badRequest(
    {
      zh: '参数 today 不适用于 /all：全量导出总是包含该类型的全部资源',
      en: 'Parameter today does not apply to /all: a full dump holds every entry of its type',
    },
    {
      zh: '只看今天更新的资源，请使用 /api/contents/{type}?today',
      en: "For today's entries, use /api/contents/{type}?today",
    },
  );
}

export interface Paging {
  page: number;
  limit: number;
  offset: number;
}

export function parsePaging(query: { page?: QueryValue; limit?: QueryValue }): Paging {
  const page = integerIn('page', query.page, PAGE_MAX, 1);
  const limit = integerIn('limit', query.limit, LIMIT_MAX, 20);
  return { page, limit, offset: (page - 1) * limit };
}

/** The keyword after NFKC normalisation and trimming, so a full-width `＜` counts as `<`. */
export function parseKeyword(value: QueryValue, required: boolean): string | undefined {
  const raw = single('keyword', value);
  if (raw === undefined) {
    if (required) throw invalid('keyword', { zh: '缺少关键词', en: 'it is required' });
    return undefined;
  }
  const keyword = raw.normalize('NFKC').trim();
  if (keyword.length === 0) throw invalid('keyword', { zh: '关键词为空', en: 'it is empty' });
  // Counted in code points; a string of at most KEYWORD_MAX UTF-16 units has no more, so most skip the count.
  if (keyword.length > KEYWORD_MAX && [...keyword].length > KEYWORD_MAX) {
    throw invalid('keyword', { zh: `超过 ${KEYWORD_MAX} 个字符`, en: `longer than ${KEYWORD_MAX} characters` });
  }
  const forbidden = FORBIDDEN_KEYWORD_CHARACTERS.exec(keyword);
  if (forbidden) {
    throw invalid('keyword', { zh: `含有禁止字符 ${forbidden[0]}`, en: `contains the forbidden character ${forbidden[0]}` });
  }
  return keyword;
}

export function parseContentType(value: QueryValue): ContentType {
  const text = single('content_type', value) ?? '';
  const type = resolveContentType(text);
  const shown = text.length > 40 ? `${text.slice(0, 37)}...` : text;
  if (!type) throw invalid('content_type', { zh: `未知类型 "${shown}"`, en: `unknown type "${shown}"` });
  return type;
}

export function parseOptionalContentType(value: QueryValue): ContentType | undefined {
  return value === undefined ? undefined : parseContentType(value);
}

/** `today` selects today's entries by its presence alone: `?today`, `?today=`, `?today=0` all count. */
export function hasToday(query: Record<string, unknown>): boolean {
  return Object.hasOwn(query, 'today');
}
