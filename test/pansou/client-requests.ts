/**
 * The requests real PanSou clients send, read from their code (our own words and values; only the field
 * names and shapes are theirs), so the PanSou interface is tested against what reaches it in the field:
 *
 * - tg-pansou-bot (Tumblr-code/tg-pansou-bot, src/pansou_client.py): `POST /api/search` with
 *   `{"kw", "res": "merge", "src": "all"}` plus `channels`, `plugins`, `cloud_types` (array) and `filter`
 *   (`{"include": [...], "exclude": [...]}`) when configured; the token as `Authorization: Bearer`;
 *   `GET /api/health` answered 200 means up; reads `data.merged_by_type` and `data.total`.
 * - AstrBot plugin (Foolllll-J/astrbot_plugin_pansou, core/pansou_client.py and core/search_handler.py):
 *   `POST /api/search` with `{"kw", "src", "res": "all", "refresh": <bool>, "cloud_types": [...]}`, reads
 *   `data.results[].links[]`; then `POST /api/check/links` with `{"items": [{"disk_type", "url",
 *   "password"}]}` for the links of types it checks, and reads `results[].url` and `.state`; on a 401 it
 *   tries `POST /api/auth/login`.
 * - TVBox-style source (DevCoz/vod-source, js/pansou.js): `POST /api/search` with `{"kw", "filter":
 *   {"include", "exclude"}, "cloud_types": [...]}` and a Bearer token when set; reads
 *   `data.merged_by_type`.
 * - GET clients, as PanSou's README (fish2018/pansou, README.md) documents them and web front-ends and
 *   JS spiders send them: `GET /api/search?kw=…&channels=a,b&conc=2&refresh=true&res=merge&src=tg&ext={…}`.
 */

export const TG_PANSOU_BOT_SEARCH = {
  kw: '逆袭',
  res: 'merge',
  src: 'all',
  channels: ['tgsearchers3', 'Quark_Movies'],
  plugins: ['jikepan'],
  cloud_types: ['quark', 'baidu'],
  filter: { include: [], exclude: ['预告'] },
};

export const ASTRBOT_SEARCH = { kw: '逆袭', src: 'all', res: 'all', refresh: false, cloud_types: ['quark', 'tianyi', '115'] };

/** The AstrBot plugin's set of types it asks `check/links` about (core/search_handler.py). */
export const ASTRBOT_CHECKABLE = new Set(['baidu', 'aliyun', 'quark', 'tianyi', 'uc', 'mobile', '115', 'xunlei', '123']);

export const TVBOX_SOURCE_SEARCH = {
  kw: '逆袭',
  filter: { include: ['全集', '完结'], exclude: ['枪版', '预告'] },
  cloud_types: ['aliyun', 'quark', 'uc'],
};

export const README_GET_SEARCH = `/api/search?kw=${encodeURIComponent('逆袭')}&channels=tgsearchers2,xxx&conc=2&refresh=true&res=merge&src=tg&ext=${encodeURIComponent('{"title_en":"Comeback","is_all":true}')}`;
