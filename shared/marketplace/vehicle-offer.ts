/**
 * Field rules of a vehicle offer: the vehicle and its payment terms as the
 * deal forms and the marketplace form enter them. Each builder takes the message to show when a required
 * field is missing, because the forms word that differently ("Make is required" on the marketplace form,
 * "Please fill in all required fields" on the deal forms).
 */
import * as z from 'zod';
import {
  MONEY_LIMITS,
  OFFER_EXPIRATION_YEARS_AHEAD,
  TERM_MONTHS_MAX,
  TEXT_LIMITS,
  VEHICLE_YEAR_AHEAD,
  VEHICLE_YEAR_MIN,
  VIN_LENGTH,
} from '../constants';
import { addYears, ruleNow, todayAnywhere } from '../calendar';
import { VEHICLE_IMAGE_EXTENSIONS, fileExtension } from '../uploads/schemas';
import { vinCheckIssue } from '../vehicles/vin';
import {
  blankToNull,
  controlCharactersMessage,
  freeText,
  hasNoControlCharacters,
  integer,
  nameText,
  number,
  requiredText,
  text,
} from '../validation';

export const VEHICLE_MESSAGES = {
  yearWhole: 'Year must be a whole number',
  yearMin: `Year must be ${VEHICLE_YEAR_MIN} or later`,
  yearMax: (maxYear: number) => `Year must be ${maxYear} or earlier`,
  makeTooLong: `Make must be less than ${TEXT_LIMITS.make} characters`,
  makeCharacters: 'Make can only contain letters, numbers, spaces, and hyphens',
  modelTooLong: `Model must be less than ${TEXT_LIMITS.model} characters`,
  modelCharacters: 'Model can only contain letters, numbers, spaces, and hyphens',
  trimTooLong: `Trim must be less than ${TEXT_LIMITS.trim} characters`,
  vinLength: `VIN must be exactly ${VIN_LENGTH} characters`,
  vinCharacters: 'VIN can only contain letters and numbers, excluding I, O and Q',
  monthlyPaymentPositive: 'Monthly payment must be greater than 0',
  monthlyPaymentMax: 'Monthly payment must be at most $100,000',
  downPaymentMin: 'Down payment cannot be negative',
  downPaymentMax: 'Down payment must be at most $1,000,000',
  termPositive: 'Term must be a positive whole number of months',
  termMax: `Term must be at most ${TERM_MONTHS_MAX} months`,
  mileagePositive: 'Mileage allowance must be a positive whole number',
  mileageMax: 'Mileage allowance must be at most 100,000 miles per year',
  aprMin: 'APR cannot be negative',
  aprMax: `APR must be at most ${MONEY_LIMITS.apr}%`,
  moneyFactorPositive: 'Money factor must be greater than 0',
  moneyFactorMax: `Money factor must be at most ${MONEY_LIMITS.moneyFactor}`,
  brokerFeeMin: 'Broker fee cannot be negative',
  brokerFeeMax: 'Broker fee must be at most $100,000',
  notesTooLong: `Notes must be less than ${TEXT_LIMITS.vehicleNotes} characters`,
  imageUrlInvalid: 'Image URL must be a valid URL',
  imageUrlType: 'Image URL must end in .jpg, .jpeg, .png, .gif or .webp',
  makeControlCharacters: controlCharactersMessage('Make'),
  modelControlCharacters: controlCharactersMessage('Model'),
  trimControlCharacters: controlCharactersMessage('Trim'),
  expirationDateInvalid: 'Expiration date must be a valid date',
  expirationDatePast: 'Expiration date cannot be in the past',
  expirationDateTooFar: `Expiration date must be within ${OFFER_EXPIRATION_YEARS_AHEAD} years`,
} as const;

/**
 * Pure: what is wrong with an offer's expiration date (YYYY-MM-DD) at `now`, or null. Not in the past while it is
 * today anywhere; at most OFFER_EXPIRATION_YEARS_AHEAD years after the latest today (shared/calendar.ts).
 */
export function expirationDateIssue(date: string, now: Date, options: { atCreation: boolean }): string | null {
  const { earliest, latest } = todayAnywhere(now);
  if (options.atCreation && date < earliest) return VEHICLE_MESSAGES.expirationDatePast;
  if (date > addYears(latest, OFFER_EXPIRATION_YEARS_AHEAD)) return VEHICLE_MESSAGES.expirationDateTooFar;
  return null;
}

/**
 * An expiration date: a valid YYYY-MM-DD (`invalidMessage`) within the window of `expirationDateIssue`, judged when
 * it is checked (at the request's time on the server, shared/calendar.ts), never when this module loads.
 */
export function expirationDateSchema(options: { atCreation: boolean; invalidMessage?: string }) {
  return z.iso.date(options.invalidMessage ?? VEHICLE_MESSAGES.expirationDateInvalid).superRefine((value, ctx) => {
    const issue = expirationDateIssue(value, ruleNow(), options);
    if (issue) ctx.addIssue({ code: 'custom', message: issue });
  });
}

/** The latest model year an offer may carry: two years ahead of the current year, read when validating. */
export function maxOfferYear(now: Date = new Date()): number {
  return now.getFullYear() + VEHICLE_YEAR_AHEAD;
}

