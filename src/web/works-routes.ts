/**
 * What the list, today and search pages share for works (docs/web.md, "Works" and "Drive filter"): the
 * visitor's drive choice (query, else cookie) with its chips, the cards of a page of works with their
 * link notes, working links first; and the work page, `/works/<id>`, which lists every link of one work
 * whatever the drive filter, so a shared link shows the same work to everyone.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Language } from '../config/config.js';
import { CONTENT_TYPES, type ContentType } from '../shared/content-types.js';
import { type DriveChoice, driveChips, driveChoice } from './drive-filter.js';
import { type EntryView, HOME_PER_TYPE, HOME_TODAY } from './page-models.js';
import { TYPE_NAMES } from './page-text.js';
import type { PageTemplates } from './templates.js';
import type { DriveSet, Work, WorkIndex } from './work-index.js';
import { bestLinks, type WorkView, workViews } from './work-models.js';

export interface DriveForm {
  action: string;
  keep: Array<[string, string]>;
  chips: ReturnType<typeof driveChips>;
  clearHref: string;
}

/** The home page (docs/web.md, "Pages"): today's newest works and each type's, one card per work. */
export interface HomeWorks {
  /** No entry at all: the page says so once instead of once per section. */
  empty: boolean;
  today: WorkView[];
  todayTotal: number;
  /** The types that hold entries. */
  latest: Array<{ type: ContentType; name: string; total: number; works: WorkView[] }>;
}

export class WorksPages {
  constructor(
    private readonly catalogue: Catalogue,
    readonly index: WorkIndex,
    readonly templates: PageTemplates,
    private readonly noted: (lists: EntryView[][], language: Language) => Promise<void>,
    /** Whether links are checked: then a card reads all its links to find each drive's best. */
    private readonly checked: boolean,
  ) {}

  /** The visitor's drives for a page at `path` (remembered when the query chose them), and its chips. */
  drives(
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    path: string,
    keep: Record<string, string | undefined> = {},
  ): { choice: DriveChoice; key: string; query: Record<string, string>; form: DriveForm } {
    const choice = driveChoice(request.query as Record<string, unknown>, request.headers.cookie);
    if (choice.setCookie) reply.header('set-cookie', choice.setCookie);
    const kept = Object.entries(keep).filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== '');
    const clear = new URLSearchParams([...kept, ['drive', '']]);
    return {
      choice,
      key: choice.names.join(','),
      query: choice.names.length > 0 ? { drive: choice.names.join(',') } : {},
      form: {
        action: path,
        keep: kept,
        chips: driveChips(choice, language, this.templates.text(language).otherDrive),
        clearHref: `${path}?${clear}`,
      },
    };
  }

  /** The cards of a page of works: the best link of each drive under the filter, with notes. */
  async cards(works: Work[], language: Language, drives: DriveSet, keyword?: string): Promise<WorkView[]> {
    return this.views(works, language, drives, keyword, false);
  }

  /** The home page's works, every drive's (the home page has no filter), in one read of link notes. */
  async home(language: Language): Promise<HomeWorks> {
    const day = this.catalogue.listSlots({ day: this.catalogue.clock.today() }, 0, Number.MAX_SAFE_INTEGER).slots;
    const today = this.index.group(day, undefined);
    const types = CONTENT_TYPES.map((type) => ({ type, ...this.index.list(type, undefined, 0, HOME_PER_TYPE) }));
    const shown = [today.slice(0, HOME_TODAY), ...types.map((list) => list.works)];
    const cards = await this.cards(shown.flat(), language, undefined);
    const ends = shown.map((_, index) => shown.slice(0, index + 1).reduce((sum, works) => sum + works.length, 0));
    const [todayCards, ...typeCards] = ends.map((end, index) => cards.slice(end - (shown[index] as Work[]).length, end));
    return {
      empty: types.every((list) => list.total === 0),
      today: todayCards ?? [],
      todayTotal: today.length,
      latest: types
        .map((list, index) => ({
          type: list.type,
          name: TYPE_NAMES[language][list.type],
          total: list.total,
          works: typeCards[index] ?? [],
        }))
        .filter((list) => list.total > 0),
    };
  }

  /** A work page's work: every link, with notes, working links first. */
  async whole(work: Work, language: Language): Promise<WorkView> {
    return (await this.views([work], language, undefined, undefined, true))[0] as WorkView;
  }

  private async views(works: Work[], language: Language, drives: DriveSet, keyword: string | undefined, all: boolean): Promise<WorkView[]> {
    const every = all || this.checked;
    const drafted = workViews(works, { catalogue: this.catalogue, index: this.index, drives, language, keyword, every });
    await this.noted(
      drafted.map(({ view }) => view.links),
      language,
    );
    return bestLinks(drafted, !all);
  }
}

export async function worksRoutes(
  app: FastifyInstance,
  {
    works,
    languageOf,
    send,
  }: {
    works: WorksPages;
    languageOf: (request: FastifyRequest) => Language;
    send: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
  },
): Promise<void> {
  app.get('/works/:id', { schema: { hide: true } }, async (request, reply) => {
    const language = languageOf(request);
    const templates = works.templates;
    const found = works.index.find((request.params as { id: string }).id);
    const t = templates.text(language);
    if (!found) return send(reply, templates.render('work', language, { pageTitle: t.workPage, path: request.url }, {}), 404);
    const work = await works.whole(found, language);
    return send(reply, templates.render('work', language, { pageTitle: work.title, path: request.url }, { work }));
  });
}
