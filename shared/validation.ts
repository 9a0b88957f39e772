/**
 * Small zod building blocks shared by the feature schemas, so that every form and handler treats blank
 * input, numbers and free text the same way and falls back to the same generic messages.
 */
import * as z from 'zod';
import { INVALID_INPUT } from './constants';
import { decimalPlaces } from './math';

/**
 * Fallback messages, worded by the product, for input a field's own rules do not describe. "Invalid input" lives in the
 * zod-free constants so that shaping an error (shared/errors.ts) does not pull zod into every Lambda.
 */
export { INVALID_INPUT };
export const INVALID_NUMBER = 'Invalid number';
/** Toast title when a form is submitted with required fields missing (deal and dealership forms). */
export const MISSING_INFORMATION_TITLE = 'Missing information';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * An optional field: absent, null or blank text becomes `null` (stored as null, as the product asks for
 * the dealership form), anything else must satisfy `schema`.
 */
export function blankToNull<T extends z.ZodType>(schema: T) {
  return z
    .preprocess((value) => (isBlank(value) ? null : value), schema.nullable())
    .optional()
    .transform((value) => value ?? null);
}

/** Trimmed text whose wrong type reads "Invalid input". */
export function text() {
  return z.string({ error: INVALID_INPUT }).trim();
}

/** Trimmed text that must not be blank. */
export function requiredText(requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : INVALID_INPUT) })
    .trim()
    .min(1, requiredMessage);
}

/**
 * A finite number. A missing value reads `requiredMessage` (when given), anything that is not a number reads
 * "Invalid number" (zod rejects NaN and Infinity as well).
 */
export function number(requiredMessage?: string) {
  return z.number({
    error: (issue) => (issue.input === undefined && requiredMessage ? requiredMessage : INVALID_NUMBER),
  });
}

/** A whole number; "Invalid number" for anything else unless `message` says otherwise. */
export function integer(requiredMessage?: string, message = INVALID_NUMBER) {
  return number(requiredMessage).refine(Number.isInteger, message);
}

/** Refinement: at most `places` decimals, matching an input's `step` (0.01 -> 2, 0.1 -> 1). */
export function hasAtMostDecimals(places: number) {
  return (value: number) => decimalPlaces(value) <= places;
}

export const INVALID_PHONE_MESSAGE = 'Invalid phone number format';
// International format: optional "+", then up to 15 digits, not starting with 0 (E.164).
const INTERNATIONAL_PHONE = /^\+?[1-9]\d{1,14}$/;

/**
 * A phone number in international format. Spaces, dots, hyphens and parentheses people type for readability
 * are removed first, so "(555) 123-4567" is accepted and stored as "5551234567".
 */
export function phoneNumber() {
  return text()
    .transform((value) => value.replace(/[\s().-]/g, ''))
    .pipe(z.string().regex(INTERNATIONAL_PHONE, INVALID_PHONE_MESSAGE));
}

// ---------------------------------------------------------------------------------------------------------------
// Characters a reader cannot see

/**
 * Control characters (NUL, escape, DEL, the C1 range...) and Unicode's bidirectional formatting characters (the
 * embeddings and overrides U+202A-U+202E, the isolates U+2066-U+2069, and the marks U+200E, U+200F, U+061C). They
 * render as nothing, or reorder the text around them, so "‮gpj.exe" reads as "exe.jpg": a name shown to others
 * must not carry them.
 */
const CONTROL_OR_BIDI = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
const CONTROL_OR_BIDI_ALL = new RegExp(CONTROL_OR_BIDI.source, 'gu');
/** The control characters a note keeps: tab and line breaks. */
const NOTE_WHITESPACE = new Set(['\t', '\n', '\r']);

/** "Trim cannot contain control or text-direction characters". */
export function controlCharactersMessage(label: string): string {
  return `${label} cannot contain control or text-direction characters`;
}

export function hasNoControlCharacters(value: string): boolean {
  return !CONTROL_OR_BIDI.test(value);
}

/** `value` without control and bidi formatting characters, keeping tabs and line breaks (a note's paragraphs). */
export function stripControlCharacters(value: string): string {
  return value.replace(CONTROL_OR_BIDI_ALL, (character) => (NOTE_WHITESPACE.has(character) ? character : ''));
}

/** Trimmed text that refuses control and bidi formatting characters, naming the field: for names shown to others. */
export function nameText(label: string) {
  return text().refine(hasNoControlCharacters, controlCharactersMessage(label));
}

/**
 * An optional free-text note: control and bidi formatting characters are removed (tabs and line breaks kept), then
 * it is trimmed; blank (also once cleaned) is null, longer than `maxLength` is refused with `tooLongMessage`.
 */
export function freeText(maxLength: number, tooLongMessage: string) {
  return z
    .preprocess((value) => {
      const cleaned = typeof value === 'string' ? stripControlCharacters(value) : value;
      return isBlank(cleaned) ? null : cleaned;
    }, text().max(maxLength, tooLongMessage).nullable())
    .optional()
    .transform((value) => value ?? null);
}