// Letters of any alphabet (Škoda, Citroën), digits, spaces and hyphens.
const MAKE_OR_MODEL = /^[\p{L}\p{N} -]+$/u;
// 17 characters, letters and digits except I, O and Q (never used in VINs, too easily read as 1 and 0).
const VIN = /^[A-HJ-NPR-Z0-9]+$/;

export function offerYearField(requiredMessage: string) {
  return integer(requiredMessage, VEHICLE_MESSAGES.yearWhole)
    .min(VEHICLE_YEAR_MIN, VEHICLE_MESSAGES.yearMin)
    .superRefine((year, ctx) => {
      const maxYear = maxOfferYear();
      if (year > maxYear) ctx.addIssue({ code: 'custom', message: VEHICLE_MESSAGES.yearMax(maxYear) });
    });
}

export function makeField(requiredMessage: string) {
  return requiredText(requiredMessage)
    .refine(hasNoControlCharacters, VEHICLE_MESSAGES.makeControlCharacters)
    .max(TEXT_LIMITS.make, VEHICLE_MESSAGES.makeTooLong)
    .regex(MAKE_OR_MODEL, VEHICLE_MESSAGES.makeCharacters);
}

export function modelField(requiredMessage: string) {
  return requiredText(requiredMessage)
    .refine(hasNoControlCharacters, VEHICLE_MESSAGES.modelControlCharacters)
    .max(TEXT_LIMITS.model, VEHICLE_MESSAGES.modelTooLong)
    .regex(MAKE_OR_MODEL, VEHICLE_MESSAGES.modelCharacters);
}

export const trimField = blankToNull(nameText('Trim').max(TEXT_LIMITS.trim, VEHICLE_MESSAGES.trimTooLong));

/**
 * Optional; upper-cased so that a VIN typed in lower case is accepted and stored one way. A North American VIN
 * must carry its check digit (shared/vehicles/vin.ts); another VIN's mismatch is only a warning, shown by the form.
 */
export const vinField = blankToNull(
  text()
    .toUpperCase()
    .length(VIN_LENGTH, VEHICLE_MESSAGES.vinLength)
    .regex(VIN, VEHICLE_MESSAGES.vinCharacters)
    .superRefine((vin, ctx) => {
      const issue = vinCheckIssue(vin);
      if (issue?.severity === 'error') ctx.addIssue({ code: 'custom', message: issue.message });
    }),
);

export function monthlyPaymentField(requiredMessage: string) {
  return number(requiredMessage)
    .positive(VEHICLE_MESSAGES.monthlyPaymentPositive)
    .max(MONEY_LIMITS.monthlyPayment, VEHICLE_MESSAGES.monthlyPaymentMax);
}

export function downPaymentField(requiredMessage?: string) {
  return number(requiredMessage)
    .min(0, VEHICLE_MESSAGES.downPaymentMin)
    .max(MONEY_LIMITS.downPayment, VEHICLE_MESSAGES.downPaymentMax);
}

export function termMonthsField(requiredMessage: string) {
  return integer(requiredMessage, VEHICLE_MESSAGES.termPositive)
    .positive(VEHICLE_MESSAGES.termPositive)
    .max(TERM_MONTHS_MAX, VEHICLE_MESSAGES.termMax);
}

export function mileageAllowanceField(requiredMessage: string) {
  return integer(requiredMessage, VEHICLE_MESSAGES.mileagePositive)
    .positive(VEHICLE_MESSAGES.mileagePositive)
    .max(MONEY_LIMITS.mileageAllowance, VEHICLE_MESSAGES.mileageMax);
}

export function aprField(requiredMessage: string) {
  return number(requiredMessage).min(0, VEHICLE_MESSAGES.aprMin).max(MONEY_LIMITS.apr, VEHICLE_MESSAGES.aprMax);
}

export const moneyFactorField = blankToNull(
  number().positive(VEHICLE_MESSAGES.moneyFactorPositive).max(MONEY_LIMITS.moneyFactor, VEHICLE_MESSAGES.moneyFactorMax),
);

/** Either half of the broker fee (dealer or client); optional. */
export const brokerFeeField = blankToNull(
  number().min(0, VEHICLE_MESSAGES.brokerFeeMin).max(MONEY_LIMITS.brokerFee, VEHICLE_MESSAGES.brokerFeeMax),
);

/** Free text: invisible control and text-direction characters are removed, not refused (a pasted note keeps the rest). */
export const vehicleNotesField = freeText(TEXT_LIMITS.vehicleNotes, VEHICLE_MESSAGES.notesTooLong);

/** An http(s) URL whose path ends in an image extension (a query string, as on signed URLs, is allowed). */
export function isImageUrl(value: string): boolean {
  try {
    const extension = fileExtension(new URL(value).pathname);
    return extension !== undefined && (VEHICLE_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  } catch {
    return false;
  }
}

export const imageUrlField = blankToNull(
  z
    .url({ protocol: /^https?$/, error: VEHICLE_MESSAGES.imageUrlInvalid })
    .trim()
    .refine(isImageUrl, VEHICLE_MESSAGES.imageUrlType),
);
