/**
 * Folded units: every code unit of a folded title that is not decoration is a token, its own key
 * (key-space.ts). A title holding a keyword's folded text holds each of its units, so a unit's list is
 * the candidates of every keyword holding it (rank/candidates.ts), and a one-unit keyword's every match
 * (rank/short-keywords.ts).
 */
/** The key of a folded unit. */
export function unitKey(unit: number): number {
  return unit;
}

/** Most keys a unit of a title gets. */
export const UNIT_KEYS_PER_UNIT = 1;
