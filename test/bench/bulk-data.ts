/**
 * Synthetic bulk for the capacity bench: the same entities the product stores, keyed exactly as the stores write
 * them (the items come from dynamodb-toolbox's `PutItemCommand` params), in fixed shares of the table so that
 * every access pattern's partitions grow with it:
 *
 *   dealerships 1%, marketplace vehicles (each with its stock-number claim, view total, marketplace listing
 *   entries and deals list entries: 24%),
 *   client deals 15% (every status, each with its deals list entries), clients 15% (each with its search entries),
 *   view claims 30%, per-day view counters 15% (the last 7 days).
 *
 * Item `i` of a kind is the same item whatever the size asked for, so growing a table from 1k to 50k items
 * only adds items. Counter items (and the marketplace's and deals list's per-make and per-group counts) are not touched: the request paths read them by key, so their values do not
 * change what a read costs, and a bulk load through 50k transactions on one counter item would take minutes.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEAL_STATUSES } from '@shared/deals/enums';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { clientEntity } from '@functions/domain/clients/client';
import { clientSearchEntryEntity } from '@functions/domain/clients/client-search-entry';
import { dealEntity } from '@functions/domain/deals/entities/deal';
import { dealListEntryEntity } from '@functions/domain/deals/entities/deal-list-entry';
import { dealViewEntity } from '@functions/marketplace/data/deal-view';
import { dealershipEntity } from '@functions/domain/dealerships/dealership';
import { marketplaceListingEntity } from '@functions/domain/deals/entities/marketplace-listing';
import { stockNumberEntity } from '@functions/domain/deals/entities/stock-number';
import { vehicleStatsEntity } from '@functions/domain/deals/entities/vehicle-stats';
import { vehicleViewDayEntity } from '@functions/marketplace/data/vehicle-view-day';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { addDays, startOfUtcDaySeconds, utcDay } from '@functions/lib/dates';
import type { Deal } from '@functions/domain/deals/deals';
import { clientSearchEntries } from '@functions/domain/clients/client-search';
import { listEntries, type ListedDeal } from '@functions/domain/deals/deal-list-index';
import { listingEntries, type ListedVehicle } from '@functions/domain/deals/marketplace-index';

/** Items per 100 bulk items (vehicles counts all their items); the shares above. */
const SHARES = { dealerships: 1, vehicles: 24, clientDeals: 15, clients: 15, viewClaims: 30, viewDays: 15 } as const;
type Kind = keyof typeof SHARES;

export type BulkCounts = Record<Kind, number>;

const id = (kind: string, index: number) => `bench${kind}${String(index).padStart(7, '0')}`;
const MAKES = ['BMW', 'Toyota', 'Honda', 'Ford', 'Mercedes-Benz', 'Audi', 'Tesla', 'Lexus', 'Hyundai', 'Kia'];
const MODELS = 40;
const BROKERS = 50;

/** What vehicle `i`'s marketplace listing entries depend on (its dealership is the one `bulkItems` gives it). */
const benchVehicle = (i: number, dealerships: number): ListedVehicle => ({
  id: id('vehicle', i),
  year: 2026,
  make: MAKES[i % MAKES.length],
  model: `Model ${i % MODELS}`,
  isArchived: i % 10 === 9,
  dealershipId: id('dealership', i % Math.max(1, dealerships)),
});

const clientName = (i: number) => `Bench Client ${i}`;
const createdDaysAgo = { vehicle: (i: number) => i % 90, deal: (i: number) => i % 365 };
/** What vehicle `i`'s deals list entries depend on (listed while available, i.e. not archived). */
const benchVehicleDeal = (i: number, dealerships: number, createdAt = ''): ListedDeal => {
  const vehicle = benchVehicle(i, dealerships);
  return { ...vehicle, createdAt, status: vehicle.isArchived ? 'expired' : 'available' };
};
/** What client deal `i`'s deals list entries depend on (its client is client `i`). */
const benchClientDeal = (i: number, dealerships: number, createdAt = ''): ListedDeal => ({
  id: id('deal', i),
  createdAt,
  status: DEAL_STATUSES[i % DEAL_STATUSES.length],
  make: MAKES[i % MAKES.length],
  model: `Model ${i % 40}`,
  clientId: id('client', i),
  clientName: clientName(i),
  dealershipId: id('dealership', i % Math.max(1, dealerships)),
});
const benchClient = (i: number) => ({
  id: id('client', i),
  fullName: clientName(i),
  email: `client${i}@example.com`,
  phone: '+15555550100',
  profileId: id('broker', i % BROKERS),
});

