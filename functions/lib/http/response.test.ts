import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors';
import { cacheControl, errorResponse, internalErrorResponse, jsonResponse } from './response';

describe('cacheControl', () => {
  it.each([
    [{}, 'no-store'],
    [{ maxAge: 60 }, 'public, max-age=60'],
    [{ maxAge: 60, sMaxAge: 300 }, 'public, max-age=60, s-maxage=300'],
    [{ sMaxAge: 300 }, 'no-store'],
  ])('%j -> %s', (policy, header) => {
    expect(cacheControl(policy)).toBe(header);
  });

  it('is no-store for a response without a policy', () => {
    expect(jsonResponse(200, {}).headers?.['cache-control']).toBe('no-store');
  });
});

describe('content sniffing', () => {
  it('forbids sniffing on every JSON answer, success and error alike', () => {
    expect(jsonResponse(200, {}).headers?.['x-content-type-options']).toBe('nosniff');
    expect(errorResponse(new NotFoundError('gone')).headers?.['x-content-type-options']).toBe('nosniff');
    expect(internalErrorResponse().headers?.['x-content-type-options']).toBe('nosniff');
  });
});
