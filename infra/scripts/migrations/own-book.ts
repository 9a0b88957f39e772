/**
 * The own-book backfill (docs/operations.md, "Migrations"; docs/security.md, "Ownership"): gives the clients
 * and deals stored before own book existed the owner listings and counts an own-book broker's lists and dashboard
 * read. One-off, idempotent, with a dry run.
 *
 * Every client and deal write since own book keeps, in its own transaction, a client's entry in its owner's listing
 * (`CLIENTSEARCH#owner#{profileId}`) and the owner's count (`COUNTER#clients#owner#{profileId}`), and a listed deal's
 * entry in its broker's listing (`DL#broker#{brokerId}#all#*`) and the broker's make counts (`DLCOUNT#make#broker#…`).
 * Those writes add and remove by difference ("after minus before"), so re-saving an old record unchanged writes none
 * of them: this migration reconciles instead. Per owner it computes what the listing and counts must hold from the
 * records themselves (the same pure functions the writes use), reads what is stored, and writes only the difference:
 * missing or outdated entries put, stray ones deleted, each count set to its value on the condition that it still
 * holds what was read (a write meanwhile moved it: reported, run again). A second run finds nothing to do.
 *
 * Clients are read through their name index (gsi1) and deals by status (gsi1), never scanned.
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { DEAL_STATUSES } from '@shared/deals/enums';
import type { DealStore } from '@functions/domain/deals/deals';
import {
  ALL_STATUSES,
  brokerScope,
  isListed,
  listEntries,
  listingKey,
  makeCountSet,
} from '@functions/domain/deals/deal-list-index';
import {
  clientSearchEntryEntity,
  CLIENT_SEARCH_PARTITION_PREFIX,
  type ClientSearchEntry,
} from '@functions/domain/clients/client-search-entry';
import { counterEntity } from '@functions/domain/counters/counter';
import { dealListCountEntity, DEAL_LIST_COUNT_PARTITION_PREFIX } from '@functions/domain/deals/entities/deal-list-count';
import {
  dealListEntryEntity,
  DEAL_LIST_PARTITION_PREFIX,
  type DealListEntry,
} from '@functions/domain/deals/entities/deal-list-entry';
import { sortable } from '@functions/lib/data/keys';
import { queryAll } from '@functions/lib/data/query';
import { type clientStore } from '@functions/domain/clients/clients';
import { clientSearchEntries, ownerClientsScope, ownerToken } from '@functions/domain/clients/client-search';
import type { LeaseDeskTable } from '@functions/lib/data/table';

export interface OwnBookMigrationReport {
  dryRun: boolean;
  /** Clients read, and the owners they belong to. */
  clients: number;
  clientOwners: number;
  /** Listed deals read (statuses the deals list shows, with a broker), and their brokers. */
  deals: number;
  dealBrokers: number;
  /** Entries put (missing or outdated) and deleted (stray), in the owners' client listings and the brokers' deal listings. */
  clientEntriesPut: number;
  clientEntriesDeleted: number;
  dealEntriesPut: number;
  dealEntriesDeleted: number;
  /** Counts set to their value: owners' client counts, brokers' make counts. */
  clientCountsSet: number;
  makeCountsSet: number;
  /** Counts not set because a write moved them during the run: run the migration again. */
  skipped: { count: string; reason: string }[];
}

interface MigrationData {
  table: LeaseDeskTable;
  clients: Pick<ReturnType<typeof clientStore>, 'listByName'>;
  deals: Pick<DealStore, 'listByStatus'>;
}

