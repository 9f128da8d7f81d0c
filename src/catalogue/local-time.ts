/**
 * `update_time` is a local wall-clock time without an offset (`YYYY-MM-DD HH:MM:SS`). We order and
 * compare such values as "local seconds": the wall clock read as if it were UTC. Only "now" needs a
 * real time-zone conversion, into the catalogue's zone, to find today's range.
 */
const UPDATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Local seconds of a valid `YYYY-MM-DD HH:MM:SS` on the real calendar, or undefined. */
export function parseUpdateTime(text: string): number | undefined {
  const match = UPDATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
  const millis = Date.UTC(y, mo - 1, d, h, mi, s);
  // Date.UTC rolls 02-30 over into March: a changed day means the date does not exist.
  if (new Date(millis).getUTCDate() !== d) return undefined;
  return millis / 1000;
}

/** `YYYY-MM-DD HH:MM:SS` for local seconds. */
export function formatUpdateTime(localSeconds: number): string {
  return new Date(localSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export interface DayRange {
  /** Local seconds of today's 00:00:00, inclusive. */
  start: number;
  /** Local seconds of tomorrow's 00:00:00, exclusive. */
  end: number;
}

/** Today's range in a time zone; the formatter is built once per zone. */
export class LocalClock {
  private readonly format: Intl.DateTimeFormat;
  private cachedMinute = Number.NaN;
  private cachedRange: DayRange = { start: 0, end: 0 };

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** Local seconds of an instant in the catalogue's zone. */
  localSeconds(instant: Date): number {
    const parts = Object.fromEntries(this.format.formatToParts(instant).map((p) => [p.type, p.value]));
    return (
      Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
        Number(parts.second),
      ) / 1000
    );
  }

  today(now: Date = new Date()): DayRange {
    // Midnight in every zone falls on a whole minute, so the range can be reused within a minute.
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute !== this.cachedMinute) {
      const local = this.localSeconds(now);
      const start = local - (local % 86_400);
      this.cachedRange = { start, end: start + 86_400 };
      this.cachedMinute = minute;
    }
    return this.cachedRange;
  }
}
