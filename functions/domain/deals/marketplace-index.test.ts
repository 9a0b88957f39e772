import { describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marketplaceListingEntity } from './entities/marketplace-listing';
import { marketplaceMakeCountEntity } from './entities/marketplace-make-count';
import { vehicleStatsEntity } from './entities/vehicle-stats';
import { createToolboxTable } from '@functions/lib/data/table';
import {
  MARKETPLACE_INDEX_OPERATIONS_MAX,
  SEARCH_TOKENS_MAX,
  listedTab,
  listingChanges,
  marketplaceIndexOperations,
  listingEntries,
  makeCountDeltas,
  pendingDealDeltas,
  searchText,
  searchTokens,
  tokenCountKey,
  type ListedVehicle,
} from './marketplace-index';

const rav4: ListedVehicle = { id: 'V1', year: 2026, make: 'Toyota', model: 'RAV4 Hybrid', isArchived: false, dealershipId: 'D1' };

describe('search tokens', () => {
  it('are the year and the 2-to-8-letter starts of every make and model word', () => {
    expect(searchTokens(rav4)).toEqual([
      '2026',
      'to',
      'toy',
      'toyo',
      'toyot',
      'toyota',
      'ra',
      'rav',
      'rav4',
      'hy',
      'hyb',
      'hybr',
      'hybri',
      'hybrid',
    ]);
  });

  it('keep one-letter words, stop at 8 letters and at SEARCH_TOKENS_MAX per vehicle', () => {
    expect(searchTokens({ year: 2026, make: 'X', model: 'Y' })).toEqual(['2026', 'x', 'y']);
    expect(searchTokens({ year: 2026, make: 'Lamborghini', model: 'A' })).toContain('lamborgh');
    expect(searchTokens({ year: 2026, make: 'Lamborghini', model: 'A' })).not.toContain('lamborghi');
    expect(searchTokens({ year: 2026, make: 'Mercedes-Benz', model: 'Grand Cherokee L' })).toHaveLength(SEARCH_TOKENS_MAX);
  });

  it('match word starts through the text, in any alphabet', () => {
    expect(searchText({ year: 2026, make: 'Škoda', model: 'Octavia RS' })).toBe(' 2026 škoda octavia rs ');
  });
});

describe('listing entries', () => {
  it('put a vehicle in its tab, its dealership tab and each token listing, sorted by make then model', () => {
    const listings = listingEntries(rav4).map((entry) => entry.listing);

    expect(listings.slice(0, 3)).toEqual(['all#active#*', 'dealership#D1#active#*', 'all#active#tok#2026']);
    expect(new Set(listingEntries(rav4).map((entry) => entry.position))).toEqual(new Set(['toyota#rav4 hybrid#V1']));
  });

  it('change nothing when nothing listed changes, and move every entry on archive', () => {
    expect(listingChanges(rav4, { ...rav4 })).toEqual({ put: [], remove: [] });

    const archived = listingChanges(rav4, { ...rav4, isArchived: true });
    expect(archived.remove).toHaveLength(listingEntries(rav4).length);
    expect(archived.put.every((entry) => entry.listing.includes('#archived#'))).toBe(true);
  });

  it('rewrite (not delete and put) entries whose key stays when the year changes', () => {
    const changed = listingChanges(rav4, { ...rav4, year: 2027 });

    expect(changed.remove.map((entry) => entry.listing)).toEqual(['all#active#tok#2026']);
    expect(changed.put.map((entry) => entry.listing)).toContain('all#active#tok#2027');
    expect(changed.put.map((entry) => entry.listing)).toContain('all#active#*');
  });
});

