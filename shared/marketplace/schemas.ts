/**
 * Adding a vehicle to the marketplace (docs/api.md, "Marketplace vehicles"). The vehicle is stored as
 * a deal, so the shared vehicle-offer rules apply to the fields both forms have; this form has its own year
 * range and its own wording for missing make and model.
 */
import * as z from 'zod';
import {
  AVAILABLE_STOCK_MAX,
  MARKETPLACE_DEFAULT_AVAILABLE_STOCK,
  MARKETPLACE_YEAR_MAX,
  TEXT_LIMITS,
  VEHICLE_YEAR_MIN,
} from '../constants';
import { fileSchema } from '../uploads/schemas';
import { blankToNull, integer, number, requiredText, text } from '../validation';
import { MARKETPLACE_INCENTIVES } from './enums';
import {
  downPaymentField,
  expirationDateSchema,
  imageUrlField,
  makeField,
  modelField,
  monthlyPaymentField,
  termMonthsField,
  trimField,
  vehicleNotesField,
  vinField,
} from './vehicle-offer';

export const STOCK_NUMBER_TAKEN_MESSAGE = 'This stock number is already in use';
export const FIX_STOCK_NUMBER_MESSAGE = 'Please fix the stock number error before submitting';
export const IMAGE_TOO_LARGE_MESSAGE = 'Image must be less than 5MB';

export const MARKETPLACE_MESSAGES = {
  stockNumberRequired: 'Stock number is required',
  stockNumberTooLong: `Stock number must be less than ${TEXT_LIMITS.stockNumber} characters`,
  stockNumberCharacters: 'Stock number can only contain letters, numbers, and hyphens',
  yearRequired: 'Year is required',
  yearRange: `Year must be between ${VEHICLE_YEAR_MIN} and ${MARKETPLACE_YEAR_MAX}`,
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  msrpPositive: 'MSRP must be greater than 0',
  totalDueMin: 'Total due at signing cannot be negative',
  monthlyPaymentRequired: 'Monthly payment is required',
  termRequired: 'Term is required',
  availableStock: `Available stock must be a whole number from 1 to ${AVAILABLE_STOCK_MAX}`,
  expirationDateRequired: 'Expiration date is required',
  expirationDateInvalid: 'Expiration date must be a valid date',
} as const;

/**
 * The key under which a stock number is unique: case and surrounding spaces do not make a different stock
 * number ("a-102" and "A-102 " are the same vehicle on the lot).
 */
export function stockNumberKey(stockNumber: string): string {
  return stockNumber.trim().toUpperCase();
}

// ASCII letters, digits and hyphens: a dealer's lot code ("LD-1001"), also used in a path (the live check's URL).
const STOCK_NUMBER = /^[A-Za-z0-9-]+$/;

export const stockNumberField = requiredText(MARKETPLACE_MESSAGES.stockNumberRequired)
  .max(TEXT_LIMITS.stockNumber, MARKETPLACE_MESSAGES.stockNumberTooLong)
  .regex(STOCK_NUMBER, MARKETPLACE_MESSAGES.stockNumberCharacters);

/** A calendar date, "YYYY-MM-DD". */
export function isoDateField(requiredMessage: string, invalidMessage: string) {
  return requiredText(requiredMessage).pipe(z.iso.date(invalidMessage));
}

/**
 * The vehicle's expiration date: required, not in the past when the vehicle is added (a vehicle is never added
 * already expired), within the offer window either way (shared/marketplace/vehicle-offer.ts).
 */
export function vehicleExpirationDateField(options: { atCreation: boolean }) {
  return requiredText(MARKETPLACE_MESSAGES.expirationDateRequired).pipe(
    expirationDateSchema({ atCreation: options.atCreation, invalidMessage: MARKETPLACE_MESSAGES.expirationDateInvalid }),
  );
}

/** 1 to AVAILABLE_STOCK_MAX units. */
export const availableStockField = integer(undefined, MARKETPLACE_MESSAGES.availableStock)
  .min(1, MARKETPLACE_MESSAGES.availableStock)
  .max(AVAILABLE_STOCK_MAX, MARKETPLACE_MESSAGES.availableStock);

export const marketplaceVehicleSchema = z.object({
  stockNumber: stockNumberField,
  year: integer(MARKETPLACE_MESSAGES.yearRequired, MARKETPLACE_MESSAGES.yearRange)
    .min(VEHICLE_YEAR_MIN, MARKETPLACE_MESSAGES.yearRange)
    .max(MARKETPLACE_YEAR_MAX, MARKETPLACE_MESSAGES.yearRange),
  make: makeField(MARKETPLACE_MESSAGES.makeRequired),
  model: modelField(MARKETPLACE_MESSAGES.modelRequired),
  trim: trimField,
  vin: vinField,
  msrp: blankToNull(number().positive(MARKETPLACE_MESSAGES.msrpPositive)),
  totalDueAtSigning: blankToNull(number().min(0, MARKETPLACE_MESSAGES.totalDueMin)),
  downPayment: blankToNull(downPaymentField()),
  monthlyPayment: monthlyPaymentField(MARKETPLACE_MESSAGES.monthlyPaymentRequired),
  termMonths: termMonthsField(MARKETPLACE_MESSAGES.termRequired),
  availableStock: availableStockField.default(MARKETPLACE_DEFAULT_AVAILABLE_STOCK),
  expirationDate: vehicleExpirationDateField({ atCreation: true }),
  /** Duplicates collapse: ticking an incentive twice means the same thing. */
  incentives: z
    .array(z.enum(MARKETPLACE_INCENTIVES, 'Unknown incentive'))
    .default([])
    .transform((list) => [...new Set(list)]),
  notes: vehicleNotesField,
  imageUrl: imageUrlField,
  /** Dealers are locked to their own dealership by the handler, whatever the body says. */
  dealershipId: blankToNull(text()),
});
export type MarketplaceVehicleInput = z.input<typeof marketplaceVehicleSchema>;

/** The same form editing a vehicle: its expiration date may be in the past (an expired vehicle is still edited). */
export const marketplaceVehicleEditSchema = marketplaceVehicleSchema.extend({
  expirationDate: vehicleExpirationDateField({ atCreation: false }),
});
export type MarketplaceVehicle = z.output<typeof marketplaceVehicleSchema>;

/** The image chosen on the form, checked before the upload. */
export const vehicleImageFileSchema = fileSchema('vehicleImage');
