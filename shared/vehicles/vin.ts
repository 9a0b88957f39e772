/**
 * The VIN check digit (49 CFR 565.15): each of the 17 characters is transliterated to a number (digits as
 * themselves, letters by the regulation's table), multiplied by its position's weight, and the sum taken modulo
 * 11; the 9th character must be that remainder, or `X` for 10. I, O and Q are never valid in a VIN.
 *
 * Vehicles made for North America (a VIN starting 1-5: US, Canada, Mexico) must carry the check digit, so a wrong
 * one is refused; elsewhere it is not required (many European VINs have a letter or a 0 there), so a mismatch is
 * only a warning that the VIN may be mistyped.
 */
import { VIN_LENGTH } from '../constants';

/** Letter values of 49 CFR 565.15(c) Table IV (I, O and Q have none). */
const LETTER_VALUES: Readonly<Record<string, number>> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore

/** Position weights of 49 CFR 565.15(c) Table V: the 9th position (the check digit itself) weighs 0. */
export const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The position (0-based) of the check digit. */
export const VIN_CHECK_POSITION = 8;

const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Pure: the check digit ('0'-'9' or 'X') a VIN must carry in its 9th position, or null when it is not 17 VIN characters. */
export function vinCheckDigit(vin: string): string | null {
  const upper = vin.toUpperCase();
  if (upper.length !== VIN_LENGTH || !VIN_SHAPE.test(upper)) return null;
  let sum = 0;
  for (let position = 0; position < VIN_LENGTH; position++) {
    const character = upper[position]!;
    const value = /[0-9]/.test(character) ? Number(character) : LETTER_VALUES[character]!;
    sum += value * VIN_WEIGHTS[position]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Pure: whether a VIN was assigned for North America (its first character, the region, is 1-5). */
export function isNorthAmericanVin(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

export const VIN_CHECK_MESSAGES = {
  wrong: (expected: string) => `VIN check digit is wrong: the 9th character should be ${expected}. Check the VIN for a typo`,
  warning: (expected: string) =>
    `This VIN's 9th character is not its check digit (${expected} expected). VINs from outside North America may differ: check it before saving`,
} as const;

export interface VinCheckIssue {
  /** 'error' refuses the VIN (North America); 'warning' lets it through with a note. */
  severity: 'error' | 'warning';
  expected: string;
  message: string;
}

/**
 * Pure: what the check digit says about a VIN of 17 valid characters: null when it holds (or when the VIN is not
 * 17 VIN characters: length and characters have their own messages), else an error for a North American VIN and a
 * warning for any other.
 */
export function vinCheckIssue(vin: string): VinCheckIssue | null {
  const upper = vin.toUpperCase();
  const expected = vinCheckDigit(upper);
  if (expected === null || upper[VIN_CHECK_POSITION] === expected) return null;
  return isNorthAmericanVin(upper)
    ? { severity: 'error', expected, message: VIN_CHECK_MESSAGES.wrong(expected) }
    : { severity: 'warning', expected, message: VIN_CHECK_MESSAGES.warning(expected) };
}

/** Pure: `vin` with its 9th character replaced by its check digit (for demo data and tests). */
export function withVinCheckDigit(vin: string): string {
  const upper = vin.toUpperCase();
  const expected = vinCheckDigit(upper);
  if (expected === null) throw new Error(`Not a 17-character VIN: ${vin}`);
  return `${upper.slice(0, VIN_CHECK_POSITION)}${expected}${upper.slice(VIN_CHECK_POSITION + 1)}`;
}
