/**
 * A work as the page shows it (docs/web.md, "Works"): one card per drama, its links grouped by drive,
 * links that work first (by what link checks found; newest first among equals), with the episode count
 * its titles name and its newest update. Plain data for the templates; link-notes.ts adds the badges.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Language } from '../config/config.js';
import { highlight, type TitlePiece } from './highlight.js';
import { type EntryView, entryViews } from './page-models.js';
import { TYPE_NAMES } from './page-text.js';
import type { DriveSet, Work, WorkIndex } from './work-index.js';
import { episodeCount, workId } from './work-key.js';

export interface WorkView {
  id: string;
  href: string;
  title: string;
  pieces: TitlePiece[];
  type: string;
  typeName: string;
  episodes: number;
  updateTime: string;
  /** Every link, newest first until `sortLinks` orders them by health. */
  links: EntryView[];
}

export function workViews(
  works: Work[],
  {
    catalogue,
    index,
    drives,
    language,
    keyword,
  }: { catalogue: Catalogue; index: WorkIndex; drives: DriveSet; language: Language; keyword?: string | undefined },
): WorkView[] {
  return works.map((work) => {
    const links = entryViews(catalogue.itemsOf(index.slotsOf(work, drives)), language, keyword);
    const newest = links[0] as EntryView;
    const id = workId(work.type, work.key);
    return {
      id,
      href: `/works/${id}`,
      title: newest.title,
      pieces: highlight(newest.title, keyword),
      type: work.type,
      typeName: TYPE_NAMES[language][work.type],
      episodes: Math.max(...links.map((link) => episodeCount(link.title))),
      updateTime: newest.updateTime,
      links,
    };
  });
}

/** Working links first: alive, then locked, unchecked, unknown, dead; the newest first among equals. */
const HEALTH_ORDER: Record<string, number> = { alive: 0, locked: 1, unchecked: 2, unknown: 3, dead: 4 };

export function sortLinks(works: WorkView[]): void {
  for (const work of works) {
    work.links = work.links
      .map((link, index) => ({ link, index }))
      .sort(
        (a, b) =>
          (HEALTH_ORDER[a.link.linkNote?.kind ?? 'unchecked'] ?? 2) - (HEALTH_ORDER[b.link.linkNote?.kind ?? 'unchecked'] ?? 2) ||
          a.index - b.index,
      )
      .map(({ link }) => link);
  }
}
