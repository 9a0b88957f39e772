/** The deals' search tokens for VIN and stock number (the global search and the deals list's search). */
import { describe, expect, it } from 'vitest';
import {
  SEARCH_TOKENS_MAX,
  listEntries,
  searchText,
  searchToken,
  searchTokens,
  stockStartTokens,
  stockStartWord,
  type ListedDeal,
} from './deal-list-index';

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
  it("index the VIN's first 6 characters and its last 4 and 6, then every prefix of each stock-number word, before the names", () => {
    const tokens = searchTokens(deal({ vin: '1HGCM82633A004352', stockNumber: 'STK-1234' }));
    // The last 8 ("3a004352") has no listing of its own: it is read through its last 6's.
    expect(tokens.slice(0, 7)).toEqual(['1hgcm8', '4352', '004352', 'stk', '123', '1234', 'ann']);
    expect(tokens).not.toContain('3a0043');
    expect(tokens).toContain('toyota');
    // The stock number's start past its first word, 1 and 2 characters: "STK-1", "STK-12".
    expect(tokens).toContain('stk1');
    expect(tokens).toContain('stk12');
  });

  it("list a stock number's start where its split words have no listing of their own, at most 2", () => {
    expect(stockStartTokens('LD-1001')).toEqual(['ld1', 'ld10']);
    expect(stockStartTokens('A-7-22')).toEqual(['a7', 'a72']);
    expect(stockStartTokens('STK-9')).toEqual(['stk9']);
    // One word: its own prefixes are its start.
    expect(stockStartTokens('P12345')).toEqual([]);
    // Never past the longest prefix.
    expect(stockStartTokens('MARKET-12')).toEqual([]);
    expect(stockStartTokens(null)).toEqual([]);
  });

  it("read a stock-number-like query as a stock number's start when its words after the first are 1 or 2 characters", () => {
    expect(stockStartWord('LD-10')).toBe('ld10');
    expect(stockStartWord(' ld-1 ')).toBe('ld1');
    expect(stockStartWord('ld 10')).toBe('ld10');
    // From 3 characters the second word's own listing finds it; a single word, a name, or no digit is no start.
    expect(stockStartWord('LD-100')).toBeNull();
    expect(stockStartWord('LD10')).toBeNull();
    expect(stockStartWord('ann lee')).toBeNull();
    expect(stockStartWord('LD-10 Toyota')).toBeNull();
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
    for (const word of ['1hgcm8', '4352', '004352', 'stk', '10423', 'stk1', 'stk10', 'ann', 'lee', 'rav4', 'hybrid', 'toyota']) {
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
      ' toyota rav4 ann lee 1hgcm82633a004352 4352 004352 3a004352 stk 1234 stk1234 ',
    );
    expect(searchText(deal())).toBe(' toyota rav4 ann lee ');
  });

  it('give a deal found by a VIN start or its last 4 or 6 its token listing entry', () => {
    const listings = listEntries(deal({ vin: '1HGCM82633A004352' })).map((entry) => entry.listing);
    for (const typed of ['1hgcm8', '1hgcm82633', '4352', '004352']) {
      expect(listings).toContain(`all#all#tok#${searchToken(typed)}`);
    }
  });
});
