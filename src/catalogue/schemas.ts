/** TypeBox schemas of the catalogue endpoints: what validates requests and serializes responses. */
import { Type } from 'typebox';
import { errorResponses, SuccessEnvelope } from '../http/envelope.js';
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
  page: param('1 to 1000, default 1'),
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
  querystring: Type.Object({ ...pageParams, today: todayParam }),
  response: { 200: SuccessEnvelope(Type.Object(Paged)), ...notModified, ...errorResponses },
};

export const listTypeSchema = {
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
  querystring: Type.Object({
    keyword: Type.Optional(keywordParam('required; 1 to 100 characters, none of < > " \' & ; ( ) { } [ ]')),
    content_type: param(`optional filter: one of ${CONTENT_TYPES.join(', ')}`),
    ...pageParams,
  }),
  response: {
    200: SuccessEnvelope(Type.Object({ ...Paged, keyword: Type.String(), content_type: Type.String() })),
    ...notModified,
    ...errorResponses,
  },
};
