import { describe, expect, it } from 'vitest';
import { proposalTokenOf } from './link';

describe('proposalTokenOf', () => {
  it.each([
    ['/proposal/abc_DEF-123', 'abc_DEF-123'],
    ['/proposal/abc_DEF-123/', 'abc_DEF-123'],
    ['/proposal/abc%5FDEF', 'abc_DEF'],
    ['/proposal/%E0%A4%A', '%E0%A4%A'],
    ['/proposal/', ''],
    ['/proposal', ''],
    ['/proposals/abc', ''],
  ])('reads %s as %j', (path, token) => {
    expect(proposalTokenOf(path)).toBe(token);
  });
});
