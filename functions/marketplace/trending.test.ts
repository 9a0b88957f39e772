import { describe, expect, it } from 'vitest';
import type { Deal } from '@functions/domain/deals/deals';
import { lastDays } from '@functions/lib/dates';
import { fullDeal } from '@functions/domain/deals/test-deals';
import { trendingVehicleSchema } from '@shared/marketplace/trending';
import { leadingByDealership, leadingVehicles, rankByViews, toTrendingVehicle, trendingFromSnapshot } from './trending';
import { viewExpiresAt } from './views';

const deal = (id: string, overrides: Partial<Deal> = {}): Deal =>
  ({
    id,
    brokerId: 'broker-1',
    year: 2026,
    make: 'Audi',
    model: `Q${id}`,
    monthlyPayment: 500,
    downPayment: 2_000,
    termMonths: 36,
    dealType: 'lease',
    status: 'available',
    isArchived: false,
    listing: true,
    creditAppFormType: 'generic',
    revision: 1,
    createdAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  }) as Deal;

describe('rankByViews', () => {
  it('sums each vehicle over the days and puts the most viewed first', () => {
    const ranked = rankByViews([
      [
        { vehicleId: 'a', views: 2 },
        { vehicleId: 'b', views: 5 },
      ],
      [
        { vehicleId: 'a', views: 4 },
        { vehicleId: 'c', views: 1 },
      ],
    ]);

    expect(ranked).toEqual([
      { vehicleId: 'a', views: 6 },
      { vehicleId: 'b', views: 5 },
      { vehicleId: 'c', views: 1 },
    ]);
  });

  it('orders ties by vehicle id so the list is stable', () => {
    expect(
      rankByViews([
        [
          { vehicleId: 'z', views: 3 },
          { vehicleId: 'm', views: 3 },
        ],
      ]).map((entry) => entry.vehicleId),
    ).toEqual(['m', 'z']);
  });

  it('leaves out vehicles without views', () => {
    expect(rankByViews([[{ vehicleId: 'a', views: 0 }], []])).toEqual([]);
  });
});

describe('leadingVehicles', () => {
  const ranked = ['a', 'b', 'c', 'd'].map((vehicleId, index) => ({ vehicleId, views: 10 - index }));

  it('keeps rank order and leaves out archived and deleted vehicles', () => {
    const deals = new Map([
      ['a', { isArchived: true, listing: true }],
      ['c', { isArchived: false, listing: true }],
      ['d', { isArchived: false, listing: true }],
    ]);

    expect(leadingVehicles(ranked, deals, 5)).toEqual([
      { vehicleId: 'c', views: 8 },
      { vehicleId: 'd', views: 7 },
    ]);
  });

  it('leaves out client deals and sold-out listings: only inventory in the active tab trends', () => {
    const deals = new Map([
      ['a', { isArchived: false, listing: false }],
      ['b', { isArchived: false, listing: true, availableStock: 0 }],
      ['c', { isArchived: false, listing: true, availableStock: 1 }],
    ]);

    expect(leadingVehicles(ranked, deals, 5).map((entry) => entry.vehicleId)).toEqual(['c']);
  });

  it('stops at the limit', () => {
    const deals = new Map(ranked.map(({ vehicleId }) => [vehicleId, { isArchived: false, listing: true }]));

    expect(leadingVehicles(ranked, deals, 2).map((entry) => entry.vehicleId)).toEqual(['a', 'b']);
  });
});

describe('trendingFromSnapshot', () => {
  const snapshot = {
    vehicles: [
      { vehicleId: 'v1', views: 9 },
      { vehicleId: 'v2', views: 7 },
      { vehicleId: 'v3', views: 4 },
    ],
  };

  it('answers in snapshot order with the views of the snapshot and the current vehicle fields', () => {
    const vehicles = trendingFromSnapshot(snapshot, [
      deal('v3'),
      deal('v1', { monthlyPayment: 449, trim: 'Prestige' }),
      deal('v2'),
    ]);

    expect(vehicles.map((vehicle) => [vehicle.vehicleId, vehicle.views])).toEqual([
      ['v1', 9],
      ['v2', 7],
      ['v3', 4],
    ]);
    expect(vehicles[0]).toEqual({
      vehicleId: 'v1',
      year: 2026,
      make: 'Audi',
      model: 'Qv1',
      vehicleTrim: 'Prestige',
      imageUrl: null,
      msrp: null,
      monthlyPayment: 449,
      termMonths: 36,
      downPayment: 2_000,
      expirationDate: null,
      views: 9,
    });
  });

  it('drops a vehicle archived or deleted since the snapshot was computed', () => {
    const vehicles = trendingFromSnapshot(snapshot, [deal('v1', { isArchived: true, status: 'expired' }), deal('v3')]);

    expect(vehicles.map((vehicle) => vehicle.vehicleId)).toEqual(['v3']);
  });
});

describe('the trending window', () => {
  it('is today and the four days before it, in UTC', () => {
    expect(lastDays(new Date('2026-03-01T23:30:00-05:00'), 5)).toEqual([
      '2026-03-02',
      '2026-03-01',
      '2026-02-28',
      '2026-02-27',
      '2026-02-26',
    ]);
  });

  it('keeps view records one day past the window before TTL removes them', () => {
    expect(viewExpiresAt(new Date('2026-03-10T15:00:00Z'))).toBe(Date.UTC(2026, 2, 16) / 1000);
  });
});

describe('toTrendingVehicle', () => {
  it('answers exactly the trending card, the id and trim named as the card names them', () => {
    const vehicle = toTrendingVehicle(fullDeal(), 7);

    expect(Object.keys(vehicle).sort()).toEqual(Object.keys(trendingVehicleSchema.shape).sort());
    expect(vehicle).toMatchObject({ vehicleId: 'd1', vehicleTrim: 'xDrive40i', views: 7 });
  });
});

describe('leadingByDealership', () => {
  const listing = (id: string, dealershipId: string, isArchived = false) =>
    ({ id, dealershipId, isArchived, listing: true, stockNumber: `S-${id}`, availableStock: 1 }) as Deal;

  it("keeps each dealership's first vehicles in the marketplace, in rank order, at most the limit each", () => {
    const ranked = ['a1', 'a2', 'b1', 'a3', 'b2', 'a4'].map((vehicleId, n) => ({ vehicleId, views: 10 - n }));
    const deals = new Map([
      ['a1', listing('a1', 'A')],
      ['a2', listing('a2', 'A', true)],
      ['a3', listing('a3', 'A')],
      ['a4', listing('a4', 'A')],
      ['b1', listing('b1', 'B')],
      ['b2', listing('b2', 'B')],
    ]);

    const lists = leadingByDealership(ranked, deals, 2);

    expect(lists.get('A')?.map((entry) => entry.vehicleId)).toEqual(['a1', 'a3']);
    expect(lists.get('B')?.map((entry) => entry.vehicleId)).toEqual(['b1', 'b2']);
  });
});
