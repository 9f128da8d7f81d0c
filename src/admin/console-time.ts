/**
 * How the console writes a time (docs/console.md, "Times"): in the catalogue's time zone (CATALOGUE_TZ),
 * to the minute, as `2026-11-28 23:41`, the same in both languages, so an operator never reads a raw UTC
 * stamp beside the catalogue's local dates. The zone arithmetic is the catalogue's own (shared/local-time.ts).
 * A value that is not a time is shown as it is.
 */
import { formatUpdateTime, LocalClock } from '../shared/local-time.js';

const clocks = new Map<string, LocalClock>();

export function consoleTime(value: string | number | null | undefined, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '—';
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return String(value);
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new LocalClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return formatUpdateTime(clock.localSeconds(at)).slice(0, 16);
}
