/**
 * Rounds half away from zero to `decimals` places, without binary floating-point surprises:
 * 0.00125 * 2400 is 3.0000000000000004 and 1.005 is stored as 1.00499999..., yet people expect 3 and 1.01.
 * Trimming the scaled value to 15 significant digits (the precision a double reliably holds) fixes both.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const factor = 10 ** decimals;
  const shifted = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.round(shifted) / factor;
  return rounded === 0 ? 0 : sign * rounded;
}

/** How many digits follow the decimal point in the number as JavaScript prints it (1e-7 counts 7). */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const [mantissa, exponent] = String(value).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}
