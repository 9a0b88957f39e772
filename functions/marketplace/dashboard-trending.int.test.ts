/**
 * The dashboard's Trending Vehicles (GET /dashboard/trending): every caller sees only vehicles they may open, so a
 * dealer's panel never links to another dealership's car ("not yours to see"). Ranked in a table of its own, then
 * the same question through the local API as the demo dealer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import { addDays } from '@functions/lib/dates';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';
import { createTestTable, type TestTable } from '@test/support/test-table';
import { getTrendingVehiclesFor } from './dashboard-trending';
import { rankTrending } from './trending';
import { recordVehicleView } from './views';

const NOW = new Date('2026-03-10T15:00:00.000Z');

const vehicle = (id: string, dealershipId: string): DealFields & { id: string } => ({
  id,
  dealershipId,
  brokerId: 'broker-1',
  year: 2026,
  make: 'Audi',
  model: `Q${id}`,
  dealType: 'lease',
  status: 'available',
  monthlyPayment: 500,
  downPayment: 2_000,
  termMonths: 36,
  isArchived: false,
  creditAppFormType: 'generic',
  // Marketplace vehicles are listings: only they are ranked (shared/marketplace/inventory.ts).
  listing: true,
});

describe('GET /dashboard/trending: only what the caller may open', () => {
  let testTable: TestTable;
  /** Views today per vehicle: the top 5 mixes both dealerships. */
  const plan: [string, string, number][] = [
    ['a1', 'dealership-a', 9],
    ['b1', 'dealership-b', 8],
    ['a2', 'dealership-a', 7],
    ['b2', 'dealership-b', 6],
    ['b3', 'dealership-b', 5],
  ];
  const ids = (response: TrendingResponse) => response.vehicles.map((item) => item.vehicleId);

  beforeAll(async () => {
    testTable = await createTestTable('dashboard-trending');
    const { data } = testTable;
    for (const [id, dealershipId, views] of plan) {
      await data.deals.create(vehicle(id, dealershipId), addDays(NOW, -30));
      for (let session = 0; session < views; session++) await recordVehicleView(id, null, `s-${session}`, NOW, data);
    }
    await data.users.create(
      { userId: 'dealer-a', role: 'dealer', fullName: 'Dee A', email: 'dee@a.example', dealershipId: 'dealership-a' },
      NOW,
    );
    await data.users.create({ userId: 'dealer-none', role: 'dealer', fullName: 'No Shop', email: 'none@a.example' }, NOW);
    await rankTrending(testTable.data, NOW);
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it("answers a dealer only their own dealership's trending vehicles, in rank order", async () => {
    const answer = await getTrendingVehiclesFor({ userId: 'dealer-a', email: 'dee@a.example', role: 'dealer' }, testTable.data);

    expect(ids(answer)).toEqual(['a1', 'a2']);
  });

  it('answers a dealer whose account names no dealership nothing, and a broker every trending vehicle', async () => {
    const none = await getTrendingVehiclesFor({ userId: 'dealer-none', email: 'none@a.example', role: 'dealer' }, testTable.data);
    const broker = await getTrendingVehiclesFor({ userId: 'broker-2', email: 'b@leasedesk.com', role: 'broker' }, testTable.data);

    expect(ids(none)).toEqual([]);
    expect(ids(broker)).toEqual(['a1', 'b1', 'a2', 'b2', 'b3']);
  });
});

describe("GET /dashboard/trending: a dealer's own top 5 when others lead the marketplace", () => {
  let testTable: TestTable;
  const ids = (response: TrendingResponse) => response.vehicles.map((item) => item.vehicleId);
  /** Dealership L's 6 cars hold the global top 5 and more (20 to 15 views); dealership S's 6 cars have 7 down to 2. */
  const leaders = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'];
  const small = ['s1', 's2', 's3', 's4', 's5', 's6'];

  beforeAll(async () => {
    testTable = await createTestTable('dashboard-trending-own');
    const { data } = testTable;
    const plan: [string, string, number][] = [
      ...leaders.map((id, n): [string, string, number] => [id, 'dealership-l', 20 - n]),
      ...small.map((id, n): [string, string, number] => [id, 'dealership-s', 7 - n]),
    ];
    for (const [id, dealershipId, views] of plan) {
      await data.deals.create(vehicle(id, dealershipId), addDays(NOW, -30));
      for (let session = 0; session < views; session++) await recordVehicleView(id, null, `s-${session}`, NOW, data);
    }
    await data.users.create(
      { userId: 'dealer-s', role: 'dealer', fullName: 'Sam S', email: 'sam@s.example', dealershipId: 'dealership-s' },
      NOW,
    );
    await rankTrending(testTable.data, NOW);
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it("answers the dealer 5 of their own dealership's vehicles in rank order though none is in the global top 5", async () => {
    const dealer = await getTrendingVehiclesFor({ userId: 'dealer-s', email: 'sam@s.example', role: 'dealer' }, testTable.data);
    const admin = await getTrendingVehiclesFor({ userId: 'admin-1', email: 'a@leasedesk.com', role: 'admin' }, testTable.data);

    expect(ids(admin)).toEqual(leaders.slice(0, 5));
    expect(ids(dealer)).toEqual(small.slice(0, 5));
  });

  it('falls back to the global list filtered when the dealership list is from an earlier run (no views since)', async () => {
    await testTable.data.trending.putForDealership({
      dealershipId: 'dealership-s',
      vehicles: [{ vehicleId: 's6', views: 99 }],
      computedAt: '2026-03-01T00:00:00.000Z',
    });
    const dealer = await getTrendingVehiclesFor({ userId: 'dealer-s', email: 'sam@s.example', role: 'dealer' }, testTable.data);

    expect(ids(dealer)).toEqual([]);
  });
});

describe('GET /dashboard/trending through the local API', () => {
  let principals: Principals;
  beforeAll(async () => {
    principals = await loadPrincipals();
  });

  it('answers the demo dealer only vehicles of their own dealership, each one they can open', async () => {
    const answer = await apiFetch<TrendingResponse>('/dashboard/trending', { token: principals.tokenOf('dealer') });

    expect(answer.status).toBe(200);
    const deals = await Promise.all(answer.body.vehicles.map((item) => createData().deals.get(item.vehicleId)));
    expect(deals.map((deal) => deal?.dealershipId)).toEqual(deals.map(() => principals.records.dealership));
    for (const item of answer.body.vehicles) {
      const page = await apiFetch(`/marketplace/vehicles/${item.vehicleId}`, { token: principals.tokenOf('dealer') });
      expect(page.status, item.vehicleId).toBe(200);
    }
  });

  it('answers an admin the same vehicles as the public trending list', async () => {
    const [staff, publicList] = await Promise.all([
      apiFetch<TrendingResponse>('/dashboard/trending', { token: principals.tokenOf('admin') }),
      apiFetch<TrendingResponse>('/marketplace/trending'),
    ]);

    expect(staff.body.vehicles.map((item) => item.vehicleId)).toEqual(publicList.body.vehicles.map((item) => item.vehicleId));
  });
});
