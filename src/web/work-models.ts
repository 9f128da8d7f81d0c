/**
 * A work as the page shows it (docs/web.md, "Works"): one card per drama with the best link of each
 * drive (links that work first, by what link checks found; newest first among equals), how many links it
 * has in all, the episode count its titles name and its newest update; the work page lists every link.
 * A card holds a few links, not all: at a million entries a common work has dozens of copies, and a
 * search page drawing every one was hundreds of kilobytes (docs/benchmarks.md). Plain data for the
 * templates; link-notes.ts adds the badges.
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
  /** The links shown: every one on the work page, the best of each drive on a card. */
  links: EntryView[];
  /** How many links the work has under the drive filter. */
  linkTotal: number;
}

/** A view's links with their drive codes, until `bestLinks` has ordered and picked them. */
interface Drafted {
  view: WorkView;
  drives: number[];
}

/**
 * The views of `works`. `every` reads every link (the work page, or a card whose links are checked, so
 * the best of each drive is known); otherwise a card reads only the newest link of each drive, which is
 * its best when nothing is checked.
 */
export function workViews(
  works: Work[],
  {
    catalogue,
    index,
    drives,
    language,
    keyword,
    every,
  }: { catalogue: Catalogue; index: WorkIndex; drives: DriveSet; language: Language; keyword?: string | undefined; every: boolean },
): Drafted[] {
  return works.map((work) => {
    const slots = index.slotsOf(work, drives);
    const read = every ? slots : index.newestPerDrive(slots);
    const links = entryViews(catalogue.itemsOf(read), language, keyword);
    const newest = links[0] as EntryView;
    const id = workId(work.type, work.key);
    work.episodes ??= catalogue.itemsOf(work.slots).reduce((most, item) => Math.max(most, episodeCount(item.title)), 0);
    const view = {
      id,
      href: `/works/${id}`,
      title: newest.title,
      pieces: highlight(newest.title, keyword),
      type: work.type,
      typeName: TYPE_NAMES[language][work.type],
      episodes: work.episodes,
      updateTime: newest.updateTime,
      links,
      linkTotal: slots.length,
    };
    return { view, drives: read.map((slot) => index.driveAt(slot)) };
  });
}

/** Working links first: alive, then locked, unchecked, unknown, dead; the newest first among equals. */
const HEALTH_ORDER: Record<string, number> = { alive: 0, locked: 1, unchecked: 2, unknown: 3, dead: 4 };

/** Orders each view's links, working first; with `perDrive`, keeps the first (best) of each drive. */
export function bestLinks(drafted: Drafted[], perDrive: boolean): WorkView[] {
  return drafted.map(({ view, drives }) => {
    const health = (link: EntryView) => HEALTH_ORDER[link.linkNote?.kind ?? 'unchecked'] ?? 2;
    const ordered = view.links
      .map((link, index) => ({ link, index, drive: drives[index] as number }))
      .sort((a, b) => health(a.link) - health(b.link) || a.index - b.index);
    const seen = new Set<number>();
    const kept = perDrive ? ordered.filter(({ drive }) => !seen.has(drive) && seen.add(drive)) : ordered;
    view.links = kept.map(({ link }) => link);
    return view;
  });
}