describe('make counts', () => {
  const tabCounts = (deltas: ReturnType<typeof makeCountDeltas>) => deltas.filter((delta) => !delta.tab.includes('#tok#'));
  const tokenCounts = (deltas: ReturnType<typeof makeCountDeltas>) => deltas.filter((delta) => delta.tab.includes('#tok#'));

  it('count a new vehicle in its tab for everyone and for its dealership', () => {
    expect(tabCounts(makeCountDeltas(undefined, rav4))).toEqual([
      { tab: 'all#active', makeKey: 'toyota', make: 'Toyota', change: 1 },
      { tab: 'dealership#D1#active', makeKey: 'toyota', make: 'Toyota', change: 1 },
    ]);
  });

  it("count a new vehicle under its make in each of its search tokens' listings", () => {
    const deltas = tokenCounts(makeCountDeltas(undefined, rav4));

    expect(deltas.map((delta) => delta.tab)).toEqual(searchTokens(rav4).map((token) => tokenCountKey('active', token)));
    expect(deltas.every((delta) => delta.makeKey === 'toyota' && delta.change === 1)).toBe(true);
  });

  it('move a vehicle between tabs on archive and change nothing on an unrelated edit', () => {
    expect(tabCounts(makeCountDeltas(rav4, { ...rav4, isArchived: true })).map(({ tab, change }) => [tab, change])).toEqual([
      ['all#active', -1],
      ['dealership#D1#active', -1],
      ['all#archived', 1],
      ['dealership#D1#archived', 1],
    ]);
    expect(tokenCounts(makeCountDeltas(rav4, { ...rav4, isArchived: true }))).toHaveLength(2 * searchTokens(rav4).length);
    expect(makeCountDeltas(rav4, { ...rav4, trim: 'XLE' } as ListedVehicle)).toEqual([]);
    expect(makeCountDeltas(rav4, { ...rav4, make: 'TOYOTA' })).toEqual([]);
  });

  it('move only the token counts that change when the model changes', () => {
    const deltas = makeCountDeltas(rav4, { ...rav4, model: 'RAV4 Prime' });

    expect(tabCounts(deltas)).toEqual([]);
    expect(deltas.map(({ tab, change }) => [tab.replace('all#active#tok#', ''), change])).toEqual([
      ['hy', -1],
      ['hyb', -1],
      ['hybr', -1],
      ['hybri', -1],
      ['hybrid', -1],
      ['pr', 1],
      ['pri', 1],
      ['prim', 1],
      ['prime', 1],
    ]);
  });
});

describe('the transaction items of a deal write', () => {
  // Building transaction items sends nothing: a client that is never called.
  const table = createToolboxTable(DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })), 'table');
  const entities = {
    marketplaceListing: marketplaceListingEntity(table),
    marketplaceMakeCount: marketplaceMakeCountEntity(table),
    vehicleStats: vehicleStatsEntity(table),
  };

  it('stay within MARKETPLACE_INDEX_OPERATIONS_MAX when make, model, dealership, tab and pending deal all change', () => {
    const long = (word: string) => `${word}abcdefgh`;
    const before = {
      ...rav4,
      make: long('Make'),
      model: `${long('One')} ${long('Two')} ${long('Three')}`,
      pendingOn: 'V0',
    };
    const after = {
      ...before,
      make: long('Other'),
      model: `${long('Four')} ${long('Five')} ${long('Six')}`,
      dealershipId: 'D2',
      isArchived: true,
      pendingOn: 'V9',
    };
    expect(searchTokens(before)).toHaveLength(SEARCH_TOKENS_MAX);
    expect(searchTokens(after)).toHaveLength(SEARCH_TOKENS_MAX);

    const operations = marketplaceIndexOperations(entities, before, after);

    expect(operations.length).toBeLessThanOrEqual(MARKETPLACE_INDEX_OPERATIONS_MAX);
    // The rest of DynamoDB's 100 items per transaction is the deal write's own (deal, stock number, counters).
    expect(MARKETPLACE_INDEX_OPERATIONS_MAX).toBeLessThanOrEqual(80);
  });
});

describe('pending deal counts', () => {
  it('count a deal on the vehicle it is pending on', () => {
    expect(pendingDealDeltas(undefined, { pendingOn: 'V1' })).toEqual(new Map([['V1', 1]]));
    expect(pendingDealDeltas({ pendingOn: 'V1' }, { pendingOn: null })).toEqual(new Map([['V1', -1]]));
    expect(pendingDealDeltas({ pendingOn: 'V1' }, { pendingOn: 'V1' })).toEqual(new Map());
    expect(pendingDealDeltas(undefined, {})).toEqual(new Map());
  });
});

describe('inventory', () => {
  it('gives a client deal no entries nor make counts, so it never enters the marketplace (and leaves it)', () => {
    const clientDeal = { ...rav4, listed: false };

    expect(listingEntries(clientDeal)).toEqual([]);
    expect(makeCountDeltas(undefined, clientDeal)).toEqual([]);
    expect(listingChanges(rav4, clientDeal).remove).toHaveLength(listingEntries(rav4).length);
    expect(makeCountDeltas(rav4, clientDeal).every((delta) => delta.change === -1)).toBe(true);
  });

  it('takes a sold-out listing out of the active tab and brings it back with a unit', () => {
    const soldOut = { ...rav4, availableStock: 0 };

    expect(listedTab(soldOut)).toBeNull();
    expect(listedTab({ ...rav4, availableStock: 1 })).toBe('active');
    expect(listedTab({ ...soldOut, isArchived: true })).toBe('archived');
    expect(listingChanges(rav4, soldOut)).toEqual({ put: [], remove: listingEntries(rav4) });
    expect(listingChanges(soldOut, { ...rav4, availableStock: 1 }).put).toHaveLength(listingEntries(rav4).length);
  });
});
