/**
 * The inventory migration (./inventory.ts) on a copy of today's demo data: the seed's world stored as the code before
 * 25 Nov 2026 stored it (every deal in the marketplace, the deals list and its broker's statistics, no `listing` flag),
 * migrated twice. After the first run the table holds exactly what the seed writes today (every item and every count,
 * the marketplace holding listings only); the second run and any dry run change nothing. A few listings are stored as
 * the code between the listing flag and the deals-list rule left them (flagged, but in the deals list and the
 * `clientDeals` counts as client deals): the same run takes those items back, so every broker's "Client Deals" counts
 * only their client deals again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEAL_STATUSES } from '@shared/deals/enums';
import { isListing } from '@shared/marketplace/inventory';
import { seedDemoData } from '@infra/local/seed/seed';
import type { Data } from '@infra/data/create-data';
import type { Deal } from '@functions/domain/deals/deals';
import { brokerStatsOperations } from '@functions/domain/deals/broker-stats';
import { brokerScope, dealListIndexOperations, isListed, makeCountSet } from '@functions/domain/deals/deal-list-index';
import { indexedDeal } from '@functions/domain/deals/inventory';
import { marketplaceIndexOperations } from '@functions/domain/deals/marketplace-index';
import { brokerMonthStatsEntity } from '@functions/domain/deals/entities/broker-month-stats';
import { counterEntity } from '@functions/domain/counters/counter';
import { dealListCountEntity } from '@functions/domain/deals/entities/deal-list-count';
import { dealListEntryEntity } from '@functions/domain/deals/entities/deal-list-entry';
import { dealPartitions } from '@functions/domain/deals/entities/deal';
import { sortable } from '@functions/lib/data/keys';
import { marketplaceListingEntity } from '@functions/domain/deals/entities/marketplace-listing';
import { marketplaceMakeCountEntity } from '@functions/domain/deals/entities/marketplace-make-count';
import { vehicleStatsEntity } from '@functions/domain/deals/entities/vehicle-stats';
import { counterOperations, dealCounterDeltas, GLOBAL_SCOPE } from '@functions/domain/counters/counters';
import { commit } from '@functions/lib/data/transactions';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { migrateInventory } from './inventory';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const users = testDemoUsers();

const allDeals = async (data: Data) => (await Promise.all(DEAL_STATUSES.map((status) => data.deals.listByStatus(status)))).flat();

/**
 * Rewrites a table seeded today into the state the code before 25 Nov 2026 left: each deal without its flag, keyed as a
 * broker's deal and a marketplace vehicle, and every derived item moved back to the old rules (the same pure writers,
 * given the deal as the old code indexed it). (The old code also gave a client deal an all-zero stats item, which
 * the comparison below ignores like every all-zero count.)
 */
async function asStoredBeforeInventory(testTable: TestTable, stale: Set<string>): Promise<void> {
  const { data, table } = testTable;
  const client = data.table.getDocumentClient();
  const entities = {
    counter: counterEntity(data.table),
    brokerMonthStats: brokerMonthStatsEntity(data.table),
    marketplaceListing: marketplaceListingEntity(data.table),
    marketplaceMakeCount: marketplaceMakeCountEntity(data.table),
    vehicleStats: vehicleStatsEntity(data.table),
    dealListEntry: dealListEntryEntity(data.table),
    dealListCount: dealListCountEntity(data.table),
  };
  for (const deal of await allDeals(data)) {
    if (stale.has(deal.id)) {
      // Flagged, but indexed by the deals list's rule of the time: in the list and counted as a client deal.
      const indexed = indexedDeal(deal);
      expect(
        (
          await commit([
            ...counterOperations(entities, dealCounterDeltas(indexed, { ...indexed, clientDeal: true })),
            ...dealListIndexOperations(entities, deal, { ...deal, listing: false }),
          ])
        ).ok,
      ).toBe(true);
      continue;
    }
    const legacy = { ...deal, listing: undefined } as Deal;
    const [now, then] = [indexedDeal(deal), indexedDeal(legacy)];
    const outcome = await commit([
      ...counterOperations(entities, dealCounterDeltas(now, then)),
      ...brokerStatsOperations(entities, now, then),
      ...marketplaceIndexOperations(entities, now, then),
      // Before 25 Nov 2026 the deals list held listings too.
      ...dealListIndexOperations(entities, deal, legacy),
    ]);
    expect(outcome.ok).toBe(true);
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: `DEAL#${deal.id}`, sk: 'DEAL' },
        UpdateExpression: 'REMOVE listing SET gsi2pk = :broker, gsi5pk = :market, gsi5sk = :position',
        ExpressionAttributeValues: {
          ':broker': dealPartitions.byBroker(deal.brokerId),
          ':market': dealPartitions.marketplace(deal.isArchived),
          ':position': `${sortable(deal.make)}#${sortable(deal.model)}#${deal.id}`,
        },
      }),
    );
  }
}

