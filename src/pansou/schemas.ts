/**
 * The PanSou interface's shapes as TypeBox schemas (docs/pansou.md): what its OpenAPI document publishes
 * and what the contract test holds the answers to. Requests are read by hand (search-request.ts,
 * routes.ts) because PanSou's rules are looser than a schema's: `cloud_types` as an array or a comma list,
 * `filter` as an object or JSON text, and any value at all in the fields only a live search reads.
 */
import { Type } from 'typebox';
import { DRIVE_TYPES } from './drive-types.js';
import { LIMIT_MAX, RESULT_SHAPES } from './search-request.js';

const Text = (description: string) => Type.String({ description });
const Ignored = Type.Unknown({ description: 'accepted and ignored: it steers PanSou’s live search, which dramadex does not run' });

export const SearchBody = Type.Object(
  {
    kw: Type.String({ description: 'keyword, 1–100 characters after trimming; < > " \' & ; ( ) { } [ ] read as spaces' }),
    res: Type.Optional(
      Type.Union(
        RESULT_SHAPES.map((shape) => Type.Literal(shape)),
        { default: 'merge' },
      ),
    ),
    cloud_types: Type.Optional(
      Type.Union([Type.Array(Type.String()), Type.String()], {
        description: `drive types (${DRIVE_TYPES.join(', ')}), an array or a comma list`,
      }),
    ),
    filter: Type.Optional(
      Type.Union(
        [
          Type.Object({ include: Type.Optional(Type.Array(Type.String())), exclude: Type.Optional(Type.Array(Type.String())) }),
          Type.String(),
        ],
        {
          description: 'title words, case-insensitive: any of `include` (when given) and none of `exclude`; an object or JSON text',
        },
      ),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMIT_MAX, description: 'links in all; default PANSOU_MAX_RESULTS (200)' })),
    channels: Type.Optional(Ignored),
    plugins: Type.Optional(Ignored),
    src: Type.Optional(Ignored),
    conc: Type.Optional(Ignored),
    refresh: Type.Optional(Ignored),
    ext: Type.Optional(Ignored),
  },
  { additionalProperties: true },
);

export const SearchQuery = Type.Object({
  kw: Type.String(),
  res: Type.Optional(Type.String()),
  cloud_types: Type.Optional(Type.String({ description: 'comma-separated drive types' })),
  filter: Type.Optional(Type.String({ description: 'JSON text {"include": [...], "exclude": [...]}' })),
  limit: Type.Optional(Type.String({ description: 'an integer from 1 to 1000' })),
});

const MergedLink = Type.Object({
  url: Type.String(),
  password: Type.String(),
  note: Type.String(),
  datetime: Type.String({ format: 'date-time' }),
  source: Text('tg:<channel> for an entry a Telegram source brought in, plugin:dramadex otherwise'),
  images: Type.Array(Type.String()),
});

const ResultLink = Type.Object({
  type: Type.Union(DRIVE_TYPES.map((type) => Type.Literal(type))),
  url: Type.String(),
  password: Type.String(),
  datetime: Type.String({ format: 'date-time' }),
  work_title: Type.String(),
});

const SearchResult = Type.Object({
  message_id: Text('the entry’s stable id'),
  unique_id: Text('the entry’s stable id'),
  channel: Text('the source the entry came from: a Telegram channel, an upstream’s name, or dramadex'),
  datetime: Type.String({ format: 'date-time' }),
  title: Type.String(),
  content: Type.String(),
  links: Type.Array(ResultLink),
  tags: Type.Array(Type.String()),
  images: Type.Array(Type.String()),
});

export const SearchAnswer = Type.Object({
  code: Type.Literal(0),
  message: Type.Literal('success'),
  data: Type.Object({
    total: Type.Integer({ description: 'every matching link before `limit`' }),
    results: Type.Optional(Type.Array(SearchResult)),
    merged_by_type: Type.Optional(Type.Record(Type.String(), Type.Array(MergedLink))),
  }),
});

export const HealthAnswer = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  auth_enabled: Type.Boolean(),
  plugins_enabled: Type.Boolean(),
  plugin_count: Type.Integer(),
  plugins: Type.Array(Type.String()),
  channels_count: Type.Integer(),
  channels: Type.Array(Type.String()),
});

export const CheckBody = Type.Object({
  items: Type.Array(Type.Object({ disk_type: Type.Optional(Type.String()), url: Type.String(), password: Type.Optional(Type.String()) }), {
    minItems: 1,
    maxItems: 50,
  }),
  view_token: Type.Optional(Type.String()),
});

export const CheckAnswer = Type.Object({
  results: Type.Array(
    Type.Object({
      disk_type: Type.String(),
      url: Type.String(),
      normalized_url: Type.String(),
      state: Type.Union(['ok', 'bad', 'locked', 'unsupported', 'uncertain'].map((state) => Type.Literal(state))),
      cache_hit: Type.Boolean(),
      checked_at: Type.Integer({ description: 'ms since the epoch; 0 when never checked' }),
      expires_at: Type.Integer({ description: 'ms since the epoch when the link is due again; 0 when unknown' }),
      summary: Type.String(),
    }),
  ),
});

export const PansouErrorBody = Type.Object({ code: Type.Integer(), message: Type.String() });
