import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStatus } from '@shared/deals/enums';
import { GLOBAL_SCOPE } from '@functions/domain/counters/counters';
import type { DealFields } from '@functions/domain/deals/deals';
import { createDocumentClient } from '@functions/lib/data/client';
import { createToolboxTable } from '@functions/lib/data/table';
import { createTestTable, type TestTable } from '@test/support/test-table';
import { expireDealsStore } from './data/expire-deals';
import { expireDeals } from './expire-deals';

const NOW = new Date('2026-03-10T06:00:00.000Z');

const deal = (id: string, status: DealStatus, expirationDate?: string): DealFields & { id: string } => ({
  id,
  brokerId: 'broker-1',
  year: 2026,
  make: 'Honda',
  model: 'Accord',
  dealType: 'lease',
  status,
  monthlyPayment: 359,
  downPayment: 1_999,
  termMonths: 36,
  expirationDate,
  isArchived: false,
  // Listings, so that they count in the marketplace the job takes them out of (client deals never are in it).
  listing: true,
  creditAppFormType: 'generic',
  dealershipId: 'dealer-1',
});

describe('the expire-deals job', () => {
  let testTable: TestTable;

  beforeAll(async () => {
    testTable = await createTestTable('expiry');
    const { data } = testTable;
    const deals = [
      deal('past-available', 'available', '2026-03-09'),
      deal('past-pending', 'pending', '2026-02-01'),
      deal('past-active', 'active', '2025-12-31'),
      deal('past-not-sold', 'not_sold', '2026-03-01'),
      deal('past-closed', 'closed', '2026-03-01'),
      deal('past-finalized', 'finalized', '2026-03-01'),
      deal('today', 'available', '2026-03-10'),
      deal('future', 'active', '2026-04-01'),
      deal('no-date', 'available'),
    ];
    for (const item of deals) await data.deals.create(item, new Date('2025-12-01T00:00:00Z'));
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('expires and archives exactly the live deals whose date has passed, and updates the counts', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    const result = await expireDeals(data, NOW);

    expect(result).toEqual({ examined: 4, expired: 4, skipped: 0 });
    const statuses = Object.fromEntries(
      (
        await data.deals.getMany([
          'past-available',
          'past-pending',
          'past-active',
          'past-not-sold',
          'past-closed',
          'past-finalized',
          'today',
          'future',
          'no-date',
        ])
      ).map((item) => [item.id, `${item.status}${item.isArchived ? ' (archived)' : ''}`]),
    );
    expect(statuses).toEqual({
      'past-available': 'expired (archived)',
      'past-pending': 'expired (archived)',
      'past-active': 'expired (archived)',
      'past-not-sold': 'expired (archived)',
      'past-closed': 'closed',
      'past-finalized': 'finalized',
      today: 'available',
      future: 'active',
      'no-date': 'available',
    });
    const after = await data.counters.get(GLOBAL_SCOPE);
    expect(after.marketplaceVehicles).toBe(before.marketplaceVehicles - 4);
    // These vehicles are listings (`listing: true`): stock, never counted as client deals.
    expect(after.clientDeals).toBe(before.clientDeals);
  });

  it('finds the expired deals in the archive, latest expiration first', async () => {
    const { data } = testTable;

    const archive = await data.deals.listExpired();

    expect(archive.map((item) => item.id)).toEqual(['past-available', 'past-not-sold', 'past-pending', 'past-active']);
  });

  it('records each expiry in the activity trail, by the system', async () => {
    const { data } = testTable;

    const activity = await data.deals.listActivity('past-pending', 10);

    expect(activity).toHaveLength(1);
    expect(activity[0]).toMatchObject({
      kind: 'expired',
      actorName: 'System',
      changes: [{ field: 'status', before: 'pending', after: 'expired' }],
    });
  });

  it('changes nothing when run again', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    expect(await expireDeals(data, NOW)).toEqual({ examined: 0, expired: 0, skipped: 0 });
    expect(await data.counters.get(GLOBAL_SCOPE)).toEqual(before);
  });
});

describe('the expire-deals job at UTC day and month edges, and run concurrently', () => {
  let testTable: TestTable;

  beforeAll(async () => {
    testTable = await createTestTable('expiry-edges');
    const { data } = testTable;
    const deals = [
      deal('jan-31', 'available', '2026-01-31'),
      deal('feb-01', 'pending', '2026-02-01'),
      deal('feb-28', 'active', '2026-02-28'),
      deal('mar-01', 'available', '2026-03-01'),
    ];
    for (const item of deals) await data.deals.create(item, new Date('2025-12-01T00:00:00Z'));
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  const statusOf = async (id: string) => (await testTable.data.deals.get(id))?.status;

  it('keeps a deal through the last second of its expiration day (UTC), and expires it at midnight', async () => {
    const { data } = testTable;

    await expireDeals(data, new Date('2026-01-31T23:59:59.999Z'));
    expect(await statusOf('jan-31')).toBe('available');

    await expireDeals(data, new Date('2026-02-01T00:00:00.000Z'));
    expect([await statusOf('jan-31'), await statusOf('feb-01')]).toEqual(['expired', 'pending']);
  });

  it('crosses a month end: on March 1st the deals of February 1st and 28th expire, not March 1st', async () => {
    const { data } = testTable;

    await expireDeals(data, new Date('2026-03-01T00:00:00.000Z'));

    expect([await statusOf('feb-01'), await statusOf('feb-28'), await statusOf('mar-01')]).toEqual([
      'expired',
      'expired',
      'available',
    ]);
  });

  it('expires each deal exactly once when two runs overlap, and the counts move once', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    const runs = await Promise.all([
      expireDeals(data, new Date('2026-03-02T06:00:00.000Z')),
      expireDeals(data, new Date('2026-03-02T06:00:00.000Z')),
    ]);

    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1);
    expect(await statusOf('mar-01')).toBe('expired');
    expect(await data.deals.listActivity('mar-01', 10)).toHaveLength(1);
    const after = await data.counters.get(GLOBAL_SCOPE);
    expect(after.marketplaceVehicles).toBe(before.marketplaceVehicles - 1);
    expect(after.liveVehicles).toBe(before.liveVehicles - 1);
  });

  it("expires a deal through the job's own data, which loads the deal writes only when a deal is due", async () => {
    const { data } = testTable;
    await data.deals.create(deal('past-late', 'available', '2026-03-08'), new Date('2025-12-01T00:00:00Z'));
    const jobData = expireDealsStore(createToolboxTable(createDocumentClient(), testTable.table));

    expect(await expireDeals(jobData, NOW)).toEqual({ examined: 1, expired: 1, skipped: 0 });
    expect((await data.deals.get('past-late'))?.status).toBe('expired');
    expect(await expireDeals(jobData, NOW)).toEqual({ examined: 0, expired: 0, skipped: 0 });
  });
});
