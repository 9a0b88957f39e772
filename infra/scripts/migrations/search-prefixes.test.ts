/** The search-prefixes migration's pure rules (the migration itself: search-prefixes.int.test.ts). */
import { describe, expect, it } from 'vitest';
import { searchTokens } from '@functions/domain/deals/deal-list-index';
import { everyDealToken } from './search-prefixes';

const deal = {
  make: 'Toyota',
  model: 'RAV4 Hybrid',
  clientName: 'Ann Lee',
  vin: '1HGCM82633A004352',
  stockNumber: 'STK-10423',
};

describe('everyDealToken', () => {
  it("holds every token of today's rule and what the previous rule and word order could have written", () => {
    const every = everyDealToken(deal);

    expect(every).toEqual(expect.arrayContaining(searchTokens(deal)));
    // Until 26 Nov 2026 every prefix from 2 characters had a listing ("an", "le", "st"), and before that the make
    // and model came before the client. The migration deletes the listings of `every` today's tokens leave out.
    expect(searchTokens(deal)).not.toEqual(expect.arrayContaining(['an', 'le', 'st', 'ra', 'hy']));
    expect(every).toEqual(expect.arrayContaining(['an', 'le', 'st', 'ra', 'hy', 'hyb', 'hybrid', 'lee', '1hgcm8']));
    expect(new Set(every).size).toBe(every.length);
  });

  it('holds the one-letter words the previous rule listed as themselves', () => {
    expect(everyDealToken({ make: 'X', model: 'Q5', clientName: 'J Smith' })).toEqual(
      expect.arrayContaining(['x', 'j', 'q5', 'sm']),
    );
  });
});
