/**
 * What a PanSou client asks `{base}/api/search` for, read the same way from a POST's JSON body and a
 * GET's query string (docs/pansou.md). PanSou's clients never expect the catalogue's refusal of
 * `< > " ' & ; ( ) { } [ ]` in a keyword, so those are read as spaces here; every other rule is the
 * spec's, each failure a 400 that names the field. Fields only a live search uses (`channels`, `plugins`,
 * `src`, `conc`, `refresh`, `ext`) are never read, so no value of theirs is an error.
 */
import { FORBIDDEN_KEYWORD_CHARACTERS, KEYWORD_MAX } from '../catalogue/query-params.js';
import { badParameter } from './pansou-errors.js';

export const RESULT_SHAPES = ['merge', 'results', 'all'] as const;
export type ResultShape = (typeof RESULT_SHAPES)[number];
export const LIMIT_MAX = 1000;

export interface SearchRequest {
  keyword: string;
  shape: ResultShape;
  /** Lower-case drive type names; undefined: every type. */
  cloudTypes: Set<string> | undefined;
  /** Lower-case words; a title must hold one of `include` (when any) and none of `exclude`. */
  include: string[];
  exclude: string[];
  limit: number;
}

const FORBIDDEN = new RegExp(FORBIDDEN_KEYWORD_CHARACTERS.source, 'g');

/** `fields` is the parsed JSON body (POST) or the query (GET); `fromQuery` says which. */
export function readSearchRequest(fields: unknown, fromQuery: boolean, defaultLimit: number): SearchRequest {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw badParameter({ zh: '请求体应为 JSON 对象', en: 'The body must be a JSON object' });
  }
  const given = fields as Record<string, unknown>;
  const filter = readFilter(given.filter, fromQuery);
  return {
    keyword: readKeyword(given.kw),
    shape: readShape(given.res),
    cloudTypes: readCloudTypes(given.cloud_types),
    include: filter.include,
    exclude: filter.exclude,
    limit: readLimit(given.limit, defaultLimit),
  };
}

function readKeyword(value: unknown): string {
  if (value === undefined || value === null) throw badParameter({ zh: '缺少参数 kw', en: 'Parameter kw is required' });
  if (typeof value !== 'string') throw badParameter({ zh: '参数 kw 应为字符串', en: 'Parameter kw must be a string' });
  const keyword = value.normalize('NFKC').replace(FORBIDDEN, ' ').trim();
  if (keyword.length === 0) throw badParameter({ zh: '参数 kw 为空', en: 'Parameter kw is empty' });
  if (keyword.length > KEYWORD_MAX && [...keyword].length > KEYWORD_MAX) {
    throw badParameter({ zh: `参数 kw 超过 ${KEYWORD_MAX} 个字符`, en: `Parameter kw is longer than ${KEYWORD_MAX} characters` });
  }
  return keyword;
}

function readShape(value: unknown): ResultShape {
  if (value === undefined || value === '') return 'merge';
  if (typeof value === 'string' && (RESULT_SHAPES as readonly string[]).includes(value)) return value as ResultShape;
  throw badParameter({ zh: '参数 res 应为 merge、results 或 all', en: 'Parameter res must be merge, results or all' });
}

function readCloudTypes(value: unknown): Set<string> | undefined {
  if (value === undefined || value === null) return undefined;
  const names = typeof value === 'string' ? listed(value) : Array.isArray(value) ? value : undefined;
  if (!names || names.some((name) => typeof name !== 'string')) {
    throw badParameter({
      zh: '参数 cloud_types 应为网盘类型名的数组或逗号分隔的列表',
      en: 'Parameter cloud_types must be an array of drive type names or a comma-separated list',
    });
  }
  const wanted = new Set((names as string[]).map((name) => name.trim().toLowerCase()).filter((name) => name.length > 0));
  return wanted.size === 0 ? undefined : wanted;
}

/** A comma list, or a JSON array as text (what a client that serialises its array into a query sends). */
function listed(text: string): unknown[] | undefined {
  if (!text.trimStart().startsWith('[')) return text.split(',');
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

const BAD_FILTER = {
  zh: '参数 filter 应为 {"include": [...], "exclude": [...]} 形式的 JSON',
  en: 'Parameter filter must be JSON of the form {"include": [...], "exclude": [...]}',
};

function readFilter(value: unknown, fromQuery: boolean): { include: string[]; exclude: string[] } {
  if (value === undefined || value === null || value === '') return { include: [], exclude: [] };
  let filter = value;
  if (typeof value === 'string') {
    try {
      filter = JSON.parse(value);
    } catch {
      throw badParameter(BAD_FILTER);
    }
  } else if (fromQuery) throw badParameter(BAD_FILTER);
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) throw badParameter(BAD_FILTER);
  const { include, exclude } = filter as { include?: unknown; exclude?: unknown };
  return { include: words(include), exclude: words(exclude) };
}

function words(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((word) => typeof word !== 'string')) throw badParameter(BAD_FILTER);
  return (value as string[]).map((word) => word.normalize('NFKC').trim().toLowerCase()).filter((word) => word.length > 0);
}

function readLimit(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' && /^\d{1,7}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1 || number > LIMIT_MAX) {
    throw badParameter({
      zh: `参数 limit 应为 1 到 ${LIMIT_MAX} 之间的整数`,
      en: `Parameter limit must be an integer from 1 to ${LIMIT_MAX}`,
    });
  }
  return number;
}
