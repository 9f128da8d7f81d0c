/**
 * The web page's routes on the catalogue address (docs/web.md): home, today,
 * a page per type, search, the ranking boards, "use the API", the language switch and the static
 * files. Each handler parses the request with the API's own parsers (so a bad `page` is the same 400),
 * builds the page's data in-process (page-models.ts) and renders a template; errors are thrown and the
 * central handler answers a browser with an HTML page. Hidden from the OpenAPI document: not the API.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RankingBoards } from '../boards/ranking-boards.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import { parseContentType, parseKeyword, parsePaging } from '../catalogue/query-params.js';
import type { Config, Language } from '../config/config.js';
import { ApiError, notFound } from '../http/errors.js';
import { ResponseCache } from '../http/response-cache.js';
import { isBoard, RANKING_BOARDS } from '../shared/board-names.js';
import { resolveContentType } from '../shared/content-types.js';
import { type Assets, IMMUTABLE } from './assets.js';
import { feedRoutes } from './feed-routes.js';
import { addLinkNotes, addReportForms, type HealthLookup, notesEpoch } from './link-notes.js';
import { PAGE_HEADERS } from './page-headers.js';
import { isLanguage, languageCookie, pageLanguage, returnPath } from './page-language.js';
import { BOARD_PAGE_SIZE, boardSummary, type EntryView, HOME_PER_BOARD, PAGE_SIZE, pager } from './page-models.js';
import { TYPE_NAMES } from './page-text.js';
import { SearchWorks } from './search-works.js';
import type { PageTemplates } from './templates.js';
import { shorterKeyword, webKeyword } from './web-keyword.js';
import { WorkIndex } from './work-index.js';
import { WorksPages, worksRoutes } from './works-routes.js';

export interface WebRoutesOptions {
  config: Config;
  catalogue: Catalogue;
  /** The boards, or undefined when WEB_RANKINGS=off. */
  boards: RankingBoards | undefined;
  templates: PageTemplates;
  assets: Assets;
  /** The cards' link states when LINK_CHECK=on; undefined otherwise (no notes; the report form stays). */
  linkHealth?: HealthLookup | undefined;
}

type Query = Record<string, string | string[] | undefined>;
const HIDDEN = { schema: { hide: true } };

