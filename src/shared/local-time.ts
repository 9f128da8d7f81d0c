/**
 * The catalogue's clock and time-zone arithmetic, shared by the catalogue, the ranking boards, the demo
 * data and the command line (so it sits below all of them). `update_time` is a local wall-clock time without an offset (`YYYY-MM-DD HH:MM:SS`). We order and
 * compare such values as "local seconds": the wall clock read as if it were UTC. Only "now" needs a
 * real time-zone conversion, into the catalogue's zone, to find today's range.
 */
/** Local seconds of a valid `YYYY-MM-DD HH:MM:SS` on the real calendar, or undefined. */
export function parseUpdateTime(text: string): number | undefined {
  // Hand-rolled digit reading: a million entries load at start-up, and a regex plus Date costs 1.3 µs each.
  if (text.length !== 19 || text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') {
    return undefined;
  }
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  return daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
}

/** The number written by `length` ASCII digits at `start`, or -1 if any is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const code = text.charCodeAt(i) - 48;
    if (code < 0 || code > 9) return -1;
    value = value * 10 + code;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
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
