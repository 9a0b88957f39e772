/** The search-prefixes migration's pure rules (the migration itself: search-prefixes.int.test.ts). */
import { describe, expect, it } from 'vitest';
import { searchTokens } from '../deals/deal-list-index';
import { everyDealToken } from './search-prefixes';

const deal = {
  make: 'Toyota',
  model: 'RAV4 Hybrid',
  clientName: 'Ann Lee',
  vin: '1HGCM82633A004352',
  stockNumber: 'STK-10423',
};

describe('everyDealToken', () => {
  it("holds every token of today's order and what an earlier order could have written in its place", () => {
    const every = everyDealToken(deal);

    expect(every).toEqual(expect.arrayContaining(searchTokens(deal)));
    // Before 26 Nov 2026 the make and model came before the client: "hybrid" fitted and "lee" did not. The
    // migration deletes the listings of `every` that today's tokens leave out.
    expect(searchTokens(deal)).not.toContain('hybrid');
    expect(every).toEqual(expect.arrayContaining(['hy', 'hyb', 'hybr', 'hybri', 'hybrid', 'le', 'lee', '1hgcm8']));
    expect(new Set(every).size).toBe(every.length);
  });
});
