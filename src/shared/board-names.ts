/**
 * The ranking boards (docs/decisions.md, "Ranking service") and which record shape each holds: the names
 * the configuration (RANKING_FETCH_SOURCES), the ranking service and the web page all check against, so
 * they sit below all three. Family A is
 * `hot-dramas` and `actors`; family B is the five hot lists behind `/api/extrank/<board>/hot`.
 */
export const DRAMA_BOARDS = ['hot-dramas', 'drama', 'movie', 'tv', 'anime', 'variety'] as const;
export const FAMILY_B_BOARDS = ['drama', 'movie', 'tv', 'anime', 'variety'] as const;
export const RANKING_BOARDS = [...DRAMA_BOARDS, 'actors'] as const;

export type Board = (typeof RANKING_BOARDS)[number];

export function isBoard(name: string): name is Board {
  return (RANKING_BOARDS as readonly string[]).includes(name);
}
