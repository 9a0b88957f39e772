import { describe, expect, it } from 'vitest';
import { zeroCounts, type Counts } from '@functions/domain/counters/counters';
import { academyPercent, buildDashboard } from './dashboard';

const counts: Counts = {
  ...zeroCounts(),
  marketplaceVehicles: 32,
  clientDeals: 12,
  clients: 9,
  dealerships: 6,
  brokers: 4,
  academyUsers: 3,
  academyPublished: 10,
};

describe('buildDashboard', () => {
  it("answers an admin's cards with the product-wide counts, academy as the academy user count", () => {
    expect(buildDashboard('admin', { counts, newLeads: 7 }).cards).toEqual([
      { id: 'vehiclesInMarketplace', value: 32, unit: 'count' },
      { id: 'clientDeals', value: 12, unit: 'count' },
      { id: 'totalClients', value: 9, unit: 'count' },
      { id: 'dealerships', value: 6, unit: 'count' },
      { id: 'academy', value: 3, unit: 'count' },
      { id: 'brokerPerformance', value: 4, unit: 'count' },
      { id: 'newLeads', value: 7, unit: 'count' },
    ]);
  });

  it("shows a broker's academy card as their own completion percentage and no broker count", () => {
    const { cards } = buildDashboard('broker', { counts, academy: { completed: 4, published: 10 } });

    expect(cards.find((card) => card.id === 'academy')).toEqual({ id: 'academy', value: 40, unit: 'percent' });
    expect(cards.map((card) => card.id)).not.toContain('brokerPerformance');
  });

  it('shows the New Leads card only to those given a lead count (not to a broker without a licence)', () => {
    const withLeads = buildDashboard('broker', { counts, academy: { completed: 0, published: 10 }, newLeads: 2 });
    const unlicensed = buildDashboard('broker', { counts, academy: { completed: 0, published: 10 } });

    expect(withLeads.cards.find((card) => card.id === 'newLeads')).toEqual({ id: 'newLeads', value: 2, unit: 'count' });
    expect(unlicensed.cards.map((card) => card.id)).not.toContain('newLeads');
  });

  it("counts a dealer's own dealership on both deal cards", () => {
    const dealership = { ...zeroCounts(), marketplaceVehicles: 5, clientDeals: 3 };

    expect(buildDashboard('dealer', { counts: dealership }).cards).toEqual([
      { id: 'vehiclesInMarketplace', value: 5, unit: 'count' },
      { id: 'clientDeals', value: 3, unit: 'count' },
      { id: 'myDealershipDeals', value: 3, unit: 'count' },
    ]);
  });

  it('never shows a negative figure', () => {
    const { cards } = buildDashboard('consumer', { counts: { ...zeroCounts(), marketplaceVehicles: -1 } });

    expect(cards).toEqual([{ id: 'vehiclesInMarketplace', value: 0, unit: 'count' }]);
  });
});

describe('academyPercent', () => {
  it('rounds completed over published to a whole percentage', () => {
    expect(academyPercent(1, 3)).toBe(33);
    expect(academyPercent(2, 3)).toBe(67);
    expect(academyPercent(3, 3)).toBe(100);
  });

  it('is 0 with nothing published and at most 100', () => {
    expect(academyPercent(2, 0)).toBe(0);
    expect(academyPercent(5, 4)).toBe(100);
  });
});
