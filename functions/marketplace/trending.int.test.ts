import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable, type TestTable } from '@test/support/test-table';
import type { DealFields } from '@functions/domain/deals/deals';
import { addDays } from '@functions/lib/dates';
import { NotFoundError } from '@functions/lib/errors';
import { getTrendingVehicles, rankTrending } from './trending';
import { recordVehicleView } from './views';

const NOW = new Date('2026-03-10T15:00:00.000Z');

const vehicle = (id: string, overrides: Partial<DealFields> = {}): DealFields & { id: string } => ({
  id,
  brokerId: 'broker-1',
  year: 2026,
  make: 'Audi',
  model: `Q${id}`,
  trim: 'Premium',
  msrp: 50_000,
  dealType: 'lease',
  status: 'available',
  monthlyPayment: 500,
  downPayment: 2_000,
  termMonths: 36,
  expirationDate: '2026-04-30',
  isArchived: false,
  listing: true,
  creditAppFormType: 'generic',
  ...overrides,
});

const ranking = (vehicles: { vehicleId: string; views: number }[]) => vehicles.map((item) => [item.vehicleId, item.views]);

describe('trending vehicles: views over days, the rank-trending job, then the route', () => {
  let testTable: TestTable;
  /** Sessions per vehicle per day offset (0 = today). */
  const plan: Record<string, number[]> = {
    v1: [1, 1, 1, 1, 1], // 5 over the window
    v2: [3, 2, 0, 0, 0], // 5, ties with v1 (ordered by id)
    v3: [0, 0, 0, 0, 7], // 7, all on the window's first day
    v4: [1, 0, 0, 0, 0, 20], // 1 in the window; 20 six days ago do not count
    v5: [2, 2, 2, 2, 2], // 10 but archived
    v6: [4, 0, 0, 0, 0], // 4
    v7: [0, 2, 0, 0, 0], // 2
  };

  beforeAll(async () => {
    testTable = await createTestTable('trending');
    const { data } = testTable;
    for (const id of Object.keys(plan)) {
      await data.deals.create(vehicle(id, id === 'v5' ? { isArchived: true, status: 'expired' } : {}), addDays(NOW, -30));
    }
    for (const [id, perDay] of Object.entries(plan)) {
      for (const [daysAgo, sessions] of perDay.entries()) {
        for (let session = 0; session < sessions; session++) {
          await recordVehicleView(id, null, `s-${session}`, addDays(NOW, -daysAgo), data);
        }
      }
    }
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('ranks the 5 most viewed non-archived vehicles of the last 5 days into one snapshot, most viewed first', async () => {
    const snapshot = await rankTrending(testTable.data, NOW);

    expect(ranking(snapshot.vehicles)).toEqual([
      ['v3', 7],
      ['v1', 5],
      ['v2', 5],
      ['v6', 4],
      ['v7', 2],
    ]);
    expect(snapshot).toMatchObject({ computedAt: NOW.toISOString(), fromDay: '2026-03-06', toDay: '2026-03-10' });
    expect(await testTable.data.trending.get()).toEqual(snapshot);
  });

  it('answers the route from the snapshot, each vehicle shaped as the trending vehicle result', async () => {
    await rankTrending(testTable.data, NOW);

    const { vehicles } = await getTrendingVehicles(testTable.data);

    expect(ranking(vehicles)).toEqual([
      ['v3', 7],
      ['v1', 5],
      ['v2', 5],
      ['v6', 4],
      ['v7', 2],
    ]);
    expect(vehicles[0]).toEqual({
      vehicleId: 'v3',
      year: 2026,
      make: 'Audi',
      model: 'Qv3',
      vehicleTrim: 'Premium',
      imageUrl: null,
      msrp: 50_000,
      monthlyPayment: 500,
      termMonths: 36,
      downPayment: 2_000,
      expirationDate: '2026-04-30',
      views: 7,
    });
  });

  it('moves with the window: a day later the oldest day drops out', async () => {
    const snapshot = await rankTrending(testTable.data, addDays(NOW, 1));

    expect(snapshot.vehicles.map((item) => item.vehicleId)).not.toContain('v3');
    expect((await getTrendingVehicles(testTable.data)).vehicles.map((item) => item.vehicleId)).not.toContain('v3');
  });

  it('drops a vehicle archived after the run at once, and the next run ranks the next one in', async () => {
    const { data } = testTable;
    await rankTrending(data, NOW);
    const v6 = (await data.deals.get('v6'))!;

    const archived = await data.deals.replace(v6, { ...v6, isArchived: true, status: 'expired' });
    const before = await getTrendingVehicles(data);
    await rankTrending(data, NOW);
    const after = await getTrendingVehicles(data);
    await data.deals.replace(archived, { ...archived, isArchived: false, status: 'available' });

    expect(ranking(before.vehicles)).toEqual([
      ['v3', 7],
      ['v1', 5],
      ['v2', 5],
      ['v7', 2],
    ]);
    expect(ranking(after.vehicles)).toEqual([
      ['v3', 7],
      ['v1', 5],
      ['v2', 5],
      ['v7', 2],
      ['v4', 1],
    ]);
  });

  it("shows a vehicle's current fields without waiting for the next run", async () => {
    const { data } = testTable;
    await rankTrending(data, NOW);
    const v1 = (await data.deals.get('v1'))!;

    const repriced = await data.deals.replace(v1, { ...v1, monthlyPayment: 449 });
    const { vehicles } = await getTrendingVehicles(data);
    await data.deals.replace(repriced, { ...repriced, monthlyPayment: 500 });

    expect(vehicles.find((item) => item.vehicleId === 'v1')?.monthlyPayment).toBe(449);
  });

  it('writes an empty snapshot when nothing was viewed in the window, and the route answers an empty list', async () => {
    const snapshot = await rankTrending(testTable.data, addDays(NOW, 30));

    expect(snapshot.vehicles).toEqual([]);
    expect(await getTrendingVehicles(testTable.data)).toEqual({ vehicles: [] });
  });

  it('counts a session once per vehicle and day, and keeps the vehicle total', async () => {
    const { data } = testTable;

    const first = await recordVehicleView('v7', 'user-1', 'repeat', NOW, data);
    const again = await recordVehicleView('v7', 'user-1', 'repeat', new Date(NOW.getTime() + 2_000), data);

    expect([first.counted, again.counted]).toEqual([true, false]);
    expect((await data.views.totals(['v7'])).get('v7')).toBe(3);
  });

  it('refuses a view of a vehicle that does not exist', async () => {
    await expect(recordVehicleView('nope', null, 's', NOW, testTable.data)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('trending before the job has ever run', () => {
  let testTable: TestTable;

  beforeAll(async () => {
    testTable = await createTestTable('trending-empty');
    await testTable.data.deals.create(vehicle('v1'), addDays(NOW, -30));
    await recordVehicleView('v1', null, 's-1', NOW, testTable.data);
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('answers an empty list although vehicles were viewed: the route never ranks', async () => {
    expect(await testTable.data.trending.get()).toBeNull();
    expect(await getTrendingVehicles(testTable.data)).toEqual({ vehicles: [] });
  });
});
