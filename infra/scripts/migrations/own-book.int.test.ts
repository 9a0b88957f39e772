/**
 * The own-book backfill (./own-book.ts) on a copy of today's demo data: the seed's world with every owner listing and
 * count taken away (as records stored before own book have none), migrated twice. After the first run the table
 * holds exactly what the seed wrote, item for item and count for count, and an own-book broker's reads find their
 * records again; the dry run and the second run write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { seedDemoData } from '@infra/local/seed/seed';
import { brokerScope, makeCountSet } from '@functions/domain/deals/deal-list-index';
import { ownerClientsScope } from '@functions/domain/clients/client-search';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { difference, migrateOwnBook } from './own-book';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const users = testDemoUsers();
/** The owner listings and counts own book added (docs/security.md, "Ownership"). */
const OWN_BOOK_PREFIXES = ['CLIENTSEARCH#owner#', 'COUNTER#clients#owner#', 'DL#broker#', 'DLCOUNT#make#broker#'];

async function scanAll(testTable: TestTable): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await testTable.data.table
      .getDocumentClient()
      .send(new ScanCommand({ TableName: testTable.table, ExclusiveStartKey: start, ConsistentRead: true }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every item by its key (a Scan is fine in a test, never on a request path). */
async function snapshot(testTable: TestTable): Promise<Record<string, Record<string, unknown>>> {
  return Object.fromEntries((await scanAll(testTable)).map((item) => [`${item.pk as string}|${item.sk as string}`, item]));
}

/** Deletes every owner listing entry and count: the table as records stored before own book left it. */
async function asStoredBeforeOwnBook(testTable: TestTable): Promise<number> {
  const keys = (await scanAll(testTable))
    .filter((item) => OWN_BOOK_PREFIXES.some((prefix) => (item.pk as string).startsWith(prefix)))
    .map((item) => ({ pk: item.pk, sk: item.sk }));
  for (let start = 0; start < keys.length; start += 25) {
    await testTable.data.table.getDocumentClient().send(
      new BatchWriteCommand({
        RequestItems: { [testTable.table]: keys.slice(start, start + 25).map((Key) => ({ DeleteRequest: { Key } })) },
      }),
    );
  }
  return keys.length;
}

const brokerId = () => users.broker.userId;

describe('the own-book backfill on a copy of the demo data', () => {
  let legacy: TestTable;
  let seeded: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    legacy = await createTestTable('migrate-own-book');
    await seedDemoData(legacy.data, users, { now: NOW });
    seeded = await snapshot(legacy);
    expect(await asStoredBeforeOwnBook(legacy)).toBeGreaterThan(20);
  }, 120_000);
  afterAll(async () => {
    await legacy?.drop();
  });

  it("starts with no owner listing: an own-book broker's count and make counts read nothing", async () => {
    expect((await legacy.data.counters.get(ownerClientsScope(brokerId()))).clients).toBe(0);
    expect(await legacy.data.dealList.makeCounts(makeCountSet(brokerScope(brokerId())))).toEqual([]);
  });

  it('reports on a dry run what it would write, and writes nothing', async () => {
    const before = await snapshot(legacy);

    const report = await migrateOwnBook(legacy.data, { dryRun: true });

    expect(report).toMatchObject({ dryRun: true, clientEntriesDeleted: 0, dealEntriesDeleted: 0, skipped: [] });
    expect(report.clientEntriesPut).toBe(report.clients);
    expect(report.clientCountsSet).toBe(report.clientOwners);
    expect(report.dealEntriesPut).toBe(report.deals);
    expect(report.clients).toBeGreaterThan(5);
    expect(report.deals).toBeGreaterThan(5);
    expect(await snapshot(legacy)).toEqual(before);
  });

  it('writes back exactly what the seed wrote: every owner entry and count', async () => {
    const report = await migrateOwnBook(legacy.data, { dryRun: false });

    expect(report.skipped).toEqual([]);
    expect(report.makeCountsSet).toBeGreaterThan(0);
    expect(await snapshot(legacy)).toEqual(seeded);
    expect((await legacy.data.counters.get(ownerClientsScope(brokerId()))).clients).toBeGreaterThan(0);
  });

  it('changes nothing on a second run, and reports nothing to do', async () => {
    const before = await snapshot(legacy);

    const report = await migrateOwnBook(legacy.data, { dryRun: false });

    expect(report).toMatchObject({
      clientEntriesPut: 0,
      clientEntriesDeleted: 0,
      dealEntriesPut: 0,
      dealEntriesDeleted: 0,
      clientCountsSet: 0,
      makeCountsSet: 0,
      skipped: [],
    });
    expect(await snapshot(legacy)).toEqual(before);
  });
});

describe('difference', () => {
  const id = (entry: { at: string }) => entry.at;
  const same = (a: { at: string; v: number }, b: { at: string; v: number }) => a.v === b.v;

  it('puts what is missing or outdated and deletes what is stored but not expected', () => {
    const expected = [
      { at: 'a', v: 1 },
      { at: 'b', v: 2 },
      { at: 'c', v: 3 },
    ];
    const stored = [
      { at: 'b', v: 2 },
      { at: 'c', v: 9 },
      { at: 'd', v: 4 },
    ];

    expect(difference(expected, stored, id, same)).toEqual({
      put: [
        { at: 'a', v: 1 },
        { at: 'c', v: 3 },
      ],
      remove: [{ at: 'd', v: 4 }],
    });
  });
});
