import { describe, expect, it } from 'vitest';
import { canEdit, canSee, listingPlan, tabTotal, toVehicleView, type Viewer } from './vehicles';
import { fullDeal, sparseDeal } from '@functions/domain/deals/test-deals';
import { marketplaceVehicleResponseSchema } from '@shared/marketplace/api';

const admin: Viewer = { userId: 'A', role: 'admin', dealershipId: null };
const broker: Viewer = { userId: 'B', role: 'broker', dealershipId: null };
const dealer: Viewer = { userId: 'D', role: 'dealer', dealershipId: 'D1' };
const vehicle = (change: object = {}) => ({ isArchived: false, dealershipId: 'D1', brokerId: 'B', listing: true, ...change });

describe('who sees a marketplace vehicle', () => {
  it.each([
    ['admin, archived', admin, vehicle({ isArchived: true }), true],
    ['broker, active', broker, vehicle({ brokerId: 'X' }), true],
    ["broker, someone else's archived", broker, vehicle({ brokerId: 'X', isArchived: true }), false],
    ['broker, their own archived', broker, vehicle({ isArchived: true }), true],
    ['dealer, own dealership', dealer, vehicle(), true],
    ['dealer, another dealership', dealer, vehicle({ dealershipId: 'D2' }), false],
    ['dealer, no dealership on the vehicle', dealer, vehicle({ dealershipId: undefined }), false],
    ['dealer without a dealership', { ...dealer, dealershipId: null }, vehicle({ dealershipId: undefined }), false],
    ['admin, a client deal', admin, vehicle({ listing: false }), false],
    ['broker, a client deal they made', broker, vehicle({ listing: false }), false],
    ['broker, an older listing (stock number, no flag)', broker, vehicle({ listing: undefined, stockNumber: 'LD-1' }), true],
  ])('%s: %s', (_name, viewer, target, expected) => {
    expect(canSee(viewer, target)).toBe(expected);
  });

  it('lets admins and the adder edit', () => {
    expect(canEdit(admin, vehicle())).toBe(true);
    expect(canEdit(broker, vehicle())).toBe(true);
    expect(canEdit(broker, vehicle({ brokerId: 'X' }))).toBe(false);
    expect(canEdit(dealer, vehicle())).toBe(false);
  });
});

describe('listing plan', () => {
  it('reads the longest search word token for everyone but dealers, who read their dealership', () => {
    expect(listingPlan(broker, { tab: 'active', q: 'Rav 2026 Toyota' })).toEqual({
      scope: 'all',
      listing: 'all#active#tok#toyota',
      makeKey: undefined,
      words: ['rav', '2026', 'toyota'],
      searchCounts: { from: 'listing', listing: 'all#active#tok#toyota', words: ['rav', '2026', 'toyota'] },
    });
    expect(listingPlan(dealer, { tab: 'active', q: 'rav', make: 'Toyota' })).toEqual({
      scope: 'dealership#D1',
      listing: 'dealership#D1#active#*',
      makeKey: 'toyota',
      words: ['rav'],
      searchCounts: { from: 'listing', listing: 'dealership#D1#active#*', words: ['rav'] },
    });
    expect(listingPlan(admin, { tab: 'archived', q: 'Lamborghini' }).listing).toBe('all#archived#tok#lamborgh');
  });

  it("reads a one-word search's group counts from its token's make counts, and counts the rest over the listing", () => {
    expect(listingPlan(broker, { tab: 'active', q: 'RAV4' }).searchCounts).toEqual({
      from: 'token counts',
      key: 'all#active#tok#rav4',
    });
    expect(listingPlan(admin, { tab: 'archived', q: 'rav4  rav4' }).searchCounts).toEqual({
      from: 'token counts',
      key: 'all#archived#tok#rav4',
    });
    // Longer than a token: the token's vehicles hold the matches and more, so the matches are counted.
    expect(listingPlan(broker, { tab: 'active', q: 'Highlander' }).searchCounts).toEqual({
      from: 'listing',
      listing: 'all#active#tok#highland',
      words: ['highlander'],
    });
    expect(listingPlan(broker, { tab: 'active' }).searchCounts).toBeNull();
  });
});

describe('a tab badge', () => {
  const makes = [
    { makeKey: 'bmw', count: 3 },
    { makeKey: 'toyota', count: 5 },
  ];

  it('counts every make without a make filter, and only the chosen one with it', () => {
    expect(tabTotal(makes, undefined)).toBe(8);
    expect(tabTotal(makes, 'bmw')).toBe(3);
    expect(tabTotal(makes, 'ford')).toBe(0);
    expect(tabTotal([], undefined)).toBe(0);
  });
});

describe('toVehicleView', () => {
  it('answers exactly the vehicle fields: nothing of a client deal (client, fees, lead source)', () => {
    const view = toVehicleView(fullDeal(), { views: 4, pendingDeals: 1 }, broker);

    expect(Object.keys(view).sort()).toEqual(Object.keys(marketplaceVehicleResponseSchema.shape).sort());
    expect(view).toMatchObject({ viewCount: 4, pendingDealCount: 1, canEdit: false, availableStock: 2 });
  });

  it('counts one in stock when the vehicle says nothing', () => {
    expect(toVehicleView(sparseDeal(), { views: 0, pendingDeals: 0 }, admin).availableStock).toBe(1);
  });
});
