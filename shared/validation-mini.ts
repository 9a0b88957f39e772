/**
 * The building blocks of shared/validation.ts, written with zod/mini (zod's tree-shakeable API) for schemas that
 * public pages load: the quote wizard's first load must stay under 100 KB of JavaScript, and classic zod alone
 * costs it about 25 KB gzipped. Same rules and same messages as the classic ones; both share zod's core, so
 * a classic schema may compose a mini one (shared/quotes/api.ts does).
 */
import * as z from 'zod/mini';
import { INVALID_INPUT, INVALID_NUMBER } from './validation';

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** An optional field: absent, null or blank text becomes `null`, anything else must satisfy `schema`. */
export function blankToNull<T extends z.ZodMiniType>(schema: T) {
  return z.pipe(
    z.optional(
      z.pipe(
        z.transform((value: unknown) => (isBlank(value) ? null : value)),
        z.nullable(schema),
      ),
    ),
    z.transform((value: z.output<T> | null | undefined) => value ?? null),
  );
}

/** Trimmed text whose wrong type reads "Invalid input". */
export function text() {
  return z.string({ error: INVALID_INPUT }).check(z.trim());
}

/** Trimmed text that must not be blank. */
export function requiredText(requiredMessage: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? requiredMessage : INVALID_INPUT) })
    .check(z.trim(), z.minLength(1, requiredMessage));
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
  return number(requiredMessage).check(z.refine(Number.isInteger, message));
}