/**
 * Every item of a table, comparable across tables: revisions left out, zero counts and all-zero count items dropped,
 * and notifications keyed by their content rather than their random ULID (two seeds make the same ones, ids aside).
 */
async function snapshot(testTable: TestTable): Promise<Record<string, Record<string, unknown>>> {
  const counting = new Set(['counter', 'marketplaceMakeCount', 'vehicleStats', 'brokerMonthStats', 'dealListCount']);
  const items: Record<string, Record<string, unknown>> = {};
  let start: Record<string, unknown> | undefined;
  do {
    const page = await testTable.data.table
      .getDocumentClient()
      .send(new ScanCommand({ TableName: testTable.table, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const { revision: _revision, ...rest } = item;
      const kept = counting.has(item._et as string)
        ? Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== 0))
        : rest;
      if (counting.has(item._et as string) && !Object.values(kept).some((value) => typeof value === 'number')) continue;
      if (item._et === 'notification') {
        const { id: _id, sk: _sk, gsi1sk: _gsi1sk, ...content } = kept;
        items[`${item.pk as string}|${JSON.stringify(content)}`] = content;
        continue;
      }
      if (item._et === 'commissionEntry') {
        // A booking carries the clock time of the deal write that made it (functions/domain/commission/ledger.ts).
        const { createdAt: _createdAt, gsi1sk: _gsi1sk, gsi2sk: _gsi2sk, ...content } = kept;
        items[`${item.pk as string}|${item.sk as string}`] = content;
        continue;
      }
      if (item._et === 'brokeredVehicle') {
        // A brokered-vehicle line carries the clock times of the deal write that logged it (functions/domain/brokered-vehicles).
        const { loggedAt: _loggedAt, updatedAt: _updatedAt, ...content } = kept;
        items[`${item.pk as string}|${item.sk as string}`] = content;
        continue;
      }
      if (item._et === 'task') {
        // A deal's system tasks carry the clock time of the write that made them (functions/domain/deals/system-tasks.ts).
        const { createdAt: _createdAt, updatedAt: _updatedAt, ...content } = kept;
        items[`${item.pk as string}|${item.sk as string}`] = content;
        continue;
      }
      if (item._et === 'taskSettings') {
        // A broker's first system task writes their settings with the clock time of that write (deals.ts).
        const { updatedAt: _updatedAt, reminderAt: _reminderAt, gsi1sk: _gsi1sk, ...content } = kept;
        items[`${item.pk as string}|${item.sk as string}`] = content;
        continue;
      }
      items[`${item.pk as string}|${item.sk as string}`] = kept;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A broker's "Client Deals" (own book): the make counts of their deals-list scope, added up. */
async function brokerClientDeals(data: Data, brokerId: string): Promise<number> {
  return (await data.dealList.makeCounts(makeCountSet(brokerScope(brokerId)))).reduce((sum, make) => sum + make.count, 0);
}

/** Per broker, their client deals the deals list shows, counted from the deals themselves. */
async function clientDealsByBroker(data: Data): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const deal of await allDeals(data)) {
    if (isListed({ ...deal, listing: isListing(deal) }) && deal.brokerId)
      counts.set(deal.brokerId, (counts.get(deal.brokerId) ?? 0) + 1);
  }
  return counts;
}

describe('the inventory migration on a copy of the demo data', () => {
  let legacy: TestTable;
  let today: TestTable;
  /** Listings written between the listing flag and the deals-list rule: flagged, indexed as client deals. */
  let stale: Deal[];

  beforeAll(async () => {
    [legacy, today] = await Promise.all([createTestTable('migrate-legacy'), createTestTable('migrate-today')]);
    await seedDemoData(legacy.data, users, { now: NOW });
    await seedDemoData(today.data, users, { now: NOW });
    const listed = (await allDeals(legacy.data)).filter(
      (deal) => isListing(deal) && isListed({ ...deal, listing: false }) && deal.brokerId && deal.dealershipId,
    );
    stale = listed.slice(0, 3);
    expect(stale).toHaveLength(3);
    await asStoredBeforeInventory(legacy, new Set(stale.map((deal) => deal.id)));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([legacy?.drop(), today?.drop()]);
  });

  it('starts from client deals in the marketplace and counted as marketplace vehicles', async () => {
    const deals = await allDeals(legacy.data);
    const clientDeals = deals.filter((deal) => !isListing(deal));
    const marketplace = await legacy.data.deals.listMarketplace(false);

    expect(clientDeals.length).toBeGreaterThan(10);
    expect(marketplace.filter((deal) => !isListing(deal)).length).toBeGreaterThan(0);
    expect((await legacy.data.counters.get(GLOBAL_SCOPE)).marketplaceVehicles).toBe(marketplace.length);
    // The stale listings are flagged, yet in their brokers' "Client Deals".
    expect(stale.every((deal) => deal.listing === true)).toBe(true);
    const broker = stale[0]!.brokerId;
    expect(await brokerClientDeals(legacy.data, broker)).toBeGreaterThan(await brokerClientDeals(today.data, broker));
  });

  it('reports on a dry run what it would do, and writes nothing', async () => {
    const before = await snapshot(legacy);

    const report = await migrateInventory(legacy.data, { dryRun: true });

    expect(report).toMatchObject({
      dryRun: true,
      migrated: 0,
      alreadyMigrated: stale.length,
      staleListings: stale.length,
      staleListingsCleared: 0,
      skipped: [],
    });
    expect(report.listings + report.clientDeals + report.alreadyMigrated).toBe(report.deals);
    expect(report.clientDeals).toBeGreaterThan(10);
    expect(await snapshot(legacy)).toEqual(before);
  });

  it('leaves the table as the seed writes it today: listings only in the marketplace, every count right', async () => {
    const report = await migrateInventory(legacy.data, { dryRun: false });

    expect(report.migrated).toBe(report.deals - stale.length);
    expect(report).toMatchObject({ staleListings: stale.length, staleListingsCleared: stale.length, skipped: [] });
    expect(await snapshot(legacy)).toEqual(await snapshot(today));
    // Recounted from the deals: every broker's "Client Deals" is their client deals, listings left out.
    const expected = await clientDealsByBroker(legacy.data);
    expect(expected.size).toBeGreaterThan(1);
    for (const [brokerId, count] of expected) expect(await brokerClientDeals(legacy.data, brokerId)).toBe(count);
    const listings = (await allDeals(legacy.data)).filter((deal) => isListing(deal) && !deal.isArchived);
    expect((await legacy.data.deals.listMarketplace(false)).map((deal) => deal.id).sort()).toEqual(
      listings.map((deal) => deal.id).sort(),
    );
    expect((await legacy.data.counters.get(GLOBAL_SCOPE)).marketplaceVehicles).toBe(listings.length);
  });

  it('changes nothing on a second run', async () => {
    const before = await snapshot(legacy);

    const report = await migrateInventory(legacy.data, { dryRun: false });

    expect(report).toMatchObject({ migrated: 0, listings: 0, clientDeals: 0, staleListings: 0, staleListingsCleared: 0 });
    expect(report.alreadyMigrated).toBe(report.deals);
    expect(await snapshot(legacy)).toEqual(before);
  });
});
