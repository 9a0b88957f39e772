import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable, type TestTable } from '../lib/data/test-table';
import type { DealFields } from '../lib/data/stores/deals';
import { addDays } from '../lib/dates';
import { NotFoundError } from '../lib/errors';
import { getTrendingVehicles } from './trending';
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
  creditAppFormType: 'generic',
  ...overrides,
});

describe('trending vehicles from recorded views', () => {
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

  it('returns the 5 most viewed non-archived vehicles of the last 5 days, most viewed first', async () => {
    const { vehicles } = await getTrendingVehicles(testTable.data, NOW);

    expect(vehicles.map((item) => [item.vehicleId, item.views])).toEqual([
      ['v3', 7],
      ['v1', 5],
      ['v2', 5],
      ['v6', 4],
      ['v7', 2],
    ]);
  });

  it('shapes each vehicle as the trending vehicle result', async () => {
    const { vehicles } = await getTrendingVehicles(testTable.data, NOW);

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
    const { vehicles } = await getTrendingVehicles(testTable.data, addDays(NOW, 1));

    expect(vehicles.map((item) => item.vehicleId)).not.toContain('v3');
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

  it('is empty when nothing was viewed', async () => {
    expect(await getTrendingVehicles(testTable.data, addDays(NOW, 30))).toEqual({ vehicles: [] });
  });
});
