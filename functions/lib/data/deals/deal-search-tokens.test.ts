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
  it("index the VIN's first 6 characters and every prefix of each stock-number word, before the names", () => {
    const tokens = searchTokens(deal({ vin: '1HGCM82633A004352', stockNumber: 'STK-1234' }));
    expect(tokens.slice(0, 7)).toEqual(['1hgcm8', 'st', 'stk', '12', '123', '1234', 'an']);
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

  it("keep the client's last name before a model's second word when the cap binds", () => {
    const tokens = searchTokens(
      deal({ model: 'RAV4 Hybrid', vin: '1HGCM82633A004352', stockNumber: 'STK-10423', clientName: 'Ann Lee' }),
    );
    expect(tokens.length).toBeLessThanOrEqual(SEARCH_TOKENS_MAX);
    for (const word of ['1hgcm8', 'stk', '10423', 'ann', 'lee', 'rav4', 'toyota']) expect(tokens).toContain(searchToken(word));
    // The one word left out of the listings: a search "rav4 hybrid" still finds the deal through "rav4".
    expect(tokens).not.toContain('hybrid');
    expect(searchText(deal({ model: 'RAV4 Hybrid' }))).toContain(' hybrid ');
  });

  it("keep the stock number and a long client name's first and last words before the make, which the make filter finds", () => {
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
    for (const word of ['lr', '20931', 'alexan', 'montgo', 'range']) expect(tokens).toContain(searchToken(word));
    // Land (3) no longer fits: the make is the last of the first words (the deals list's make buttons find it).
    for (const left of ['la', 'sport', 'ma']) expect(tokens).not.toContain(left);
  });

  it('put the VIN and stock number in the text every search word is checked against', () => {
    expect(searchText(deal({ vin: '1HGCM82633A004352', stockNumber: 'STK-1234' }))).toBe(
      ' toyota rav4 ann lee 1hgcm82633a004352 stk 1234 ',
    );
    expect(searchText(deal())).toBe(' toyota rav4 ann lee ');
  });

  it('give a deal found by a VIN prefix its token listing entry', () => {
    const listings = listEntries(deal({ vin: '1HGCM82633A004352' })).map((entry) => entry.listing);
    expect(listings).toContain(`all#all#tok#${searchToken('1hgcm8')}`);
  });
});
