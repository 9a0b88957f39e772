/**
 * The errors a service may throw on purpose. Each carries its HTTP status and the code of the one error shape
 * (`ApiErrorBody` in shared/errors.ts); the HTTP factory turns them into responses. Anything else that escapes a
 * route is a bug and becomes a logged 500 "Internal error".
 */
import { apiErrorBody, type ApiErrorBody, type ErrorCode } from '@shared/errors';

export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: ErrorCode;

  toBody(): ApiErrorBody {
    return apiErrorBody(this.code, this.message);
  }

  /** Headers that go with the error response (e.g. Retry-After). */
  responseHeaders(): Record<string, string> {
    return {};
  }
}

/** 400: the request is malformed or breaks a rule; `fields` maps a field path to its first message. */
export class BadRequestError extends AppError {
  override readonly name = 'BadRequestError';
  readonly status = 400;
  readonly code = 'bad_request' satisfies ErrorCode;

  constructor(
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  override toBody(): ApiErrorBody {
    return apiErrorBody(this.code, this.message, this.fields);
  }
}

/** 401: no identity, or an identity that cannot be trusted. */
export class UnauthorizedError extends AppError {
  override readonly name = 'UnauthorizedError';
  readonly status = 401;
  readonly code = 'unauthorized' satisfies ErrorCode;

  constructor(message = 'Authentication required') {
    super(message);
  }
}

/** 403: a known caller who may not do this. */
export class ForbiddenError extends AppError {
  override readonly name = 'ForbiddenError';
  readonly status = 403;
  readonly code = 'forbidden' satisfies ErrorCode;

  constructor(message = 'Access denied') {
    super(message);
  }
}

/** 404: does not exist, or is not the caller's to see (the two are not told apart). */
export class NotFoundError extends AppError {
  override readonly name = 'NotFoundError';
  readonly status = 404;
  readonly code = 'not_found' satisfies ErrorCode;

  constructor(message = 'Not found') {
    super(message);
  }
}

/** 409: the request is valid but conflicts with the current state (a taken stock number, a used invitation). */
export class ConflictError extends AppError {
  override readonly name = 'ConflictError';
  readonly status = 409;
  readonly code = 'conflict' satisfies ErrorCode;

  constructor(message: string) {
    super(message);
  }
}

/** 429: this caller has used up its allowance for now (see rate-limit.ts). */
export class TooManyRequestsError extends AppError {
  override readonly name = 'TooManyRequestsError';
  readonly status = 429;
  readonly code = 'too_many_requests' satisfies ErrorCode;

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }

  override responseHeaders(): Record<string, string> {
    return { 'retry-after': String(this.retryAfterSeconds) };
  }
}

/**
 * 503: a service LeaseDesk depends on (the table, the payment provider, the secret store) refused or timed out after
 * its own retries. Nothing was half-written (docs/architecture.md, "Faults"); the same request may be sent again.
 */
export class ServiceUnavailableError extends AppError {
  override readonly name = 'ServiceUnavailableError';
  readonly status = 503;
  readonly code = 'unavailable' satisfies ErrorCode;

  constructor(
    message: string,
    readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }

  override responseHeaders(): Record<string, string> {
    return { 'retry-after': String(this.retryAfterSeconds) };
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
