/**
 * `update_time` (a wall-clock time in the catalogue's zone, CATALOGUE_TZ) as RFC 3339 with that zone's
 * offset at that time, as PanSou's clients parse `datetime`. An offset changes at most a few times a
 * year, so it is found once per local day and kept (a bounded map, emptied when full): a day whose
 * offset is the same at its start and its end has it all day; the rare day of a change is answered hour
 * by hour.
 */
import { LocalClock, parseUpdateTime } from '../shared/local-time.js';

const KEPT_DAYS = 20_000;
/** A day whose offset changes within it (a DST switch). */
const CHANGES = '';

export class ZoneOffsets {
  private readonly clock: LocalClock;
  private readonly byDay = new Map<number, string>();

  constructor(timeZone: string) {
    this.clock = new LocalClock(timeZone);
  }

  rfc3339(updateTime: string): string {
    const local = parseUpdateTime(updateTime);
    if (local === undefined) return '';
    return `${updateTime.slice(0, 10)}T${updateTime.slice(11)}${this.offsetAt(local)}`;
  }

  /** The offset in force at local seconds `local`. */
  private offsetAt(local: number): string {
    const day = Math.floor(local / 86_400);
    let text = this.byDay.get(day);
    if (text === undefined) {
      const start = this.offsetSeconds(day * 86_400);
      text = start === this.offsetSeconds(day * 86_400 + 86_399) ? formatOffset(start) : CHANGES;
      if (this.byDay.size >= KEPT_DAYS) this.byDay.clear();
      this.byDay.set(day, text);
    }
    return text === CHANGES ? formatOffset(this.offsetSeconds(local)) : text;
  }

  /** The offset at local seconds `local`: the instant is local minus the offset, found in two steps. */
  private offsetSeconds(local: number): number {
    const guess = this.clock.localSeconds(new Date(local * 1000)) - local;
    return this.clock.localSeconds(new Date((local - guess) * 1000)) - (local - guess);
  }
}

function formatOffset(seconds: number): string {
  if (seconds === 0) return 'Z';
  const sign = seconds < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(seconds) / 60);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
