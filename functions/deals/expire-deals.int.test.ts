import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStatus } from '@shared/deals/enums';
import { GLOBAL_SCOPE } from '@functions/lib/data/stores/counters';
import type { DealFields } from '../lib/data/stores/deals';
import { createTestTable, type TestTable } from '@test/support/test-table';
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
    expect(after.clientDeals).toBe(before.clientDeals - 3);
  });

  it('finds the expired deals in the archive, latest expiration first', async () => {
    const { data } = testTable;

    const archive = await data.deals.listExpired();

    expect(archive.map((item) => item.id)).toEqual(['past-available', 'past-not-sold', 'past-pending', 'past-active']);
  });

  it('changes nothing when run again', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    expect(await expireDeals(data, NOW)).toEqual({ examined: 0, expired: 0, skipped: 0 });
    expect(await data.counters.get(GLOBAL_SCOPE)).toEqual(before);
  });
});
