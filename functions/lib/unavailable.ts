/**
 * Outside services that fail, told apart from defects (docs/architecture.md, "Faults"). A service LeaseDesk depends
 * on that throttles, times out or answers 5xx after its client's own retries is not a bug in the request nor in our
 * code: the caller gets a 503 in the one error shape, naming what is unavailable, with Retry-After, instead of an
 * opaque 500. The HTTP boundary (http/feature-handler.ts) asks `asServiceUnavailable` about every error that is not
 * one of ours.
 *
 * Adapters that know which service failed throw `DependencyUnavailableError` (the payment provider, S3, the secret
 * store); AWS SDK errors that escape a store are recognised by their name or their HTTP status, and a transaction
 * `commit` (data/transactions.ts) gave up on by its cancellation reasons.
 */
import { ConflictError, ServiceUnavailableError, type AppError } from './errors';

/**
 * 409 for a transaction DynamoDB still cancelled for a conflict after `commit`'s own retries: another request is
 * writing the same items at this very moment. Nothing of this request was written.
 */
export const CONCURRENT_WRITE_MESSAGE = 'Someone else is saving this at the same moment. Please try again.';

export type Dependency = 'table' | 'payments' | 'storage' | 'secrets' | 'accounts' | 'service';

/** What the user reads: what is unavailable and what to do. Never the provider's own text. */
export const UNAVAILABLE_MESSAGES: Record<Dependency, string> = {
  table: 'LeaseDesk is busy right now. Please try again in a moment.',
  payments: 'The payment provider is not responding right now. Please try again in a moment.',
  storage: 'File storage is unavailable right now. Please try again in a moment.',
  secrets: 'The service is unavailable right now. Please try again in a moment.',
  accounts: 'The sign-in service is busy right now. Please try again in a moment.',
  service: 'A service LeaseDesk relies on is not responding right now. Please try again in a moment.',
};

/** Thrown by an adapter when the service behind it failed (not when it refused the request for a reason). */
export class DependencyUnavailableError extends Error {
  override readonly name = 'DependencyUnavailableError';

  constructor(
    readonly dependency: Dependency,
    cause: unknown,
  ) {
    super(`${dependency} unavailable: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`, { cause });
  }
}

/** DynamoDB's own throttling and capacity errors (the SDK has already retried them with backoff). */
const TABLE_ERRORS = new Set([
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'ThrottlingException',
  'TransactionInProgressException',
]);

/** Cognito's. */
const ACCOUNT_ERRORS = new Set(['TooManyRequestsException', 'InternalErrorException']);

/** Any AWS service's, or the network's, once the client gave up. */
const TRANSIENT_ERRORS = new Set([
  'InternalServerError',
  'InternalServerErrorException',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'SlowDown',
  'Throttling',
  'RequestTimeout',
  'RequestTimeoutException',
  'TimeoutError',
  'AbortError',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
]);

interface SdkErrorShape {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  $retryable?: unknown;
}

/** Which dependency failed, when `error` is an outside service's transient failure; null for anything else. */
export function unavailableDependency(error: unknown): Dependency | null {
  if (error instanceof DependencyUnavailableError) return error.dependency;
  if (typeof error !== 'object' || error === null) return null;
  const { name = '', code, $metadata, $retryable } = error as SdkErrorShape;
  if (TABLE_ERRORS.has(name)) return 'table';
  if (ACCOUNT_ERRORS.has(name)) return 'accounts';
  if (TRANSIENT_ERRORS.has(name) || (code && TRANSIENT_ERRORS.has(code))) return 'service';
  const status = $metadata?.httpStatusCode ?? 0;
  if (status >= 500 || ($retryable !== undefined && $metadata !== undefined)) return 'service';
  return null;
}

/**
 * The answer for an outside service's failure: a 503 naming it, or a 409 for a transaction lost to a concurrent one;
 * null when `error` is something else (a defect: a 500).
 */
export function outsideServiceError(error: unknown): AppError | null {
  // By name, not instanceof: the HTTP plumbing does not load the table's transaction helpers (cold start).
  if ((error as Error | null)?.name === 'TransactionAbortedError') {
    const reasons = (error as { reasons?: readonly string[] }).reasons ?? [];
    if (reasons.includes('TransactionConflict')) return new ConflictError(CONCURRENT_WRITE_MESSAGE);
    if (reasons.some((reason) => reason === 'ThrottlingError' || reason === 'ProvisionedThroughputExceeded'))
      return new ServiceUnavailableError(UNAVAILABLE_MESSAGES.table);
    return null;
  }
  const dependency = unavailableDependency(error);
  return dependency ? new ServiceUnavailableError(UNAVAILABLE_MESSAGES[dependency]) : null;
}
