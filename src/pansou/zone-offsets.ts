/**
 * `update_time` (a wall-clock time in the catalogue's zone, CATALOGUE_TZ) as RFC 3339 with that zone's
 * offset at that time, as PanSou's clients parse `datetime`. An offset changes at most a few times a
 * year, so it is found once per zone-hour and kept (a bounded map, emptied when full).
 */
import { LocalClock, parseUpdateTime } from '../shared/local-time.js';

const KEPT_HOURS = 10_000;

export class ZoneOffsets {
  private readonly clock: LocalClock;
  private readonly byHour = new Map<number, string>();

  constructor(timeZone: string) {
    this.clock = new LocalClock(timeZone);
  }

  rfc3339(updateTime: string): string {
    const local = parseUpdateTime(updateTime);
    if (local === undefined) return '';
    return `${updateTime.slice(0, 10)}T${updateTime.slice(11)}${this.offsetAt(local)}`;
  }

  /** The offset in force at local seconds `local`: the instant is local minus the offset, found in two steps. */
  private offsetAt(local: number): string {
    const hour = Math.floor(local / 3600);
    let text = this.byHour.get(hour);
    if (text === undefined) {
      const guess = this.clock.localSeconds(new Date(local * 1000)) - local;
      const seconds = this.clock.localSeconds(new Date((local - guess) * 1000)) - (local - guess);
      text = formatOffset(seconds);
      if (this.byHour.size >= KEPT_HOURS) this.byHour.clear();
      this.byHour.set(hour, text);
    }
    return text;
  }
}

function formatOffset(seconds: number): string {
  if (seconds === 0) return 'Z';
  const sign = seconds < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(seconds) / 60);
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
