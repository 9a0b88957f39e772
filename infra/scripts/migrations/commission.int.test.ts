/**
 * The commission migration (./commission.ts) on a copy of today's demo data stored as before the ledger: no entries,
 * no ledger months or heads, no booking on the deals. One run books every closed client deal once, in the month it
 * closed, so each broker-month sums to what the seed's own closes book today; a dry run and a second run write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { seedDemoData } from '@infra/local/seed/seed';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { migrateCommission } from './commission';

const users = testDemoUsers();
const LEDGER_ENTITIES = new Set(['commissionEntry', 'commissionMonth', 'commissionHead']);

type Item = Record<string, unknown>;

async function scan(testTable: TestTable): Promise<Item[]> {
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const page = await testTable.data.table
      .getDocumentClient()
      .send(new ScanCommand({ TableName: testTable.table, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Each broker-month's commission as the ledger sums it, and the number of entries. */
async function ledger(testTable: TestTable) {
  const items = await scan(testTable);
  const months = Object.fromEntries(
    items
      .filter((item) => item._et === 'commissionMonth')
      .map((item) => [`${item.brokerId as string}#${item.month as string}`, item.earnedCents as number]),
  );
  return { months, entries: items.filter((item) => item._et === 'commissionEntry').length };
}

/** The table as the code before the ledger left it. */
async function asStoredBeforeLedger(testTable: TestTable): Promise<void> {
  const client = testTable.data.table.getDocumentClient();
  for (const item of await scan(testTable)) {
    const key = { pk: item.pk, sk: item.sk };
    if (LEDGER_ENTITIES.has(item._et as string)) await client.send(new DeleteCommand({ TableName: testTable.table, Key: key }));
    else if (item._et === 'deal' && item.commission)
      await client.send(
        new UpdateCommand({ TableName: testTable.table, Key: key, UpdateExpression: 'REMOVE commission, commissionSequence' }),
      );
  }
}

describe('the commission migration on the demo data', () => {
  let testTable: TestTable;
  let seeded: Awaited<ReturnType<typeof ledger>>;

  beforeAll(async () => {
    testTable = await createTestTable('commission-legacy');
    await seedDemoData(testTable.data, users, { now: new Date() });
    seeded = await ledger(testTable);
    await asStoredBeforeLedger(testTable);
  }, 120_000);
  afterAll(async () => {
    await testTable?.drop();
  });

  it('starts from demo data with closed deals and an empty ledger', async () => {
    expect(seeded.entries).toBeGreaterThan(0);
    expect(await ledger(testTable)).toEqual({ months: {}, entries: 0 });
  });

  it('reports on a dry run what it would book, and writes nothing', async () => {
    const report = await migrateCommission(testTable.data, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, booked: seeded.entries, alreadyBooked: 0, skipped: [] });
    expect(await ledger(testTable)).toEqual({ months: {}, entries: 0 });
  });

  it('books every closed deal once in the month it closed, as the seed books it; a second run books nothing', async () => {
    const first = await migrateCommission(testTable.data, { dryRun: false });
    expect(first).toMatchObject({ booked: seeded.entries, skipped: [] });
    expect(await ledger(testTable)).toEqual(seeded);

    const second = await migrateCommission(testTable.data, { dryRun: false });
    expect(second).toMatchObject({ booked: 0, alreadyBooked: first.booked });
    expect(await ledger(testTable)).toEqual(seeded);
  });
});
