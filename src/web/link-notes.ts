/**
 * What each card says of its link when link checks are on (docs/link-health.md, "On the web page"): when
 * it was last found working, that it needs a code, that it may be gone and is being checked again, that
 * it was not checked yet, or that it could not be checked lately (its latest check was `unknown`); and
 * the "report a broken link" form, only on links of a provider we check. One store read per page for its cards' links; the pages that are
 * kept as ready bytes are rebuilt at least every NOTES_MAX_AGE_MS so the dates stay near the truth.
 */
import type { Language } from '../config/config.js';
import type { CardStatus } from '../links/link-health-reads.js';
import { parseShareLink } from '../shared/share-links.js';
import type { EntryView } from './page-models.js';
import { PAGE_TEXT } from './page-text.js';

export type HealthLookup = (links: string[]) => Promise<Map<string, CardStatus>>;

/** How long a kept page's link notes may be old: part of the page cache's key. */
export const NOTES_MAX_AGE_MS = 10 * 60_000;

export function notesEpoch(now: number): number {
  return Math.floor(now / NOTES_MAX_AGE_MS);
}

/**
 * With link checks off there are no notes, but the report form still shows on links of a provider we
 * know: the report reaches the console's inbox, where an operator checks it by hand (docs/console.md).
 */
export function addReportForms(lists: EntryView[][]): void {
  for (const card of lists.flat()) if (parseShareLink(card.link)) card.reportable = true;
}

/** Adds the link notes and the report form to the cards (all lists of one page in one read). */
export async function addLinkNotes(lists: EntryView[][], lookup: HealthLookup, language: Language, timeZone: string): Promise<void> {
  const cards = lists.flat();
  if (cards.length === 0) return;
  const states = await lookup([...new Set(cards.map((card) => card.link))]);
  const t = PAGE_TEXT[language];
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  for (const card of cards) {
    // Only a link of a provider we check can be reported: the report asks for a check.
    if (!parseShareLink(card.link)) continue;
    card.reportable = true;
    const state = states.get(card.link);
    if (!state?.latest) card.linkNote = { kind: 'unchecked', text: t.linkUnchecked };
    else if (state.latest === 'unknown') card.linkNote = { kind: 'unknown', text: t.linkCouldNotCheck };
    else if (state.verdict === 'locked') card.linkNote = { kind: 'locked', text: t.linkNeedsCode };
    else if (state.verdict === 'dead') card.linkNote = { kind: 'dead', text: t.linkRechecking };
    else if (state.alive_at) card.linkNote = { kind: 'alive', text: t.linkWorked(day.format(new Date(state.alive_at))) };
  }
}
