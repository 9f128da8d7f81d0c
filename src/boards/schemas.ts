/** TypeBox schemas of the ranking endpoints (docs/decisions.md, "Ranking service"): records, `data`, queries. */
import { Type } from 'typebox';
import { errorResponses, SuccessEnvelope } from '../http/envelope.js';
import { operationDocs } from '../http/operation-docs.js';
import { BEARER_SECURITY } from './openapi.js';

const HotChange = Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('same'), Type.Literal('new')], {
  description: 'movement against the previous snapshot of the board',
});
const UpdatedAt = Type.String({ description: "the board snapshot's time, YYYY-MM-DD HH:MM:SS in CATALOGUE_TZ" });

export const DramaRecordSchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  title: Type.String(),
  hot_score: Type.Integer(),
  hot_change: HotChange,
  tag: Type.String(),
  cover: Type.String({ description: 'URL or empty' }),
  description: Type.String(),
  category: Type.String({ description: 'the board name' }),
  genres: Type.Array(Type.String()),
  actors: Type.Array(Type.String()),
  url: Type.String({ description: 'URL or empty' }),
  updated_at: UpdatedAt,
});

export const ActorRecordSchema = Type.Object({
  rank: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  gender: Type.Union([Type.Literal('female'), Type.Literal('male'), Type.Literal('unknown')]),
  hot_score: Type.Integer(),
  hot_change: HotChange,
  avatar: Type.String({ description: 'URL or empty' }),
  works: Type.Array(Type.String()),
  url: Type.String({ description: 'URL or empty' }),
  updated_at: UpdatedAt,
});

const boardData = {
  total: Type.Integer({ description: 'how many records the board (or gender view) holds' }),
  board: Type.String(),
  updated_at: Type.String({ description: "the snapshot's time; empty while the board has no snapshot" }),
};

export const dramaBoardSchema = {
  ...operationDocs('boards', { zh: '热门短剧榜（整榜）', en: 'The hot short-drama board, whole' }),
  security: BEARER_SECURITY,
  response: { 200: SuccessEnvelope(Type.Object({ items: Type.Array(DramaRecordSchema), ...boardData })), ...errorResponses },
};

export const actorBoardSchema = {
  ...operationDocs(
    'boards',
    { zh: '热门演员榜（整榜；/female、/male 按性别）', en: 'The hot actor board, whole (/female, /male by gender)' },
    {
      zh: '/female 与 /male 为按性别筛选后重新排名（1..n）的演员榜。',
      en: '/female and /male are the actor board filtered by gender and re-ranked 1..n.',
    },
  ),
  security: BEARER_SECURITY,
  response: { 200: SuccessEnvelope(Type.Object({ items: Type.Array(ActorRecordSchema), ...boardData })), ...errorResponses },
};

export const hotListSchema = {
  ...operationDocs('hot-lists', {
    zh: '电视剧、电影、综艺、动漫等热榜（前 hit 条）',
    en: 'A hot list (drama, movie, tv, anime, variety): the first `hit` entries',
  }),
  security: BEARER_SECURITY,
  querystring: Type.Object({
    start: Type.Optional(Type.String({ description: 'must be 1 (the only starting page)' })),
    hit: Type.Optional(Type.String({ description: 'entries wanted: a positive integer up to RANKING_HIT_MAX, default 20' })),
  }),
  response: {
    200: SuccessEnvelope(Type.Object({ items: Type.Array(DramaRecordSchema), ...boardData, start: Type.Integer(), hit: Type.Integer() })),
    ...errorResponses,
  },
};
