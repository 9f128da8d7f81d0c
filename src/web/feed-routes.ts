/**
 * RSS 2.0 and Atom 1.0 feeds (docs/web.md, "Feeds"): `/feeds/latest`, `/feeds/today`, `/feeds/<type>` and
 * `/feeds/search?keyword=…`, each as `.xml` (RSS) and `.atom`, all taking `?drive=`. Written by Eta
 * templates whose every `<%= %>` is XML-escaped (views/feed-*.eta), never by joining strings. A reader
 * revalidates with `If-None-Match` (a hash of the body) or `If-Modified-Since` (the newest item) and gets a
 * 304. Feeds count on the page's budget, never the API's (docs/web.md, "Its own budget").
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { ContentItem } from '../catalogue/catalogue-view.js';
import { parseKeyword } from '../catalogue/query-params.js';
import type { Config, Language } from '../config/config.js';
import { notFound } from '../http/errors.js';
import { CONTENT_TYPES, type ContentType, resolveContentType } from '../shared/content-types.js';
import { driveChoice } from './drive-filter.js';
import { feedItems, listedItems, searchedItems } from './feed-items.js';
import { TYPE_NAMES } from './page-text.js';
import type { PageTemplates } from './templates.js';

const FORMATS = {
  xml: { view: 'feed-rss', type: 'application/rss+xml; charset=utf-8' },
  atom: { view: 'feed-atom', type: 'application/atom+xml; charset=utf-8' },
};
type Format = keyof typeof FORMATS;

export async function feedRoutes(
  app: FastifyInstance,
  {
    config,
    catalogue,
    templates,
    languageOf,
  }: { config: Config; catalogue: Catalogue; templates: PageTemplates; languageOf: (request: FastifyRequest) => Language },
): Promise<void> {
  app.get('/feeds/:file', { schema: { hide: true } }, async (request, reply) => {
    const match = /^([a-z0-9-]+)\.(xml|atom)$/.exec((request.params as { file: string }).file);
    if (!match) throw notFound(request.url);
    const [, name, format] = match as unknown as [string, string, Format];
    const query = request.query as Record<string, unknown>;
    const language = languageOf(request);
    const t = templates.text(language);
    const chosen = driveChoice(query, undefined).names;
    const drives = chosen.length > 0 ? new Set(chosen) : undefined;
    let items: ContentItem[];
    let feedTitle: string;
    let pagePath: string;
    if (name === 'search') {
      const keyword = parseKeyword(typeof query.keyword === 'string' ? query.keyword : undefined, true) as string;
      items = await searchedItems(catalogue, keyword, drives);
      feedTitle = t.feedSearch(keyword);
      pagePath = `/search?${new URLSearchParams({ keyword })}`;
    } else if (name === 'latest' || name === 'today') {
      items = listedItems(catalogue, name === 'today' ? { day: catalogue.clock.today() } : {}, drives);
      feedTitle = name === 'today' ? t.today : t.latest;
      pagePath = name === 'today' ? '/today' : '/';
    } else {
      const type = resolveContentType(name) as ContentType | undefined;
      if (!type || !CONTENT_TYPES.includes(type)) throw notFound(request.url);
      items = listedItems(catalogue, { type }, drives);
      feedTitle = TYPE_NAMES[language][type];
      pagePath = `/types/${type}`;
    }
    const feed = feedItems(items, language, config.catalogueTimeZone);
    const origin = `${request.protocol}://${request.host}`;
    const body = templates.render(
      FORMATS[format].view,
      language,
      { pageTitle: feedTitle, path: request.url },
      {
        feedTitle,
        origin,
        pagePath,
        selfPath: request.url,
        items: feed,
      },
    );
    return sendFeed(request, reply, body, FORMATS[format].type, Math.max(0, ...feed.map((item) => item.instant)));
  });
}

function sendFeed(request: FastifyRequest, reply: FastifyReply, body: string, contentType: string, newest: number): FastifyReply {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const lastModified = new Date(newest).toUTCString();
  reply.headers({
    etag,
    'last-modified': lastModified,
    'cache-control': 'no-cache',
    vary: 'Accept-Language, Cookie',
    'x-content-type-options': 'nosniff',
  });
  const match = request.headers['if-none-match'];
  const since = request.headers['if-modified-since'];
  const unchanged =
    match !== undefined
      ? match.split(',').some((tag) => tag.trim() === etag)
      : since !== undefined && Date.parse(since) >= Math.floor(newest / 1000) * 1000;
  if (unchanged) return reply.code(304).send();
  return reply.code(200).type(contentType).send(body);
}
