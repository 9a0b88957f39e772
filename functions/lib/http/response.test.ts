import { describe, expect, it } from 'vitest';
import { cacheControl, jsonResponse } from './response';

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
