import { describe, expect, it } from 'vitest';
import {
  SEARCH_TOKENS_MAX,
  listingChanges,
  listingEntries,
  makeCountDeltas,
  pendingDealDeltas,
  searchText,
  searchTokens,
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
  it('count a new vehicle in its tab for everyone and for its dealership', () => {
    expect(makeCountDeltas(undefined, rav4)).toEqual([
      { tab: 'all#active', makeKey: 'toyota', make: 'Toyota', change: 1 },
      { tab: 'dealership#D1#active', makeKey: 'toyota', make: 'Toyota', change: 1 },
    ]);
  });

  it('move a vehicle between tabs on archive and change nothing on an unrelated edit', () => {
    expect(makeCountDeltas(rav4, { ...rav4, isArchived: true }).map(({ tab, change }) => [tab, change])).toEqual([
      ['all#active', -1],
      ['dealership#D1#active', -1],
      ['all#archived', 1],
      ['dealership#D1#archived', 1],
    ]);
    expect(makeCountDeltas(rav4, { ...rav4, model: 'Corolla' })).toEqual([]);
    expect(makeCountDeltas(rav4, { ...rav4, make: 'TOYOTA' })).toEqual([]);
  });
});

describe('pending deal counts', () => {
  it('count a deal from a vehicle while it is pending', () => {
    expect(pendingDealDeltas(undefined, { status: 'pending', sourceVehicleId: 'V1' })).toEqual(new Map([['V1', 1]]));
    expect(pendingDealDeltas({ status: 'pending', sourceVehicleId: 'V1' }, { status: 'active', sourceVehicleId: 'V1' })).toEqual(
      new Map([['V1', -1]]),
    );
    expect(pendingDealDeltas({ status: 'pending', sourceVehicleId: 'V1' }, { status: 'pending', sourceVehicleId: 'V1' })).toEqual(
      new Map(),
    );
    expect(pendingDealDeltas(undefined, { status: 'pending' })).toEqual(new Map());
  });
});
