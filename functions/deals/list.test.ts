import { describe, expect, it } from 'vitest';
import { listPosition } from '@functions/domain/deals/deal-list-index';
import { fullDeal } from '@functions/domain/deals/test-deals';
import { dealCardSchema } from '@shared/deals/list-api';
import { groupPrefixOf, listPlan, toDealCard, type ListViewer } from './list';

const broker: ListViewer = { role: 'broker', dealershipId: null };
const dealer: ListViewer = { role: 'dealer', dealershipId: 'S1' };

describe('list plan', () => {
  it("reads the status listing of everyone, or the dealer's dealership, without filters", () => {
    expect(listPlan(broker, { status: 'all' })).toMatchObject({ listing: 'all#all#*', filter: { words: [] } });
    expect(listPlan(broker, { status: 'closed' }).listing).toBe('all#closed#*');
    expect(listPlan(dealer, { status: 'pending' }).listing).toBe('dealership#S1#pending#*');
  });

  it("reads a make's own listing for the make filter (any case)", () => {
    expect(listPlan(broker, { status: 'active', make: 'TOYOTA' })).toMatchObject({
      listing: 'all#active#make#toyota',
      makeKey: 'toyota',
    });
  });

  it("reads the longest search word's token listing and filters by status, make and every word", () => {
    expect(listPlan(broker, { status: 'pending', make: 'Toyota', q: 'ann Toyota  ann' })).toMatchObject({
      listing: 'all#all#tok#toyota',
      filter: { status: 'pending', makeKey: 'toyota', words: ['ann', 'toyota'] },
    });
  });

  it("names the next-longest word's token listing for a search of several words, read when the first has no match", () => {
    expect(listPlan(broker, { status: 'all', q: 'alexandra montgomery x5' })).toMatchObject({
      listing: 'all#all#tok#montgo',
      next: 'all#all#tok#alexan',
      filter: { words: ['alexandra', 'montgomery', 'x5'] },
    });
    // One word, or a second word without a listing of its own (one letter): no next listing.
    expect(listPlan(broker, { status: 'all', q: 'montgomery' }).next).toBeUndefined();
    // A VIN's last 8 has no listing of its own: its last 6 (the serial number) is read next.
    expect(listPlan(broker, { status: 'all', q: '5M123456' }).next).toBe('all#all#tok#123456');
    expect(listPlan(broker, { status: 'all', q: 'bmw x' }).next).toBeUndefined();
    expect(listPlan(broker, { status: 'all', q: 'bmw x5' }).next).toBe('all#all#tok#x5');
  });

  it("reads a 2-character word's own listing (deals with that very word: an X5)", () => {
    expect(listPlan(broker, { status: 'all', q: 'X5' })).toMatchObject({ listing: 'all#all#tok#x5', filter: { words: ['x5'] } });
  });

  it('reads the status listing with a filter when every search word is one letter', () => {
    expect(listPlan(broker, { status: 'all', q: 'x' })).toMatchObject({ listing: 'all#all#*', filter: { words: ['x'] } });
  });

  it("keeps a dealer in their dealership's listing and filters it by make and search", () => {
    expect(listPlan(dealer, { status: 'all', make: 'BMW', q: 'x5' })).toMatchObject({
      listing: 'dealership#S1#all#*',
      filter: { makeKey: 'bmw', words: ['x5'] },
    });
  });

  it("reads an own-book broker's own listing only, filtered by status, make and search, counting groups there", () => {
    const own: ListViewer = { role: 'broker', dealershipId: null, ownerId: 'B1' };

    expect(listPlan(own, { status: 'pending', make: 'BMW', q: 'x5' })).toMatchObject({
      scope: 'broker#B1',
      listing: 'broker#B1#all#*',
      filter: { status: 'pending', makeKey: 'bmw', words: ['x5'] },
      countsInListing: true,
    });
    expect(listPlan(own, { status: 'all' })).toMatchObject({ listing: 'broker#B1#all#*', filter: { status: undefined } });
  });
});

describe('group prefix', () => {
  it('is the position less its time and deal id, for named and unassigned groups', () => {
    const named = listPosition({
      id: 'D1',
      createdAt: '2026-01-01T00:00:00.000Z',
      status: 'active',
      make: 'A',
      model: 'B',
      clientId: 'C1',
      clientName: 'Ann Lee',
    });
    const unassigned = listPosition({ id: 'D2', createdAt: '2026-01-01T00:00:00.000Z', status: 'active', make: 'A', model: 'B' });

    expect(groupPrefixOf(named)).toBe('1ann lee\tC1\t');
    expect(groupPrefixOf(unassigned)).toBe('2\t');
  });
});

describe('toDealCard', () => {
  it('answers exactly the card fields, the client named only when the deal has one', () => {
    const card = toDealCard(fullDeal(), 'Casey Jordan');

    expect(Object.keys(card).sort()).toEqual(Object.keys(dealCardSchema.shape).sort());
    expect(card.clientName).toBe('Casey Jordan');
    expect(toDealCard(fullDeal({ clientId: undefined }), 'Casey Jordan').clientName).toBeNull();
  });
});
