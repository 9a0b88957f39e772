/**
 * The brokered-vehicle migration (./brokered-vehicles.ts) on a copy of today's demo data stored as before the log: no
 * lines. One run logs every closed client deal once, as the seed's own closes log them today (write times aside); a
 * dry run and a second run write nothing, and a line written meanwhile is left as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { seedDemoData } from '@infra/local/seed/seed';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { migrateBrokeredVehicles } from './brokered-vehicles';

const users = testDemoUsers();

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

/** Every line by deal, without the write times (the seed's and the migration's clocks differ). */
async function lines(testTable: TestTable): Promise<Record<string, Item>> {
  const items = (await scan(testTable)).filter((item) => item._et === 'brokeredVehicle');
  return Object.fromEntries(
    items.map(({ loggedAt: _loggedAt, updatedAt: _updatedAt, ...content }) => [content.dealId as string, content]),
  );
}

async function deleteLines(testTable: TestTable): Promise<void> {
  const client = testTable.data.table.getDocumentClient();
  for (const item of await scan(testTable)) {
    if (item._et === 'brokeredVehicle')
      await client.send(new DeleteCommand({ TableName: testTable.table, Key: { pk: item.pk, sk: item.sk } }));
  }
}

describe('the brokered-vehicle migration on the demo data', () => {
  let testTable: TestTable;
  let seeded: Record<string, Item>;

  beforeAll(async () => {
    testTable = await createTestTable('brokered-legacy');
    await seedDemoData(testTable.data, users, { now: new Date() });
    seeded = await lines(testTable);
    await deleteLines(testTable);
  }, 120_000);
  afterAll(async () => {
    await testTable?.drop();
  });

  it('starts from demo data with closed deals and an empty log', async () => {
    expect(Object.keys(seeded).length).toBeGreaterThan(0);
    expect(await lines(testTable)).toEqual({});
  });

  it('reports on a dry run what it would log, and writes nothing', async () => {
    const report = await migrateBrokeredVehicles(testTable.data, { dryRun: true });
    expect(report).toMatchObject({ dryRun: true, logged: Object.keys(seeded).length, alreadyLogged: 0 });
    expect(await lines(testTable)).toEqual({});
  });

  it('logs every closed client deal once, as the seed logs it; a second run logs nothing and keeps the lines', async () => {
    const first = await migrateBrokeredVehicles(testTable.data, { dryRun: false });
    expect(first).toMatchObject({ logged: Object.keys(seeded).length, alreadyLogged: 0 });
    expect(await lines(testTable)).toEqual(seeded);
    const written = (await scan(testTable)).filter((item) => item._et === 'brokeredVehicle');

    const second = await migrateBrokeredVehicles(testTable.data, { dryRun: false });
    expect(second).toMatchObject({ logged: 0, alreadyLogged: first.logged });
    expect((await scan(testTable)).filter((item) => item._et === 'brokeredVehicle')).toEqual(written);
  });
});
