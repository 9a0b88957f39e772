import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEAL_STATUSES } from '../deals/enums';
import { inferredListing, isListing, isSoldOut, pendingOn, stockChanges, unitTakenFrom } from './inventory';

describe('isListing', () => {
  it('follows the stored flag whatever else the deal carries', () => {
    expect(isListing({ listing: true })).toBe(true);
    expect(isListing({ listing: false, stockNumber: 'LD-1001' })).toBe(false);
    expect(isListing({ listing: true, stockNumber: null })).toBe(true);
  });

  it('reads a deal stored before the flag as a listing exactly when it has a stock number', () => {
    expect(isListing({ stockNumber: 'LD-1001' })).toBe(true);
    expect(isListing({})).toBe(false);
    expect(isListing({ listing: null, stockNumber: '  ' })).toBe(false);
    expect(inferredListing({ stockNumber: 'AB-1' })).toBe(true);
  });
});

describe('pending deals and stock', () => {
  const deal = (status: string, changes: object = {}) => ({ status, sourceVehicleId: 'V1', listing: false, ...changes });

  it('counts an open client deal from a vehicle as pending on it, and nothing else', () => {
    expect(['available', 'pending', 'active', 'finalized'].map((status) => pendingOn(deal(status)))).toEqual([
      'V1',
      'V1',
      'V1',
      'V1',
    ]);
    expect(['closed', 'expired', 'not_sold'].map((status) => pendingOn(deal(status)))).toEqual([null, null, null]);
    expect(pendingOn(deal('pending', { sourceVehicleId: null }))).toBeNull();
    expect(pendingOn(deal('pending', { listing: true }))).toBeNull();
  });

  it('takes one unit while the deal is closed and gives it back when it is reopened or deleted', () => {
    expect(stockChanges(deal('active'), deal('closed'))).toEqual(new Map([['V1', -1]]));
    expect(stockChanges(undefined, deal('closed'))).toEqual(new Map([['V1', -1]]));
    expect(stockChanges(deal('closed'), deal('active'))).toEqual(new Map([['V1', 1]]));
    expect(stockChanges(deal('closed'), undefined)).toEqual(new Map([['V1', 1]]));
    expect(stockChanges(deal('closed'), deal('closed'))).toEqual(new Map());
    expect(unitTakenFrom(deal('closed', { listing: true }))).toBeNull();
  });

  it('never takes a unit twice nor loses one over any sequence of statuses (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...DEAL_STATUSES), { minLength: 1, maxLength: 20 }), (statuses) => {
        let taken = 0;
        let previous: ReturnType<typeof deal> | undefined;
        for (const status of statuses) {
          const next = deal(status);
          taken -= stockChanges(previous, next).get('V1') ?? 0;
          previous = next;
        }
        expect(taken).toBe(statuses.at(-1) === 'closed' ? 1 : 0);
      }),
    );
  });

  it('is sold out at 0 units, and a listing without a count has 1', () => {
    expect(isSoldOut({ availableStock: 0 })).toBe(true);
    expect(isSoldOut({ availableStock: 1 })).toBe(false);
    expect(isSoldOut({})).toBe(false);
  });
});
