/**
 * The calendar months of the broker performance screens. A month is written "2026-11" (in the URL's ?month= and
 * in the API), and months are UTC calendar months: the statistics count a deal by the UTC month of its created_at
 * or deal_closed_at, so the navigator's "current month" is the UTC one too (an admin west of Greenwich on the
 * evening of the 31st already sees the next month, as the counters do).
 */

/** "2026-11". */
export type MonthKey = `${number}-${string}`;

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The UTC month `now` falls in. */
export function currentMonth(now: Date = new Date()): MonthKey {
  return monthKey(now.getUTCFullYear(), now.getUTCMonth() + 1);
}

function monthKey(year: number, month: number): MonthKey {
  return `${year}-${String(month).padStart(2, '0')}` as MonthKey;
}

function parts(key: MonthKey): { year: number; month: number } {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return { year, month };
}

/** `key` moved by `months` (negative goes back), across year ends. */
export function addMonths(key: MonthKey, months: number): MonthKey {
  const { year, month } = parts(key);
  const index = year * 12 + (month - 1) + months;
  return monthKey(Math.floor(index / 12), (index % 12) + 1);
}

/** Whether `a` is before `b`. */
export function isBefore(a: MonthKey, b: MonthKey): boolean {
  // Zero-padded "yyyy-mm" keys sort as text.
  return a < b;
}

/**
 * The month a ?month= value asks for: a well-formed month up to the current one. Anything else (absent, garbage,
 * a future month typed into the address bar) is the current month, since the screen cannot go past it.
 */
export function monthFromParam(param: string | null | undefined, now: Date = new Date()): MonthKey {
  const current = currentMonth(now);
  if (!param || !MONTH_KEY.test(param)) return current;
  const key = param as MonthKey;
  return isBefore(current, key) ? current : key;
}

/** "November 2026". */
export function monthLabel(key: MonthKey): string {
  const { year, month } = parts(key);
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "Nov 2026": the short label of a chart's axis. */
export function shortMonthLabel(key: MonthKey): string {
  const { year, month } = parts(key);
  return `${MONTH_NAMES[month - 1].slice(0, 3)} ${year}`;
}

/** The `count` months ending with `last`, oldest first: the window of the performance charts. */
export function monthsEndingWith(last: MonthKey, count: number): MonthKey[] {
  return Array.from({ length: count }, (_, index) => addMonths(last, index - count + 1));
}
