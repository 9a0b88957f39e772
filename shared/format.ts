/**
 * The one money formatter and the one date formatter of the product (web and e-mails alike).
 * Money is US dollars. The product shows whole dollars on trending cards, lists, fees and commission, and cents
 * on marketplace amounts and deal terms; dates are always MM/dd/yyyy.
 */
import { roundTo } from './math';

/**
 * Built on first use, not on import: constructing an Intl formatter loads locale data (about 10 ms), a cost a
 * Lambda that imports this module but formats no money (most cold starts) should not pay.
 */
function onFirstUse<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const wholeDollars = onFirstUse(
  () =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }),
);

const dollarsAndCents = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** "$1,234" — rounds half up (half away from zero for negatives), so $1,234.50 shows as $1,235. */
export function formatMoneyWhole(amount: number): string {
  return wholeDollars().format(roundTo(amount, 0));
}

/** "$1,234.56" — always two decimals, rounded half up. */
export function formatMoneyCents(amount: number): string {
  return dollarsAndCents().format(roundTo(amount, 2));
}

/**
 * A payment as a provider reported it, in minor units of its currency: "$1,234.56" for US dollars (the one money
 * formatter), "1234.56 EUR" for any other currency (the product charges dollars only, so another currency is
 * shown as received, not converted), "an unknown amount" when the provider did not say.
 */
export function formatPaymentAmount(amountCents: number | null, currency: string | null): string {
  if (amountCents === null) return 'an unknown amount';
  const code = (currency ?? '').toUpperCase();
  if (code === 'USD') return formatMoneyCents(amountCents / 100);
  return `${(amountCents / 100).toFixed(2)} ${code || '(currency not given)'}`;
}

/** "12,000 mi/yr" (a deal's mileage allowance is per year). */
export function formatMileage(milesPerYear: number): string {
  return `${Math.round(milesPerYear).toLocaleString('en-US')} mi/yr`;
}

/** "3.5%" -> "3.50%" with `decimals` 2: APRs on deal terms; whole-number percentages elsewhere. */
export function formatPercent(value: number, decimals = 2): string {
  return `${roundTo(value, decimals).toFixed(decimals)}%`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "MM/dd/yyyy". A date-only string ("2026-03-05", e.g. an expiration date) is a calendar date and is shown
 * as written in every time zone; parsing it with `new Date` would read it as UTC midnight and show the day
 * before west of Greenwich. A date-time (e.g. created_at) is shown in the viewer's local time zone.
 * Returns "" for a value that is not a date, so a bad record never breaks a screen.
 */
export function formatDate(isoDateOrDateTime: string | Date): string {
  if (typeof isoDateOrDateTime === 'string') {
    const dateOnly = DATE_ONLY.exec(isoDateOrDateTime.trim());
    if (dateOnly) {
      const [, year, month, day] = dateOnly;
      return isRealDate(Number(year), Number(month), Number(day)) ? `${month}/${day}/${year}` : '';
    }
  }
  const date = typeof isoDateOrDateTime === 'string' ? new Date(isoDateOrDateTime) : isoDateOrDateTime;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/**
 * "MM/dd/yyyy h:mm AM" in the viewer's local time zone: when something happened (a deal's activity). Returns "" for
 * a value that is not a date-time.
 */
export function formatDateTime(isoDateTime: string | Date): string {
  const date = typeof isoDateTime === 'string' ? new Date(isoDateTime) : isoDateTime;
  if (Number.isNaN(date.getTime())) return '';
  const hours = date.getHours();
  return `${formatDate(date)} ${hours % 12 || 12}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * A phone number as people read it: a US number (10 digits, or 11 starting with the country code 1, however it
 * was typed or stored: "4155550199", "+14155550199", "415-555-0199") as "(415) 555-0199"; anything else as given.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10 || /[^\d\s()+.-]/.test(phone)) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
