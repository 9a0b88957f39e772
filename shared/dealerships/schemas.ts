/**
 * Dealership rules (docs/api.md, "Dealerships"): the admin's add/edit dialog, the quick "New Dealership"
 * dialog of the create-deal form, and a dealer contact. Blank optional fields are stored as null.
 */
import * as z from 'zod';
import { TEXT_LIMITS } from '../constants';
import { emailSchema } from '../auth/schemas';
import {
  blankToNull,
  controlCharactersMessage,
  freeText,
  hasAtMostDecimals,
  hasNoControlCharacters,
  nameText,
  number,
  requiredText,
  text,
  phoneNumber,
} from '../validation';

export const DEALERSHIP_REQUIRED_MESSAGE = 'Name and location are required';
export const NEW_DEALERSHIP_DIALOG_MESSAGE = 'Please provide dealership name and location';

export const DEALERSHIP_MESSAGES = {
  nameTooLong: `Name must be less than ${TEXT_LIMITS.name} characters`,
  locationTooLong: `Location must be less than ${TEXT_LIMITS.location} characters`,
  contactNameTooLong: `Contact name must be less than ${TEXT_LIMITS.name} characters`,
  website: 'Website must be a valid URL',
  successRate: 'Success rate must be between 0 and 100, with at most 2 decimals',
  responseTime: 'Response time must be 0 or more hours, with at most 1 decimal',
  notesTooLong: `Notes must be less than ${TEXT_LIMITS.dealershipNotes} characters`,
  dealerContactNameRequired: 'Contact name is required',
  licenseNumberTooLong: `License number must be less than ${TEXT_LIMITS.licenceNumber} characters`,
} as const;

/** A scheme at the start of what was typed ("https://", "ftp://"); a bare "dealer.com" has none. */
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A website as typed, completed: "dealer.com" becomes "https://dealer.com" (completed, not refused: a user types the
 * short form). Anything else (blank, a full address, not text) is returned as is for the schema to judge.
 */
export function completeWebsite<T>(value: T): T | string {
  if (typeof value !== 'string') return value;
  const typed = value.trim();
  return typed === '' || HAS_SCHEME.test(typed) ? typed : `https://${typed}`;
}

/** An http(s) address of a named host (a dot in it: "https://dealer" is a typo, not a website); completed first. */
const websiteUrl = z.preprocess(
  completeWebsite,
  z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: DEALERSHIP_MESSAGES.website }),
);

function nameAndLocation(requiredMessage: string) {
  return {
    name: requiredText(requiredMessage)
      .refine(hasNoControlCharacters, controlCharactersMessage('Name'))
      .max(TEXT_LIMITS.name, DEALERSHIP_MESSAGES.nameTooLong),
    location: requiredText(requiredMessage)
      .refine(hasNoControlCharacters, controlCharactersMessage('Location'))
      .max(TEXT_LIMITS.location, DEALERSHIP_MESSAGES.locationTooLong),
  };
}

const contactName = blankToNull(nameText('Contact name').max(TEXT_LIMITS.name, DEALERSHIP_MESSAGES.contactNameTooLong));

export const dealershipSchema = z.object({
  ...nameAndLocation(DEALERSHIP_REQUIRED_MESSAGE),
  contactName,
  contactEmail: blankToNull(emailSchema),
  contactPhone: blankToNull(phoneNumber()),
  /** The dealership's CRM lead inbox: "Send to dealer" e-mails deals there as ADF (docs/decisions.md, "ADF leads"). */
  leadEmail: blankToNull(emailSchema),
  website: blankToNull(websiteUrl),
  // The form's inputs step by 0.1 hours and 0.01 percent.
  responseTimeHours: blankToNull(
    number().min(0, DEALERSHIP_MESSAGES.responseTime).refine(hasAtMostDecimals(1), DEALERSHIP_MESSAGES.responseTime),
  ),
  successRate: blankToNull(
    number()
      .min(0, DEALERSHIP_MESSAGES.successRate)
      .max(100, DEALERSHIP_MESSAGES.successRate)
      .refine(hasAtMostDecimals(2), DEALERSHIP_MESSAGES.successRate),
  ),
  notes: freeText(TEXT_LIMITS.dealershipNotes, DEALERSHIP_MESSAGES.notesTooLong),
});
export type DealershipInput = z.input<typeof dealershipSchema>;
export type Dealership = z.output<typeof dealershipSchema>;

/** Quick insert from the create-deal form: name, location and an optional contact name. */
export const newDealershipDialogSchema = z.object({
  ...nameAndLocation(NEW_DEALERSHIP_DIALOG_MESSAGE),
  contactName,
});
export type NewDealership = z.output<typeof newDealershipDialogSchema>;

/** A named contact at a dealership, with an optional dealer licence number. */
export const dealerContactSchema = z.object({
  name: requiredText(DEALERSHIP_MESSAGES.dealerContactNameRequired)
    .refine(hasNoControlCharacters, controlCharactersMessage('Contact name'))
    .max(TEXT_LIMITS.name, DEALERSHIP_MESSAGES.contactNameTooLong),
  licenseNumber: blankToNull(text().max(TEXT_LIMITS.licenceNumber, DEALERSHIP_MESSAGES.licenseNumberTooLong)),
});
export type DealerContact = z.output<typeof dealerContactSchema>;
