/** TypeBox schemas of the catalogue endpoints: what validates requests and serializes responses. */
import { Type } from 'typebox';
import { errorResponses, SuccessEnvelope } from '../http/envelope.js';
import { operationDocs } from '../http/operation-docs.js';
import { CONTENT_TYPES } from '../shared/content-types.js';

export const ContentItem = Type.Object({
  title: Type.String(),
  source_link: Type.String(),
  type: Type.String({ enum: [...CONTENT_TYPES] }),
  update_time: Type.String({ description: 'local time in CATALOGUE_TZ, YYYY-MM-DD HH:MM:SS' }),
});

const Paged = {
  items: Type.Array(ContentItem),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
  total_pages: Type.Integer(),
};

/** Every successful catalogue GET carries an ETag; a matching If-None-Match gets this (docs/lifecycle.md). */
const notModified = {
  304: Type.Null({ description: 'Not Modified: If-None-Match matched the ETag (the catalogue revision and the request); no body' }),
};

const param = (description: string) => Type.Optional(Type.String({ description }));
const pageParams = {
  page: param(
    '1 to 1000, default 1; a page past 1000 is refused even when total_pages is larger: read a whole type with /api/contents/{type}/all',
  ),
  limit: param('1 to 100, default 20'),
};
// Presence is what counts, so a repeated `today` (`?today&today`) is as good as one.
const todayParam = Type.Optional(
  Type.Union([Type.String(), Type.Array(Type.String())], {
    description: 'presence alone selects entries updated today (any value, the bare flag, or repeated)',
  }),
);
const keywordParam = (description: string) => Type.String({ description });

export const TypePath = Type.Object({
  content_type: Type.String({ description: `one of ${CONTENT_TYPES.join(', ')}; the legacy alias baidu means extsrc` }),
});

export const listAllSchema = {
  ...operationDocs(
    'contents',
    { zh: '全部资源列表（最新在前，分页）', en: 'All entries, newest first, a page at a time' },
    { zh: '`today` 出现即只列今天更新的资源。', en: 'With `today` present, only entries updated today.' },
  ),
  querystring: Type.Object({ ...pageParams, today: todayParam }),
  response: { 200: SuccessEnvelope(Type.Object(Paged)), ...notModified, ...errorResponses },
};

export const listTypeSchema = {
  ...operationDocs(
    'contents',
    { zh: '某一类型的资源列表（最新在前，分页）', en: 'Entries of one type, newest first, a page at a time' },
    {
      zh: '给出 `keyword` 时在该类型内搜索（与 /api/search 相同的相关度顺序）；`today` 出现即只列今天更新的资源。',
      en: 'With a `keyword`, searches within the type (the order of /api/search); with `today` present, only entries updated today.',
    },
  ),
  params: TypePath,
  querystring: Type.Object({
    ...pageParams,
    keyword: Type.Optional(keywordParam('1 to 100 characters, none of < > " \' & ; ( ) { } [ ]')),
    today: todayParam,
  }),
  response: {
    200: SuccessEnvelope(
      Type.Object({
        ...Paged,
        content_type: Type.String(),
        keyword: Type.Optional(Type.String()),
        today: Type.Optional(Type.Literal(true)),
      }),
    ),
    ...notModified,
    ...errorResponses,
  },
};

export const dumpSchema = {
  ...operationDocs(
    'contents',
    { zh: '某一类型的全部资源（全量导出）', en: 'Every entry of one type (full dump)' },
    {
      zh: '每个地址（或密钥）每 60 秒只能请求一次 /all，不分类型；超出得到 429 与 `retry_after`。不接受 `today`（400）。',
      en: 'One `/all` request per 60 s per address (or key), whatever the type; beyond that a 429 with `retry_after`. `today` is refused (400).',
    },
  ),
  params: TypePath,
  response: {
    200: SuccessEnvelope(
      Type.Object({
        items: Type.Array(ContentItem),
        total: Type.Integer(),
        content_type: Type.String(),
        is_all_data: Type.Literal(true),
      }),
    ),
    ...notModified,
    ...errorResponses,
  },
};

export const typesSchema = {
  ...operationDocs('contents', { zh: '支持的资源类型及说明', en: 'The supported types and what each holds' }),
  response: {
    200: SuccessEnvelope(
      Type.Object({
        supported_types: Type.Record(Type.String(), Type.Object({ name: Type.String(), description: Type.String() })),
        total_types: Type.Integer(),
      }),
    ),
    ...notModified,
    ...errorResponses,
  },
};

export const searchSchema = {
  ...operationDocs(
    'search',
    { zh: '按关键词搜索（相关度排序，分页）', en: 'Search by keyword, by relevance, a page at a time' },
    {
      zh: '支持繁简、全半角、拼音全拼与首字母；多个词用空格分隔；`today` 出现即只搜今天更新的资源。',
      en: 'Matches across traditional/simplified and full/half width, full pinyin and initials; several terms separated by spaces; with `today` present, only entries updated today.',
    },
  ),
  querystring: Type.Object({
    keyword: keywordParam('1 to 100 characters, none of < > " \' & ; ( ) { } [ ]'),
    content_type: param(`optional filter: one of ${CONTENT_TYPES.join(', ')}`),
    ...pageParams,
    today: todayParam,
  }),
  response: {
    200: SuccessEnvelope(
      Type.Object({ ...Paged, keyword: Type.String(), content_type: Type.String(), today: Type.Optional(Type.Literal(true)) }),
    ),
    ...notModified,
    ...errorResponses,
  },
};