const groupBy = <T>(items: T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

export async function migrateOwnBook(
  data: MigrationData,
  options: { dryRun: boolean; log?: (line: string) => void },
): Promise<OwnBookMigrationReport> {
  const log = options.log ?? (() => {});
  const write = !options.dryRun;
  const entities = {
    clientSearchEntry: clientSearchEntryEntity(data.table),
    counter: counterEntity(data.table),
    dealListEntry: dealListEntryEntity(data.table),
    dealListCount: dealListCountEntity(data.table),
  };
  const report: OwnBookMigrationReport = {
    dryRun: options.dryRun,
    clients: 0,
    clientOwners: 0,
    deals: 0,
    dealBrokers: 0,
    clientEntriesPut: 0,
    clientEntriesDeleted: 0,
    dealEntriesPut: 0,
    dealEntriesDeleted: 0,
    clientCountsSet: 0,
    makeCountsSet: 0,
    skipped: [],
  };

  // Clients: each owner's listing and count.
  const clients = await data.clients.listByName();
  report.clients = clients.length;
  const owners = groupBy(clients, (client) => client.profileId);
  report.clientOwners = owners.size;
  for (const [owner, owned] of owners) {
    const token = ownerToken(owner);
    const expected = owned.flatMap((client) => clientSearchEntries(client).filter((entry) => entry.token === token));
    const stored = await queryAll(entities.clientSearchEntry, { partition: `${CLIENT_SEARCH_PARTITION_PREFIX}${token}` });
    const { put, remove } = difference(expected, stored, (entry) => entry.position, sameClientEntry);
    report.clientEntriesPut += put.length;
    report.clientEntriesDeleted += remove.length;
    if (write) {
      for (const entry of put) await entities.clientSearchEntry.build(PutItemCommand).item(entry).send();
      for (const entry of remove) {
        await entities.clientSearchEntry.build(DeleteItemCommand).key({ token: entry.token, position: entry.position }).send();
      }
    }
    const scope = ownerClientsScope(owner);
    const counter = await entities.counter.build(GetItemCommand).key({ scope }).options({ consistent: true }).send();
    const current = counter.Item?.clients;
    if (current !== owned.length) {
      report.clientCountsSet++;
      if (write) {
        const set = await setCount(() =>
          entities.counter
            .build(UpdateItemCommand)
            .item({ scope, clients: owned.length })
            .options({ condition: current === undefined ? { attr: 'clients', exists: false } : { attr: 'clients', eq: current } })
            .send(),
        );
        if (!set) report.skipped.push({ count: `COUNTER#${scope}`, reason: 'changed during the run' });
      }
    }
  }
  log(`clients: ${clients.length} read, ${owners.size} owners`);

  // Deals: each broker's listing and make counts (listed statuses only, as the deal writes keep them).
  const deals = (await Promise.all(DEAL_STATUSES.map((status) => data.deals.listByStatus(status))))
    .flat()
    .filter((deal) => isListed(deal) && !!deal.brokerId);
  report.deals = deals.length;
  const brokers = groupBy(deals, (deal) => deal.brokerId);
  report.dealBrokers = brokers.size;
  for (const [broker, theirs] of brokers) {
    const listing = listingKey(brokerScope(broker), ALL_STATUSES);
    const expected = theirs.flatMap((deal) => listEntries(deal).filter((entry) => entry.listing === listing));
    const stored = await queryAll(entities.dealListEntry, { partition: `${DEAL_LIST_PARTITION_PREFIX}${listing}` });
    const { put, remove } = difference(expected, stored, (entry) => entry.position, sameDealEntry);
    report.dealEntriesPut += put.length;
    report.dealEntriesDeleted += remove.length;
    if (write) {
      for (const entry of put) await entities.dealListEntry.build(PutItemCommand).item(entry).send();
      for (const entry of remove) {
        await entities.dealListEntry.build(DeleteItemCommand).key({ listing: entry.listing, position: entry.position }).send();
      }
    }
    const set = makeCountSet(brokerScope(broker));
    const wanted = new Map<string, { label: string; deals: number }>();
    for (const deal of theirs) {
      const key = sortable(deal.make);
      wanted.set(key, { label: deal.make.trim(), deals: (wanted.get(key)?.deals ?? 0) + 1 });
    }
    const counts = await queryAll(entities.dealListCount, { partition: `${DEAL_LIST_COUNT_PARTITION_PREFIX}${set}` });
    const have = new Map(counts.map((count) => [count.key, count.deals]));
    const keys = new Set([...wanted.keys(), ...have.keys()]);
    for (const key of keys) {
      const value = wanted.get(key)?.deals ?? 0;
      const current = have.get(key);
      if ((current ?? 0) === value) continue;
      report.makeCountsSet++;
      if (!write) continue;
      const label = wanted.get(key)?.label;
      const done = await setCount(() =>
        entities.dealListCount
          .build(UpdateItemCommand)
          .item({ set, key, ...(label ? { label } : {}), deals: value })
          .options({ condition: current === undefined ? { attr: 'deals', exists: false } : { attr: 'deals', eq: current } })
          .send(),
      );
      if (!done)
        report.skipped.push({ count: `${DEAL_LIST_COUNT_PARTITION_PREFIX}${set} ${key}`, reason: 'changed during the run' });
    }
  }
  log(`deals: ${deals.length} listed deals read, ${brokers.size} brokers`);
  for (const { count } of report.skipped) log(`skipped ${count}: changed during the run`);
  return report;
}

const sameClientEntry = (a: ClientSearchEntry, b: ClientSearchEntry) => a.clientId === b.clientId && a.text === b.text;
const sameDealEntry = (a: DealListEntry, b: DealListEntry) =>
  a.dealId === b.dealId && a.status === b.status && a.makeKey === b.makeKey && a.groupKey === b.groupKey && a.text === b.text;

/** Pure: the entries to put (missing or different) and to delete (stored, not expected), by position. */
export function difference<T>(expected: T[], stored: T[], id: (entry: T) => string, same: (a: T, b: T) => boolean) {
  const have = new Map(stored.map((entry) => [id(entry), entry]));
  const want = new Set(expected.map(id));
  return {
    put: expected.filter((entry) => {
      const current = have.get(id(entry));
      return !current || !same(current, entry);
    }),
    remove: stored.filter((entry) => !want.has(id(entry))),
  };
}

/** A conditional count write: false when its condition failed (the count moved since it was read). */
async function setCount(send: () => Promise<unknown>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}
