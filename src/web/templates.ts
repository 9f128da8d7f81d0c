/**
 * Renders pages with Eta (docs/web.md says why Eta): templates under src/web/views, compiled once and
 * kept, every `<%= %>` HTML-escaped by default (titles come from imports), raw output only where a
 * template includes another template. Each page gets the layout's data: its language's words, the
 * fingerprinted asset URLs, the navigation and the path the language switch returns to.
 */
import { Eta } from 'eta';
import type { Language } from '../config/config.js';
import { RANKING_BOARDS } from '../shared/board-names.js';
import { CONTENT_TYPES } from '../shared/content-types.js';
import type { Assets } from './assets.js';
import { BOARD_NAMES, PAGE_TEXT, type PageText, TYPE_NAMES } from './page-text.js';
import { VIEWS_DIRECTORY } from './web-files.js';

export interface LayoutData {
  t: PageText;
  pageTitle: string;
  path: string;
  assets: { css: string; js: string; icon: string };
  nav: { types: Array<{ type: string; name: string }>; boards: Array<{ board: string; name: string }> };
  keyword?: string | undefined;
  showTypeFilter?: boolean;
  searchType?: string | undefined;
  /** The page's feed, without its extension and with its query (`/feeds/post`, `/feeds/search?keyword=…`). */
  feed?: { path: string; query: string };
}

export class PageTemplates {
  private readonly eta = new Eta({ views: VIEWS_DIRECTORY, cache: true, autoEscape: true });
  private readonly assetUrls: LayoutData['assets'];

  constructor(
    assets: Assets,
    private readonly rankings: boolean,
  ) {
    this.assetUrls = { css: assets.url('site.css'), js: assets.url('site.js'), icon: assets.url('icon.svg') };
  }

  text(language: Language): PageText {
    return PAGE_TEXT[language];
  }

  /** A whole page: `view` (a file in views/) inside the layout. */
  render(view: string, language: Language, layout: { pageTitle: string; path: string } & Partial<LayoutData>, data: object = {}): string {
    const page: LayoutData = {
      t: PAGE_TEXT[language],
      assets: this.assetUrls,
      nav: {
        types: CONTENT_TYPES.map((type) => ({ type, name: TYPE_NAMES[language][type] })),
        boards: this.rankings ? RANKING_BOARDS.map((board) => ({ board, name: BOARD_NAMES[language][board] })) : [],
      },
      ...layout,
    };
    return this.eta.render(`./${view}`, { ...page, ...data });
  }
}