/** Items written per record of a kind: the record and its derived items (listing, search and list entries). */
const ITEMS_OF: Partial<Record<Kind, (i: number) => number>> = {
  vehicles: (i) => 3 + listingEntries(benchVehicle(i, 1)).length + listEntries(benchVehicleDeal(i, 1)).length,
  clientDeals: (i) => 1 + listEntries(benchClientDeal(i, 1)).length,
  clients: (i) => 1 + clientSearchEntries(benchClient(i)).length,
};
/** The average over a whole cycle of makes, models and statuses (MAKES and the 7 statuses divide 280). */
const ITEMS_PER: Record<Kind, number> = Object.fromEntries(
  (Object.keys(SHARES) as Kind[]).map((kind) => {
    const itemsOf = ITEMS_OF[kind];
    return [kind, itemsOf ? Array.from({ length: 280 }, (_, i) => itemsOf(i)).reduce((a, b) => a + b, 0) / 280 : 1];
  }),
) as Record<Kind, number>;

/** How many of each kind make `items` bulk items (rounded up: the total is at least `items`). */
export function bulkCounts(items: number): BulkCounts {
  const unit = Math.max(0, items) / 100;
  const counts = {} as BulkCounts;
  for (const kind of Object.keys(SHARES) as Kind[]) {
    counts[kind] = Math.ceil((SHARES[kind] * unit) / ITEMS_PER[kind]);
  }
  return counts;
}

export function itemCount(counts: BulkCounts): number {
  let items = 0;
  for (const [kind, n] of Object.entries(counts) as [Kind, number][]) {
    const itemsOf = ITEMS_OF[kind];
    if (!itemsOf) items += n;
    else for (let i = 0; i < n; i++) items += itemsOf(i);
  }
  return items;
}

/** The entities the bulk is made of, over `table`. */
function bulkEntities(table: LeaseDeskTable) {
  return {
    client: clientEntity(table),
    clientSearchEntry: clientSearchEntryEntity(table),
    deal: dealEntity(table),
    dealListEntry: dealListEntryEntity(table),
    dealView: dealViewEntity(table),
    dealership: dealershipEntity(table),
    marketplaceListing: marketplaceListingEntity(table),
    stockNumber: stockNumberEntity(table),
    vehicleStats: vehicleStatsEntity(table),
    vehicleViewDay: vehicleViewDayEntity(table),
  };
}

