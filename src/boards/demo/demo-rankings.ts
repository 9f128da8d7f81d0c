/**
 * The demo boards' records, built from the bundled demo lists (src/demo/content/demo-boards.json, read by
 * demo/load-demo-data.ts): short dramas and their (fictional) actors written the way the genre names
 * things, and well-known films, series, animation and variety shows for the family B lists. Scores fall
 * off down each board like a real hot list; links point at a portal search for the title.
 */
import type { Board } from '../../shared/board-names.js';

export interface DemoDrama {
  title: string;
  genres: string[];
  actors?: string[];
  tag?: string;
  description: string;
}

export interface DemoActor {
  name: string;
  gender: 'female' | 'male' | 'unknown';
  works: string[];
}

/** The demo lists, one per board, as the data file holds them. */
export type DemoLists = Record<Exclude<Board, 'actors'>, DemoDrama[]> & { actors: DemoActor[] };

/** Falls off like a real hot list: the top entry near five million, each next one a little lower. */
function score(position: number, seed: number): number {
  return Math.round(4_950_000 * 0.93 ** position - ((seed * 7919 + position * 104_729) % 20_000));
}

function searchLink(text: string): string {
  return `https://www.baidu.com/s?wd=${encodeURIComponent(text)}`;
}

/** The board's demo records in rank order, as an import file would give them. */
export function demoBoard(lists: DemoLists, board: Board): Array<Record<string, unknown>> {
  if (board === 'actors') {
    return lists.actors.map((actor, index) => ({
      ...actor,
      hot_score: score(index, 7),
      avatar: `https://img.dramadex.example/actors/${index + 1}.jpg`,
      url: searchLink(actor.name),
    }));
  }
  const seed = board.length;
  return lists[board].map((drama, index) => ({
    title: drama.title,
    hot_score: score(index, seed),
    tag: drama.tag ?? '',
    cover: `https://img.dramadex.example/${board}/${index + 1}.jpg`,
    description: drama.description,
    genres: drama.genres,
    actors: drama.actors ?? [],
    url: searchLink(drama.title),
  }));
}

/** The board an hour earlier: a few neighbours in the other order and the last two not yet on it. */
export function earlierDemoBoard(lists: DemoLists, board: Board): Array<Record<string, unknown>> {
  const records = demoBoard(lists, board).slice(0, -2);
  for (const at of [1, 4, 8]) {
    const [a, b] = [records[at], records[at + 1]];
    if (a && b) [records[at], records[at + 1]] = [b, a];
  }
  return records;
}
