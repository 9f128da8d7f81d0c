/**
 * The web page's drive filter (docs/web.md, "Drive filter"): `?drive=quark,baidu` (or the chips' form,
 * `drive=quark&drive=baidu`) narrows lists and search to links on those drives. The choice is remembered
 * in a `drives` cookie for a year, so a visitor who only has one drive's app picks it once; the query
 * wins over the cookie, and an empty `drive=` (the chips with none ticked) means every drive and forgets
 * the cookie. Unknown drive names are ignored rather than refused: an old link must not break.
 */
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Language } from '../config/config.js';
import { DRIVES, OTHER_DRIVE } from './providers.js';
import { type DriveSet, driveCode } from './work-index.js';

export const DRIVE_COOKIE = 'drives';
const ONE_YEAR_SECONDS = 365 * 86_400;

export interface DriveChoice {
  /** The chosen drive names, in chip order; empty for every drive. */
  names: string[];
  codes: DriveSet;
  /** The `Set-Cookie` to send: when the query chose (or cleared) the drives. */
  setCookie: string | undefined;
}

const KNOWN = new Set([...DRIVES.map((drive) => drive.id), OTHER_DRIVE]);
const ORDER = [...KNOWN];

function namesIn(values: string[]): string[] {
  const chosen = new Set(values.flatMap((value) => value.split(',')).map((name) => name.trim().toLowerCase()));
  return ORDER.filter((name) => chosen.has(name));
}

export function driveChoice(query: Record<string, unknown>, cookieHeader: string | undefined): DriveChoice {
  const raw = query.drive;
  const values =
    typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw.filter((value): value is string => typeof value === 'string') : undefined;
  let names: string[];
  let setCookie: string | undefined;
  if (values) {
    names = namesIn(values);
    setCookie = stringifySetCookie({
      name: DRIVE_COOKIE,
      value: names.join(','),
      path: '/',
      maxAge: names.length > 0 ? ONE_YEAR_SECONDS : 0,
      sameSite: 'lax',
      httpOnly: true,
    });
  } else {
    names = cookieHeader ? namesIn([parseCookie(cookieHeader)[DRIVE_COOKIE] ?? '']) : [];
  }
  const codes = names.length > 0 ? new Set(names.map((name) => driveCode(name) as number)) : undefined;
  return { names, codes, setCookie };
}

export interface DriveChip {
  id: string;
  name: string;
  checked: boolean;
}

/** The chips: every drive, ticked when chosen. */
export function driveChips(choice: DriveChoice, language: Language, otherName: string): DriveChip[] {
  return [
    ...DRIVES.map((drive) => ({ id: drive.id, name: drive[language], checked: choice.names.includes(drive.id) })),
    { id: OTHER_DRIVE, name: otherName, checked: choice.names.includes(OTHER_DRIVE) },
  ];
}
