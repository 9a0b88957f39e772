/** The deals' search tokens for VIN and stock number (the global search and the deals list's search). */
import { describe, expect, it } from 'vitest';
import { SEARCH_TOKENS_MAX, listEntries, searchText, searchToken, searchTokens, type ListedDeal } from './deal-list-index';

const deal = (overrides: Partial<ListedDeal> = {}): ListedDeal => ({
  id: 'D1',
  createdAt: '2026-11-01T10:00:00.000Z',
  status: 'pending',
  make: 'Toyota',
  model: 'RAV4',
  clientId: 'C1',
  clientName: 'Ann Lee',
  ...overrides,
});

describe('deal search tokens: VIN and stock number', () => {
  it("index the VIN's first 6 characters and its last 6 and 8, then every prefix of each stock-number word, before the names", () => {
    const tokens = searchTokens(deal({ vin: '1HGCM82633A004352', stockNumber: 'STK-1234' }));
    // The last 8 ("3a004352") is looked up by its first 6.
    expect(tokens.slice(0, 7)).toEqual(['1hgcm8', '004352', '3a0043', 'stk', '123', '1234', 'ann']);
    expect(tokens).toContain('toyota');
    expect(tokens).toContain('ann');
  });

  it('are kept when make, model and client name alone would fill SEARCH_TOKENS_MAX', () => {
    const long = deal({
      make: 'Mercedes-Benz',
      model: 'Grand Cherokee Limited',
      clientName: 'Maria José Álvarez Ortega',
      vin: 'WDC0G8EB1LF123456',
      stockNumber: 'A77',
    });
    const tokens = searchTokens(long);
    expect(tokens.length).toBeLessThanOrEqual(SEARCH_TOKENS_MAX);
    expect(tokens).toContain(searchToken('wdc0g8eb1lf123456'));
    expect(tokens).toContain(searchToken('a77'));
  });

  it("keep a two-word model, the make and the client's first and last name with a VIN and stock number", () => {
    const tokens = searchTokens(
      deal({ model: 'RAV4 Hybrid', vin: '1HGCM82633A004352', stockNumber: 'STK-10423', clientName: 'Ann Lee' }),
    );
    expect(tokens.length).toBeLessThanOrEqual(SEARCH_TOKENS_MAX);
    for (const word of ['1hgcm8', '004352', '3a0043', 'stk', '10423', 'ann', 'lee', 'rav4', 'hybrid', 'toyota']) {
      expect(tokens).toContain(searchToken(word));
    }
  });

  it('keep the make of a deal with a long client name, a stock number and a two-word make and model', () => {
    const tokens = searchTokens(
      deal({
        make: 'Land Rover',
        model: 'Range Rover Sport',
        clientName: 'Alexandra Maria Montgomery',
        vin: 'SALWR2SU5MA123456',
        stockNumber: 'LR-20931',
      }),
    );
    expect(tokens.length).toBeLessThanOrEqual(SEARCH_TOKENS_MAX);
    for (const word of ['lr', '20931', 'alexan', 'montgo', 'range', 'land', 'rover', 'sport']) {
      expect(tokens).toContain(searchToken(word));
    }
    // The client's middle name is the one word left out (found with another: "alexandra maria").
    expect(tokens).not.toContain('mar');
  });

  it("keep the client's first and last words, the model's and make's first, when the cap binds; a further word goes", () => {
    const tokens = searchTokens(
      deal({
        make: 'Mercedes-Benz',
        model: 'Maybach Limousine',
        clientName: 'Christopher Alexander Worthington',
        vin: 'WDC0G8EB1LF123456',
        stockNumber: 'MBX-204931',
      }),
    );
    expect(tokens).toHaveLength(SEARCH_TOKENS_MAX);
    for (const word of ['mbx', '204931', 'christ', 'worthi', 'maybac', 'merced', 'benz']) {
      expect(tokens).toContain(searchToken(word));
    }
    // The model's second word (4 listings) no longer fits, the make's second (2) does; the client's middle name is
    // last. Both stay in the text, so "maybach limousine" and "christopher alexander" find the deal.
    expect(tokens).not.toContain('limous');
    expect(tokens).not.toContain('alexan');
    expect(searchText(deal({ model: 'Maybach Limousine' }))).toContain(' limousine ');
  });

  it('put the VIN and stock number in the text every search word is checked against', () => {
    expect(searchText(deal({ vin: '1HGCM82633A004352', stockNumber: 'STK-1234' }))).toBe(
      ' toyota rav4 ann lee 1hgcm82633a004352 004352 3a004352 stk 1234 ',
    );
    expect(searchText(deal())).toBe(' toyota rav4 ann lee ');
  });

  it('give a deal found by a VIN start or end its token listing entry', () => {
    const listings = listEntries(deal({ vin: '1HGCM82633A004352' })).map((entry) => entry.listing);
    for (const typed of ['1hgcm8', '1hgcm82633', '004352', '3a004352']) {
      expect(listings).toContain(`all#all#tok#${searchToken(typed)}`);
    }
  });
});
