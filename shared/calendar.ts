/**
 * Calendar dates ("YYYY-MM-DD") and the time rules relative to now are judged at, for the schemas the browser and
 * the functions share (no zod here, so a job can import it without the schema library).
 *
 * "Now" is read when a value is checked, never when a module loads: in the browser it is the clock; on the server
 * the feature handler parses each request inside `atTime(now, ...)`, so a rule such as "not in the past" is judged
 * at the request's time (the same `now` the services get), and tests pin it the same way.
 *
 * "Today" is a calendar date, and at any moment two or three dates are today somewhere. A date someone picks is
 * judged against all of them: it is not in the past while it is today anywhere (UTC-12), and it is within a window
 * ending N years from today while it is so from the latest today (UTC+14). So a broker in California picking today
 * at 6 pm, when UTC is already on tomorrow, is not told the date is past.
 */

let pinned: Date | undefined;

/** The time "now" rules are judged at: the one `atTime` pinned, else the clock. */
export function ruleNow(): Date {
  return pinned ?? new Date();
}

/** Runs a synchronous check (a zod parse) with every "now" rule judged at `now`; restores the previous time after. */
export function atTime<T>(now: Date, check: () => T): T {
  const previous = pinned;
  pinned = now;
  try {
    return check();
  } finally {
    pinned = previous;
  }
}

const HOUR_MS = 60 * 60 * 1000;
/** The earliest and latest offsets from UTC in use (Baker Island, Kiribati's Line Islands). */
const EARLIEST_OFFSET_HOURS = -12;
const LATEST_OFFSET_HOURS = 14;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The dates that are today somewhere at `now`: the earliest (UTC-12) and the latest (UTC+14). */
export function todayAnywhere(now: Date): { earliest: string; latest: string } {
  return {
    earliest: isoDay(new Date(now.getTime() + EARLIEST_OFFSET_HOURS * HOUR_MS)),
    latest: isoDay(new Date(now.getTime() + LATEST_OFFSET_HOURS * HOUR_MS)),
  };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * `date` moved by whole `years` (negative: back), "YYYY-MM-DD" in and out. 29 February becomes 28 February in a
 * year without one, so "18 years after 2008-02-29" is 2026-02-28.
 */
export function addYears(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = year + years;
  const clamped = Math.min(day, daysInMonth(target, month));
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(clamped).padStart(2, '0')}`;
}

/**
 * `date` moved by whole `months` (negative: back), "YYYY-MM-DD" in and out, clamped to the month's last day as
 * lease terms are: a lease started 31 January for 1 month ends 28 (or 29) February.
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const clamped = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(clamped).padStart(2, '0')}`;
}

/** `date` moved by whole `days` (negative: back), "YYYY-MM-DD" in and out, in UTC (no time zone shifts a day). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
