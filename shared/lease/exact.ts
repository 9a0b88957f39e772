/**
 * Exact rational arithmetic on BigInt for the lease math (docs/lease-math.md, "Rounding"). Every input is read as
 * the decimal a person typed (0.1 is 1/10, not the double nearest to it), every step is exact, and a figure is
 * rounded only where the lease says it is (to cents, half away from zero). No dependency: the operations a lease
 * needs are a handful, and a decimal library would add weight to the pages that run this.
 */

/** A reduced fraction `n / d` with `d > 0`. */
export interface Exact {
  readonly n: bigint;
  readonly d: bigint;
}

const abs = (value: bigint): bigint => (value < 0n ? -value : value);

function gcd(a: bigint, b: bigint): bigint {
  let [x, y] = [abs(a), abs(b)];
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function exact(n: bigint, d = 1n): Exact {
  if (d === 0n) throw new RangeError('Division by zero');
  const sign = d < 0n ? -1n : 1n;
  const divisor = gcd(n, d) || 1n;
  return { n: (sign * n) / divisor, d: (sign * d) / divisor };
}

export const ZERO = exact(0n);

/**
 * The decimal JavaScript prints for `value` (its shortest round-trip form: 0.1 -> "0.1", 1e-7 -> "1e-7"), exactly.
 * Only finite numbers: the schemas refuse NaN and Infinity before anything is computed.
 */
export function fromNumber(value: number): Exact {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  const [mantissa = '0', exponentText] = String(value).split('e');
  const exponent = Number(exponentText ?? 0);
  const negative = mantissa.startsWith('-');
  const [whole = '0', fraction = ''] = mantissa.replace('-', '').split('.');
  const digits = BigInt(whole + fraction) * (negative ? -1n : 1n);
  const scale = exponent - fraction.length;
  return scale >= 0 ? exact(digits * 10n ** BigInt(scale)) : exact(digits, 10n ** BigInt(-scale));
}

const lift = (value: Exact | bigint): Exact => (typeof value === 'bigint' ? exact(value) : value);

export function add(a: Exact | bigint, b: Exact | bigint): Exact {
  const [x, y] = [lift(a), lift(b)];
  return exact(x.n * y.d + y.n * x.d, x.d * y.d);
}

export function sub(a: Exact | bigint, b: Exact | bigint): Exact {
  const y = lift(b);
  return add(a, { n: -y.n, d: y.d });
}

export function mul(a: Exact | bigint, b: Exact | bigint): Exact {
  const [x, y] = [lift(a), lift(b)];
  return exact(x.n * y.n, x.d * y.d);
}

export function div(a: Exact | bigint, b: Exact | bigint): Exact {
  const [x, y] = [lift(a), lift(b)];
  return exact(x.n * y.d, x.d * y.n);
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compare(a: Exact | bigint, b: Exact | bigint): -1 | 0 | 1 {
  const difference = sub(a, b).n;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

/** `value` rounded to a whole number, half away from zero (2.5 -> 3, -2.5 -> -3). */
export function roundHalfAwayFromZero(value: Exact | bigint): bigint {
  const { n, d } = lift(value);
  const quotient = abs(n) / d;
  const remainder = abs(n) % d;
  const rounded = 2n * remainder >= d ? quotient + 1n : quotient;
  return n < 0n ? -rounded : rounded;
}

/** Whole cents of an amount in dollars, half away from zero. */
export function toCents(dollars: Exact): bigint {
  return roundHalfAwayFromZero(mul(dollars, 100n));
}

/** Dollars of a whole number of cents, exactly. */
export function fromCents(cents: bigint): Exact {
  return exact(cents, 100n);
}

/**
 * A whole number of cents as a number of dollars: the double nearest to the decimal, which JavaScript prints with
 * at most two decimals (28212n -> 282.12).
 */
export function centsToNumber(cents: bigint): number {
  return Number(cents) / 100;
}

/** `value` rounded to `places` decimals (half away from zero), as the number that prints that decimal. */
export function toRoundedNumber(value: Exact, places: number): number {
  const scale = 10n ** BigInt(places);
  return Number(roundHalfAwayFromZero(mul(value, scale))) / Number(scale);
}

/** The number nearest to `value` (for rates shown as they are, such as a money factor). */
export function toNumber(value: Exact): number {
  const limit = BigInt(Number.MAX_SAFE_INTEGER);
  // One division of two exactly representable integers is correctly rounded.
  if (abs(value.n) <= limit && value.d <= limit) return Number(value.n) / Number(value.d);
  const digits = 20n;
  const integer = value.n / value.d;
  const fraction = (abs(value.n % value.d) * 10n ** digits) / value.d;
  const sign = value.n < 0n && integer === 0n ? '-' : '';
  return Number(`${sign}${integer}.${fraction.toString().padStart(Number(digits), '0')}`);
}