export async function webRoutes(
  app: FastifyInstance,
  { config, catalogue, boards, templates, assets, linkHealth }: WebRoutesOptions,
): Promise<void> {
  const languageOf = (request: FastifyRequest): Language => pageLanguage(request.headers, config.language);
  const send = (reply: FastifyReply, html: string | Buffer, status = 200) => reply.code(status).headers(PAGE_HEADERS).send(html);
  // Like the API's answers, a list or search page depends only on the catalogue's version, its language
  // and its URL (and the day, for today's list), so repeated pages are ready bytes until the next import.
  // Its own cache, as large as the API's (RESPONSE_CACHE_MB). Pages with boards are built each time.
  const pages = new ResponseCache(config.responseCacheMb * 1024 * 1024, undefined, String);
  // With link checks on, a kept page carries its cards' link notes, rebuilt at least every 10 minutes.
  const cached = async (reply: FastifyReply, key: string, build: () => Promise<string>) => {
    const version = catalogue.version;
    const noted = linkHealth ? `${key}|${notesEpoch(Date.now())}` : key;
    const ready = pages.lookup(version, noted);
    return send(reply, ready ? ready.body : pages.keep(version, noted, await build()).body);
  };
  const noted = async (lists: EntryView[][], language: Language) => {
    if (linkHealth) await addLinkNotes(lists, linkHealth, language, config.catalogueTimeZone);
    else addReportForms(lists);
  };
  const works = new WorksPages(catalogue, new WorkIndex(catalogue), templates, noted, linkHealth !== undefined);
  const searchWorks = new SearchWorks(catalogue, works.index);

  app.get('/', HIDDEN, async (request, reply) => {
    const language = languageOf(request);
    const views = boards ? await Promise.all(RANKING_BOARDS.map((board) => boards.view(board))) : [];
    const summaries = views.filter((view) => view.records.length > 0).map((view) => boardSummary(view, language, HOME_PER_BOARD));
    const t = templates.text(language);
    const home = await works.home(language);
    return send(reply, templates.render('home', language, { pageTitle: t.home, path: request.url }, { home, boards: summaries }));
  });

  app.get('/today', HIDDEN, async (request, reply) => {
    const language = languageOf(request);
    const paging = parsePaging({ page: (request.query as Query).page });
    const day = catalogue.clock.today();
    const drives = works.drives(request, reply, language, '/today');
    return cached(reply, `today|${day.start}|${language}|${request.url}|${drives.key}`, async () => {
      const t = templates.text(language);
      const found = works.index.group(catalogue.listSlots({ day }, 0, Number.MAX_SAFE_INTEGER).slots, drives.choice.codes);
      const cards = await works.cards(found.slice(paging.offset, paging.offset + PAGE_SIZE), language, drives.choice.codes);
      const data = { heading: t.today, total: found.length, works: cards, emptyText: t.todayEmpty, drives: drives.form };
      const listPager = pager('/today', drives.query, paging.page, found.length, PAGE_SIZE);
      return templates.render(
        'list',
        language,
        { pageTitle: t.today, path: request.url, feed: { path: '/feeds/today', query: '' } },
        { ...data, pager: listPager },
      );
    });
  });

  app.get('/types/:type', HIDDEN, async (request, reply) => {
    const type = resolveContentType((request.params as { type: string }).type);
    if (!type) throw notFound(request.url);
    const language = languageOf(request);
    const paging = parsePaging({ page: (request.query as Query).page });
    const drives = works.drives(request, reply, language, `/types/${type}`);
    return cached(reply, `type|${language}|${request.url}|${drives.key}`, async () => {
      const list = works.index.list(type, drives.choice.codes, paging.offset, PAGE_SIZE);
      const heading = TYPE_NAMES[language][type];
      const listPager = pager(`/types/${type}`, drives.query, paging.page, list.total, PAGE_SIZE);
      const cards = await works.cards(list.works, language, drives.choice.codes);
      const data = { heading, total: list.total, works: cards, pager: listPager, drives: drives.form };
      return templates.render(
        'list',
        language,
        { pageTitle: heading, path: request.url, feed: { path: `/feeds/${type}`, query: '' } },
        data,
      );
    });
  });

  app.get('/search', HIDDEN, async (request, reply) => {
    const language = languageOf(request);
    const query = request.query as Query;
    const raw = typeof query.keyword === 'string' ? query.keyword : undefined;
    const rawType = typeof query.type === 'string' && query.type !== '' ? query.type : undefined;
    const t = templates.text(language);
    // What the API would refuse is dropped, and the page says so (web-keyword.ts); the API keeps its rule.
    const typed = raw?.trim() ? webKeyword(raw) : undefined;
    const layout = { pageTitle: t.search, path: request.url, keyword: typed?.keyword ?? raw, showTypeFilter: true, searchType: rawType };
    try {
      if (typed?.keyword === '') return send(reply, templates.render('search', language, layout, { problem: t.keywordOnlySymbols }), 400);
      const keyword = typed ? parseKeyword(typed.keyword, false) : undefined;
      const type = rawType === undefined ? undefined : parseContentType(rawType);
      const paging = parsePaging({ page: query.page });
      if (keyword === undefined) return send(reply, templates.render('search', language, layout, { keyword }));
      const drives = works.drives(request, reply, language, '/search', { keyword, type });
      const key = `search|${language}|${request.url}|${drives.key}${linkHealth ? `|${notesEpoch(Date.now())}` : ''}`;
      const version = catalogue.version;
      // A new search is answered by the search worker (catalogue.ts); a repeated one is ready bytes.
      const ready = pages.lookup(version, key);
      if (ready) return send(reply, ready.body);
      // Every match, grouped: the count and the pages are of works (work-index.ts), kept per search (search-works.ts).
      const found = await searchWorks.find(keyword, type, drives.choice.codes, drives.key);
      const shorter = found.length === 0 ? shorterKeyword(keyword) : undefined;
      const cards = await works.cards(found.slice(paging.offset, paging.offset + PAGE_SIZE), language, drives.choice.codes, keyword);
      const data = {
        keyword,
        adjustedFrom: typed?.adjusted ? raw?.trim() : undefined,
        total: found.length,
        works: cards,
        drives: drives.form,
        pager: pager('/search', { keyword, type, ...drives.query }, paging.page, found.length, PAGE_SIZE),
        help:
          found.length === 0
            ? {
                allTypes: type === undefined ? undefined : `/search?${new URLSearchParams({ keyword })}`,
                shorter:
                  shorter === undefined
                    ? undefined
                    : { keyword: shorter, href: `/search?${new URLSearchParams({ keyword: shorter, ...(type ? { type } : {}) })}` },
              }
            : undefined,
      };
      const feed = { path: '/feeds/search', query: `?${new URLSearchParams({ keyword })}` };
      return send(reply, pages.keep(version, key, templates.render('search', language, { ...layout, keyword, feed }, data)).body);
    } catch (error) {
      // A bad keyword is the visitor's typing: show it beside the form, as the page it is.
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      return send(reply, templates.render('search', language, layout, { problem: error.init.error[language] }), 400);
    }
  });

  if (boards) {
    app.get('/boards/:board', HIDDEN, async (request, reply) => {
      const board = (request.params as { board: string }).board;
      if (!isBoard(board)) throw notFound(request.url);
      const language = languageOf(request);
      const paging = parsePaging({ page: (request.query as Query).page });
      const view = await boards.view(board);
      const summary = boardSummary({ ...view, records: view.records.slice(paging.offset) }, language, BOARD_PAGE_SIZE);
      const data = { board: summary, pager: pager(`/boards/${board}`, {}, paging.page, view.records.length, BOARD_PAGE_SIZE) };
      return send(reply, templates.render('board', language, { pageTitle: summary.name, path: request.url }, data));
    });
  }

  await worksRoutes(app, { works, languageOf, send });
  await feedRoutes(app, { config, catalogue, templates, languageOf });

  app.get('/use-the-api', HIDDEN, async (request, reply) => {
    const language = languageOf(request);
    const t = templates.text(language);
    const origin = `${request.protocol}://${request.host}`;
    return send(reply, templates.render('guide', language, { pageTitle: t.api, path: request.url }, { origin }));
  });

  app.get('/language/:language', HIDDEN, async (request, reply) => {
    const language = (request.params as { language: string }).language;
    if (!isLanguage(language)) throw notFound(request.url);
    const next = returnPath((request.query as Query).next);
    return reply.code(303).header('set-cookie', languageCookie(language)).header('cache-control', 'no-store').redirect(next, 303);
  });

  app.get('/assets/:file', HIDDEN, async (request, reply) => {
    const asset = assets.get((request.params as { file: string }).file);
    if (!asset) throw notFound(request.url);
    reply.header('cache-control', IMMUTABLE).header('etag', asset.etag).header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.contentType).send(asset.body);
  });
}
