import { describe, expect, it } from 'vitest';
import { dealCounterDeltas, mergeDeltas } from './counters';

const vehicle = { status: 'available', isArchived: false, dealershipId: 'd1' };

describe('dealCounterDeltas', () => {
  it('counts a new available vehicle in the marketplace, the client deals and its dealership', () => {
    expect(dealCounterDeltas(undefined, vehicle)).toEqual([
      { scope: 'global', changes: { marketplaceVehicles: 1, clientDeals: 1, liveVehicles: 1 } },
      { scope: 'dealership#d1', changes: { marketplaceVehicles: 1, clientDeals: 1, liveVehicles: 1 } },
    ]);
  });

  it('takes an expired, archived deal out of every count', () => {
    expect(dealCounterDeltas(vehicle, { ...vehicle, status: 'expired', isArchived: true })).toEqual([
      { scope: 'global', changes: { marketplaceVehicles: -1, clientDeals: -1, liveVehicles: -1 } },
      { scope: 'dealership#d1', changes: { marketplaceVehicles: -1, clientDeals: -1, liveVehicles: -1 } },
    ]);
  });

  it('does not count not-sold or finalized deals as client deals', () => {
    expect(dealCounterDeltas(undefined, { ...vehicle, status: 'not_sold', dealershipId: undefined })).toEqual([
      { scope: 'global', changes: { marketplaceVehicles: 1 } },
    ]);
    expect(dealCounterDeltas(undefined, { ...vehicle, status: 'finalized', dealershipId: undefined })).toEqual([
      { scope: 'global', changes: { marketplaceVehicles: 1 } },
    ]);
  });

  it("counts a closed deal as a unit sold in its dealership's close month and in that month over all dealerships", () => {
    const closed = { ...vehicle, status: 'closed', dealClosedAt: '2026-02-14T10:00:00.000Z' };

    expect(dealCounterDeltas({ ...vehicle, status: 'finalized' }, closed)).toEqual([
      { scope: 'global', changes: { clientDeals: 1 } },
      { scope: 'dealership#d1', changes: { clientDeals: 1 } },
      { scope: 'dealership#d1#month#2026-02', changes: { unitsSold: 1 } },
      { scope: 'month#2026-02', changes: { unitsSold: 1 } },
    ]);
  });

  it('moves the counts when a deal changes dealership, and writes nothing when nothing counted changes', () => {
    expect(dealCounterDeltas(vehicle, { ...vehicle, dealershipId: 'd2' })).toEqual([
      { scope: 'dealership#d1', changes: { marketplaceVehicles: -1, clientDeals: -1, liveVehicles: -1 } },
      { scope: 'dealership#d2', changes: { marketplaceVehicles: 1, clientDeals: 1, liveVehicles: 1 } },
    ]);
    expect(dealCounterDeltas(vehicle, { ...vehicle })).toEqual([]);
  });

  it('removes a deleted deal from the counts it was in', () => {
    expect(dealCounterDeltas({ ...vehicle, dealershipId: undefined }, undefined)).toEqual([
      { scope: 'global', changes: { marketplaceVehicles: -1, clientDeals: -1 } },
    ]);
  });
});

describe('dealCounterDeltas: inventory', () => {
  it('counts only listings in the marketplace, and a sold-out listing not at all', () => {
    expect(dealCounterDeltas(undefined, { ...vehicle, listed: false, dealershipId: undefined })).toEqual([
      { scope: 'global', changes: { clientDeals: 1 } },
    ]);
    expect(dealCounterDeltas({ ...vehicle, listed: true }, { ...vehicle, listed: true, availableStock: 0 })).toEqual([
      { scope: 'global', changes: { marketplaceVehicles: -1 } },
      { scope: 'dealership#d1', changes: { marketplaceVehicles: -1 } },
    ]);
    expect(dealCounterDeltas({ ...vehicle, listed: true }, { ...vehicle, listed: false })).toEqual([
      { scope: 'global', changes: { marketplaceVehicles: -1 } },
      { scope: 'dealership#d1', changes: { marketplaceVehicles: -1 } },
    ]);
  });
});

describe('mergeDeltas', () => {
  it('sums per scope and drops zeros', () => {
    expect(
      mergeDeltas([
        { scope: 'global', changes: { clients: 1, brokers: 1 } },
        { scope: 'global', changes: { clients: -1 } },
      ]),
    ).toEqual([{ scope: 'global', changes: { brokers: 1 } }]);
  });
});
