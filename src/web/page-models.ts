/**
 * What each page shows, built from the catalogue and the boards as plain data for the templates: the
 * same in-memory view and search the API answers from (catalogue/catalogue.ts), never the JSON API
 * itself. Nothing here knows about HTTP; routes.ts parses the request and picks the template.
 */

import type { BoardView } from '../boards/ranking-boards.js';
import type { ActorRecord, DramaRecord } from '../boards/records.js';
import type { ContentItem } from '../catalogue/catalogue-view.js';
import type { Language } from '../config/config.js';
import type { Board } from '../shared/board-names.js';
import type { ContentType } from '../shared/content-types.js';
import { highlight, type TitlePiece } from './highlight.js';
import { BOARD_NAMES, PAGE_TEXT, TYPE_NAMES } from './page-text.js';
import { linkFacts } from './providers.js';

/** Entries a list page shows, and how many of each type and of today the home page shows. */
export const PAGE_SIZE = 20;
export const HOME_TODAY = 10;
export const HOME_PER_TYPE = 4;
export const HOME_PER_BOARD = 5;
export const BOARD_PAGE_SIZE = 50;

export interface EntryView {
  title: string;
  pieces: TitlePiece[];
  type: ContentType;
  typeName: string;
  updateTime: string;
  link: string;
  openable: boolean;
  provider: string;
  /** What link checks found (link-notes.ts); absent when checks are off or found nothing yet. */
  linkNote?: { kind: 'alive' | 'locked' | 'dead' | 'unchecked' | 'unknown'; text: string };
  /** Whether the card offers the "report a broken link" form (link checks on, a link of a provider we check). */
  reportable?: boolean;
}

export function entryViews(items: ContentItem[], language: Language, keyword?: string): EntryView[] {
  return items.map((item) => ({
    title: item.title,
    pieces: highlight(item.title, keyword),
    type: item.type,
    typeName: TYPE_NAMES[language][item.type],
    updateTime: item.update_time,
    link: item.source_link,
    ...linkFacts(item.source_link, language),
  }));
}

export interface Pager {
  page: number;
  pages: number;
  previous: string | undefined;
  next: string | undefined;
}

/** Previous/next links that keep the page's other query parameters. */
export function pager(path: string, query: Record<string, string | undefined>, page: number, total: number, size: number): Pager {
  const pages = Math.max(1, Math.ceil(total / size));
  const at = (target: number) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
    if (target > 1) params.set('page', String(target));
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  };
  return {
    page,
    pages,
    previous: page > 1 ? at(Math.min(page - 1, pages)) : undefined,
    next: page < pages ? at(page + 1) : undefined,
  };
}

export interface RankView {
  rank: number;
  name: string;
  detail: string;
  heat: number;
  change: DramaRecord['hot_change'];
  changeText: string;
  /** This catalogue's search for the name: where the links a visitor wants are. */
  searchHref: string;
  /** The record's own page, offered second when it is a link a browser can open. */
  url: string;
  openable: boolean;
}

export function rankViews(view: BoardView, language: Language, offset: number, limit: number): RankView[] {
  return view.records.slice(offset, offset + limit).map((record) => {
    const isActor = 'name' in record;
    const detail = isActor ? (record as ActorRecord).works.slice(0, 3).join(' · ') : (record as DramaRecord).genres.join(' · ');
    const name = isActor ? (record as ActorRecord).name : (record as DramaRecord).title;
    return {
      rank: record.rank,
      name,
      detail,
      heat: record.hot_score,
      change: record.hot_change,
      changeText: PAGE_TEXT[language].change[record.hot_change],
      searchHref: `/search?${new URLSearchParams({ keyword: name })}`,
      url: record.url,
      openable: linkFacts(record.url, language).openable,
    };
  });
}

export interface BoardSummary {
  board: Board;
  name: string;
  updatedAt: string;
  records: RankView[];
}

export function boardSummary(view: BoardView, language: Language, size: number): BoardSummary {
  return {
    board: view.board,
    name: BOARD_NAMES[language][view.board],
    updatedAt: view.updatedAt,
    records: rankViews(view, language, 0, size),
  };
}
