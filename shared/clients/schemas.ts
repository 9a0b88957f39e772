/**
 * Client record rules (docs/api.md, "Clients") and the two forms that create clients: the clients page
 * form ("Name and email are required") and the quick "New Client" dialog of the create-deal form.
 */
import * as z from 'zod';
import { CLIENT_AGE_MAX, CLIENT_AGE_MIN, CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, TEXT_LIMITS } from '../constants';
import { emailSchema } from '../auth/schemas';
import { addYears, ruleNow, todayAnywhere } from '../calendar';
import {
  blankToNull,
  controlCharactersMessage,
  freeText,
  hasNoControlCharacters,
  integer,
  phoneNumber,
  requiredText,
  text,
} from '../validation';

export const CLIENT_FORM_REQUIRED_MESSAGE = 'Name and email are required';
export const NEW_CLIENT_DIALOG_REQUIRED_MESSAGE = 'Please provide client name and email';

export const CLIENT_MESSAGES = {
  fullNameTooLong: `Full name must be less than ${TEXT_LIMITS.name} characters`,
  fullNameCharacters: 'Full name can only contain letters, spaces, hyphens, and apostrophes',
  fullNameControlCharacters: controlCharactersMessage('Full name'),
  addressTooLong: `Address must be less than ${TEXT_LIMITS.address} characters`,
  creditScore: `Credit score must be a whole number between ${CREDIT_SCORE_MIN} and ${CREDIT_SCORE_MAX}`,
  dateOfBirth: 'Date of birth must be a valid date (YYYY-MM-DD)',
  dateOfBirthTooRecent: `Date of birth must be at least ${CLIENT_AGE_MIN} years ago (clients are adults)`,
  dateOfBirthTooOld: `Date of birth must be within the last ${CLIENT_AGE_MAX} years`,
  notesTooLong: `Notes must be less than ${TEXT_LIMITS.clientNotes} characters`,
  preferredMakeTooLong: `Each preferred make must be less than ${TEXT_LIMITS.make} characters`,
} as const;

// Letters of any alphabet (José, Zoë), spaces, hyphens and apostrophes, straight or typographic (O’Brien).
const PERSON_NAME = /^[\p{L}\p{M} '’-]+$/u;

/**
 * Pure: what is wrong with a date of birth (YYYY-MM-DD) at `now`, or null: the client is 18 to 120 years old. The
 * 18th birthday counts from the latest today anywhere, the 120-year bound from the earliest (shared/calendar.ts),
 * so a client who turns 18 today is accepted wherever the broker is.
 */
export function dateOfBirthIssue(dateOfBirth: string, now: Date): string | null {
  const { earliest, latest } = todayAnywhere(now);
  if (dateOfBirth > addYears(latest, -CLIENT_AGE_MIN)) return CLIENT_MESSAGES.dateOfBirthTooRecent;
  if (dateOfBirth < addYears(earliest, -CLIENT_AGE_MAX)) return CLIENT_MESSAGES.dateOfBirthTooOld;
  return null;
}

/** "Toyota, Honda ,, BMW" -> ["Toyota", "Honda", "BMW"]: comma-separated, trimmed, blanks dropped. */
export function parsePreferredMakes(input: string): string[] {
  return input
    .split(',')
    .map((make) => make.trim())
    .filter(Boolean);
}

function clientFields(requiredMessage: string) {
  return {
    fullName: requiredText(requiredMessage)
      .refine(hasNoControlCharacters, CLIENT_MESSAGES.fullNameControlCharacters)
      .max(TEXT_LIMITS.name, CLIENT_MESSAGES.fullNameTooLong)
      .regex(PERSON_NAME, CLIENT_MESSAGES.fullNameCharacters),
    // Blank reads as the form's required message; a present address must be valid.
    email: requiredText(requiredMessage).pipe(emailSchema),
    phone: blankToNull(phoneNumber()),
  };
}

function makeClientSchema(requiredMessage: string) {
  return z.object({
    ...clientFields(requiredMessage),
    address: freeText(TEXT_LIMITS.address, CLIENT_MESSAGES.addressTooLong),
    creditScore: blankToNull(
      integer(undefined, CLIENT_MESSAGES.creditScore)
        .min(CREDIT_SCORE_MIN, CLIENT_MESSAGES.creditScore)
        .max(CREDIT_SCORE_MAX, CLIENT_MESSAGES.creditScore),
    ),
    // Judged when checked: the request's time on the server (shared/calendar.ts).
    dateOfBirth: blankToNull(
      z.iso.date(CLIENT_MESSAGES.dateOfBirth).superRefine((value, ctx) => {
        const issue = dateOfBirthIssue(value, ruleNow());
        if (issue) ctx.addIssue({ code: 'custom', message: issue });
      }),
    ),
    /** A list, or the form's comma-separated text. */
    preferredMakes: z
      .preprocess(
        (value) => (typeof value === 'string' ? parsePreferredMakes(value) : (value ?? [])),
        z.array(text().min(1).max(TEXT_LIMITS.make, CLIENT_MESSAGES.preferredMakeTooLong)),
      )
      .optional()
      .transform((makes) => makes ?? []),
    notes: freeText(TEXT_LIMITS.clientNotes, CLIENT_MESSAGES.notesTooLong),
  });
}

/** A client created or edited on the clients page (and the record rules every client obeys). */
export const clientSchema = makeClientSchema(CLIENT_FORM_REQUIRED_MESSAGE);
export type ClientInput = z.input<typeof clientSchema>;
export type Client = z.output<typeof clientSchema>;

/** The "New Client" dialog of the create-deal form: name and e-mail, phone optional. */
export const newClientDialogSchema = z.object(clientFields(NEW_CLIENT_DIALOG_REQUIRED_MESSAGE));
export type NewClient = z.output<typeof newClientDialogSchema>;
