import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { TransactionAbortedError } from './data/transactions';
import { ConflictError, ServiceUnavailableError } from './errors';
import {
  CONCURRENT_WRITE_MESSAGE,
  DependencyUnavailableError,
  outsideServiceError,
  UNAVAILABLE_MESSAGES,
  unavailableDependency,
} from './unavailable';

const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });

describe('unavailableDependency', () => {
  it('names the table for DynamoDB throttling that outlived the SDK retries', () => {
    const throttled = new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: { attempts: 10 } });

    expect(unavailableDependency(throttled)).toBe('table');
    expect(unavailableDependency(named('RequestLimitExceeded'))).toBe('table');
  });

  it('names the adapter that said which service failed', () => {
    expect(unavailableDependency(new DependencyUnavailableError('payments', new Error('timeout')))).toBe('payments');
  });

  it('takes any 5xx, timeout or network failure of an outside service as unavailable', () => {
    expect(unavailableDependency(named('SlowDown', { $metadata: { httpStatusCode: 503 } }))).toBe('service');
    expect(unavailableDependency(named('TimeoutError'))).toBe('service');
    expect(unavailableDependency(named('Error', { code: 'ECONNRESET' }))).toBe('service');
    expect(unavailableDependency(named('TooManyRequestsException'))).toBe('accounts');
  });

  it('leaves defects and refusals alone: they are not an outage', () => {
    expect(unavailableDependency(new TypeError('x is undefined'))).toBeNull();
    expect(unavailableDependency(named('ValidationException', { $metadata: { httpStatusCode: 400 } }))).toBeNull();
    expect(unavailableDependency(named('ConditionalCheckFailedException', { $metadata: { httpStatusCode: 400 } }))).toBeNull();
    expect(unavailableDependency('boom')).toBeNull();
  });
});

describe('outsideServiceError', () => {
  it('answers 503 with what is unavailable', () => {
    const answer = outsideServiceError(new DependencyUnavailableError('storage', named('AccessDenied')));

    expect(answer).toBeInstanceOf(ServiceUnavailableError);
    expect(answer?.status).toBe(503);
    expect(answer?.message).toBe(UNAVAILABLE_MESSAGES.storage);
    expect(answer?.responseHeaders()).toEqual({ 'retry-after': '5' });
  });

  it('answers 409 for a transaction still lost to a concurrent one after the retries, 503 for a throttled one', () => {
    expect(outsideServiceError(new TransactionAbortedError('x', ['None', 'TransactionConflict']))).toEqual(
      new ConflictError(CONCURRENT_WRITE_MESSAGE),
    );
    expect(outsideServiceError(new TransactionAbortedError('x', ['ThrottlingError']))?.status).toBe(503);
    expect(outsideServiceError(new TransactionAbortedError('x', ['ValidationError']))).toBeNull();
  });
});