/** The items (in DocumentClient form) of kinds' indices [from, to), with every date relative to `now`. */
function* bulkItems(
  entities: ReturnType<typeof bulkEntities>,
  from: BulkCounts,
  to: BulkCounts,
  now: Date,
): Generator<Record<string, unknown>> {
  const iso = (daysAgo: number) => addDays(now, -daysAgo).toISOString();
  const day = (offset: number) => utcDay(addDays(now, offset));
  const dealerships = Math.max(1, to.dealerships);
  const put = (params: { Item?: Record<string, unknown> }) => params.Item!;
  const deal = (fields: Omit<Deal, 'revision'>) =>
    put(
      entities.deal
        .build(PutItemCommand)
        .item({ ...fields, revision: 1 })
        .params(),
    );

  for (let i = from.dealerships; i < to.dealerships; i++) {
    yield put(
      entities.dealership
        .build(PutItemCommand)
        .item({
          id: id('dealership', i),
          name: `Bench Motors ${i}`,
          location: 'Springfield, IL',
          contactName: 'Sam Bench',
          createdAt: iso(400 - (i % 300)),
        })
        .params(),
    );
  }
  for (let i = from.vehicles; i < to.vehicles; i++) {
    const listed = benchVehicle(i, dealerships);
    const archived = listed.isArchived;
    const stockNumber = `BENCH-${i}`;
    yield deal({
      id: id('vehicle', i),
      brokerId: id('broker', i % BROKERS),
      dealershipId: id('dealership', i % dealerships),
      year: 2026,
      make: listed.make,
      model: listed.model,
      trim: 'Base',
      stockNumber,
      availableStock: 1 + (i % 5),
      msrp: 30_000 + (i % 50) * 800,
      totalDueAtSigning: 2_999,
      monthlyPayment: 299 + (i % 60) * 10,
      downPayment: 1_999,
      termMonths: 36,
      mileageAllowance: 10_000,
      apr: 5.9,
      dealType: 'lease',
      status: archived ? 'expired' : 'available',
      isArchived: archived,
      expirationDate: archived ? day(-(1 + (i % 30))) : day(1 + (i % 60)),
      incentives: ['loyalty'],
      creditAppFormType: 'generic',
      createdAt: iso(createdDaysAgo.vehicle(i)),
    });
    yield put(
      entities.stockNumber
        .build(PutItemCommand)
        .item({ stockNumber, dealId: id('vehicle', i) })
        .params(),
    );
    yield put(
      entities.vehicleStats
        .build(PutItemCommand)
        .item({ vehicleId: id('vehicle', i), views: i % 200 })
        .params(),
    );
    for (const entry of listingEntries(listed)) yield put(entities.marketplaceListing.build(PutItemCommand).item(entry).params());
    for (const entry of listEntries(benchVehicleDeal(i, dealerships, iso(createdDaysAgo.vehicle(i))))) {
      yield put(entities.dealListEntry.build(PutItemCommand).item(entry).params());
    }
  }
  for (let i = from.clientDeals; i < to.clientDeals; i++) {
    const status = DEAL_STATUSES[i % DEAL_STATUSES.length];
    yield deal({
      id: id('deal', i),
      clientId: id('client', i),
      clientName: clientName(i),
      brokerId: id('broker', i % BROKERS),
      dealershipId: id('dealership', i % dealerships),
      year: 2026,
      make: MAKES[i % MAKES.length],
      model: `Model ${i % 40}`,
      vin: `BENCH${String(i).padStart(12, '0')}`,
      dealType: i % 6 === 5 ? 'finance' : 'lease',
      status,
      // Expired deals are archived with a past date; every other deal expires in the future, so the expiry
      // job finds nothing to do at either size and its cost is only its reads.
      isArchived: status === 'expired',
      expirationDate: status === 'expired' ? day(-(1 + (i % 30))) : day(1 + (i % 60)),
      monthlyPayment: 399 + (i % 40) * 10,
      downPayment: 2_500,
      termMonths: 36,
      mileageAllowance: 12_000,
      moneyFactor: 0.0021,
      apr: 5.04,
      heardAboutUs: 'Referral',
      creditScoreRange: '670-739',
      brokerFeeDealer: 250,
      brokerFeeClient: 300,
      brokerFeeTotal: 550,
      creditAppFormType: 'generic',
      createdAt: iso(createdDaysAgo.deal(i)),
    });
    for (const entry of listEntries(benchClientDeal(i, dealerships, iso(createdDaysAgo.deal(i))))) {
      yield put(entities.dealListEntry.build(PutItemCommand).item(entry).params());
    }
  }
  for (let i = from.clients; i < to.clients; i++) {
    yield put(
      entities.client
        .build(PutItemCommand)
        .item({
          ...benchClient(i),
          creditScore: 600 + (i % 250),
          preferredMakes: [MAKES[i % MAKES.length]],
          profileId: id('broker', i % BROKERS),
          createdAt: iso(i % 365),
        })
        .params(),
    );
    for (const entry of clientSearchEntries(benchClient(i))) {
      yield put(entities.clientSearchEntry.build(PutItemCommand).item(entry).params());
    }
  }
  const expiresAt = startOfUtcDaySeconds(now) + 7 * 86_400;
  for (let i = from.viewClaims; i < to.viewClaims; i++) {
    yield put(
      entities.dealView
        .build(PutItemCommand)
        .item({
          dealId: id('vehicle', Math.floor(i / 10)),
          day: day(-(i % 7)),
          sessionId: `bench-session-${i}`,
          viewedAt: iso(i % 7),
          expiresAt,
        })
        .params(),
    );
  }
  // Counter j: vehicle j / 7 on day j % 7, so each viewed vehicle has a counter on each of the last 7 days.
  for (let j = from.viewDays; j < to.viewDays; j++) {
    yield put(
      entities.vehicleViewDay
        .build(PutItemCommand)
        .item({ day: day(-(j % 7)), vehicleId: id('vehicle', Math.floor(j / 7)), views: 1 + ((j * 31) % 20), expiresAt })
        .params(),
    );
  }
}

const BATCH = 25;
const CONCURRENCY = 6;

/** Writes the bulk items from `from` to `to` with BatchWriteItem (25 per call, a few calls at once, retrying unprocessed items). */
export async function loadBulk(
  client: DynamoDBDocumentClient,
  table: string,
  toolboxTable: LeaseDeskTable,
  from: BulkCounts,
  to: BulkCounts,
  now: Date,
): Promise<number> {
  const items = bulkItems(bulkEntities(toolboxTable), from, to, now);
  let written = 0;
  const nextBatch = () => {
    const batch: Record<string, unknown>[] = [];
    for (let next = items.next(); !next.done; next = items.next()) {
      batch.push(next.value);
      if (batch.length === BATCH) break;
    }
    return batch;
  };
  const worker = async () => {
    for (let batch = nextBatch(); batch.length > 0; batch = nextBatch()) {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; requests.length > 0; attempt++) {
        if (attempt > 0) await sleep(Math.min(1000, 20 * 2 ** attempt));
        const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (UnprocessedItems?.[table] ?? []) as typeof requests;
      }
      written += batch.length;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return written;
}
