/**
 * The one error shape of the API, shared by the handlers that produce it and the web client that reads it:
 * `{ "error": { "code", "message", "fields"? } }`. `message` is always fit to show to the user (the
 * required wording for validation errors); `fields` maps a field path to its first message for inline display.
 */
import type { z } from 'zod';
import { INVALID_INPUT } from './constants';

export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_many_requests',
  'internal',
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiError {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
}
export interface ApiErrorBody {
  error: ApiError;
}

/** The HTTP status that goes with each code. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
};

export function apiErrorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}

/** Lets the web client tell our error body from anything else a proxy might answer. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ApiError).message === 'string' &&
    (ERROR_CODES as readonly string[]).includes((error as ApiError).code)
  );
}

/** The message shown for a failed validation: the schema's first message. */
export function firstIssueMessage(error: Pick<z.ZodError, 'issues'>): string {
  return error.issues[0]?.message || INVALID_INPUT;
}

/**
 * The first message per field, keyed by the dotted path ("tradeIns.0.year"); issues about the whole input
 * are keyed "" (blank).
 */
export function fieldErrors(error: Pick<z.ZodError, 'issues'>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The 400 body for a failed schema: the first message, plus every field's first message. */
export function badRequestFromZod(error: z.ZodError): ApiErrorBody {
  return apiErrorBody('bad_request', firstIssueMessage(error), fieldErrors(error));
}
