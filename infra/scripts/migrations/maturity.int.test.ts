/**
 * The maturity migration (./maturity.ts) on a copy of today's demo data: the seed's world stored as the code before
 * 25 Nov 2026 stored it (no lease dates, no system tasks, no maturing-leases entries), migrated twice. After the first
 * run the table holds exactly what the seed writes today (lease dates, maturity reminders not yet past, follow-up
 * tasks, the maturing index); a dry run and the second run change nothing. Each broker's tasks are due in the time
 * zone of their task settings, as on the live deal path (the default zone for a broker who has none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { seedDemoData } from '@infra/local/seed/seed';
import { MATURING_PARTITION_PREFIX } from '@functions/domain/deals/entities/deal-maturity-entry';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { addDays, addMonths } from '@shared/calendar';
import { systemTaskId } from '@shared/tasks/enums';
import { zonedTimeToUtc } from '@shared/tasks/ics';
import { firstReminderAt } from '@shared/tasks/rules';
import type { DealFields } from '@functions/domain/deals/deals';
import { DEFAULT_TASK_TIME_ZONE } from '@functions/domain/deals/system-tasks';
import { migrateMaturity } from './maturity';

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

/** Every item, comparable across tables: revisions, tasks' write times and notification ids left out. */
async function snapshot(testTable: TestTable): Promise<Record<string, Item>> {
  const items: Record<string, Item> = {};
  for (const item of await scan(testTable)) {
    const { revision: _revision, ...rest } = item;
    if (item._et === 'notification') {
      const { id: _id, sk: _sk, gsi1sk: _gsi1sk, ...content } = rest;
      items[`${item.pk as string}|${JSON.stringify(content)}`] = content;
      continue;
    }
    if (item._et === 'commissionEntry') {
      // A booking carries the clock time of the deal write that made it (functions/domain/commission/ledger.ts).
      const { createdAt: _createdAt, gsi1sk: _gsi1sk, gsi2sk: _gsi2sk, ...content } = rest;
      items[`${item.pk as string}|${item.sk as string}`] = content;
      continue;
    }
    if (item._et === 'brokeredVehicle') {
      // A brokered-vehicle line carries the clock times of the deal write that logged it (functions/domain/brokered-vehicles).
      const { loggedAt: _loggedAt, updatedAt: _updatedAt, ...content } = rest;
      items[`${item.pk as string}|${item.sk as string}`] = content;
      continue;
    }
    if (item._et === 'task') {
      const { createdAt: _createdAt, updatedAt: _updatedAt, ...content } = rest;
      items[`${item.pk as string}|${item.sk as string}`] = content;
      continue;
    }
    if (item._et === 'taskSettings') {
      // A broker's first system task writes their settings with the clock time of that write (deals.ts).
      const { updatedAt: _updatedAt, reminderAt: _reminderAt, gsi1sk: _gsi1sk, ...content } = rest;
      items[`${item.pk as string}|${item.sk as string}`] = content;
      continue;
    }
    // Write times the seed takes from the clock (seed runs, stats), not from the deals.
    items[`${item.pk as string}|${item.sk as string}`] = rest;
  }
  return items;
}

/**
 * Rewrites a table seeded today into what the code before 25 Nov 2026 left: no lease dates, tasks or maturing entries.
 */
async function asStoredBeforeMaturity(testTable: TestTable): Promise<void> {
  const client = testTable.data.table.getDocumentClient();
  for (const item of await scan(testTable)) {
    const key = { pk: item.pk, sk: item.sk };
    // The seed's manual demo tasks stay: the migration makes only the system tasks deals imply.
    if ((item._et === 'task' && item.source !== 'manual') || (item.pk as string).startsWith(MATURING_PARTITION_PREFIX)) {
      await client.send(new DeleteCommand({ TableName: testTable.table, Key: key }));
    } else if (item._et === 'deal' && (item.leaseStartDate || item.maturityDate)) {
      await client.send(
        new UpdateCommand({ TableName: testTable.table, Key: key, UpdateExpression: 'REMOVE leaseStartDate, maturityDate' }),
      );
    }
  }
}

describe('the maturity migration on a copy of the demo data', () => {
  let legacy: TestTable;
  let today: TestTable;
  const now = new Date();

  beforeAll(async () => {
    [legacy, today] = await Promise.all([createTestTable('maturity-legacy'), createTestTable('maturity-today')]);
    await seedDemoData(legacy.data, users, { now });
    await seedDemoData(today.data, users, { now });
    await asStoredBeforeMaturity(legacy);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([legacy?.drop(), today?.drop()]);
  });

  it('starts from a demo world with leases and follow-ups but no system tasks', async () => {
    const items = await scan(legacy);
    expect(items.filter((item) => item._et === 'task' && item.source !== 'manual')).toEqual([]);
    const todays = await scan(today);
    expect(todays.filter((item) => item._et === 'task' && item.source === 'follow-up').length).toBeGreaterThan(0);
    expect(todays.filter((item) => item._et === 'task' && item.source === 'maturity').length).toBeGreaterThan(0);
  });

  it('reports on a dry run what it would do, and writes nothing', async () => {
    const before = await snapshot(legacy);

    const report = await migrateMaturity(legacy.data, { dryRun: true, now });

    expect(report).toMatchObject({ dryRun: true, skipped: [] });
    expect(report.leases).toBeGreaterThan(3);
    expect(report.followUps).toBeGreaterThan(0);
    expect(report.tasks).toBeGreaterThan(report.followUps);
    expect(await snapshot(legacy)).toEqual(before);
  });

  it('leaves the table as the seed writes it today: lease dates, tasks and the maturing index', async () => {
    const dry = await migrateMaturity(legacy.data, { dryRun: true, now });

    const report = await migrateMaturity(legacy.data, { dryRun: false, now });

    expect(report).toMatchObject({ ...dry, dryRun: false });
    expect(await snapshot(legacy)).toEqual(await snapshot(today));
  });

  it('changes nothing on a second run', async () => {
    const before = await snapshot(legacy);

    const report = await migrateMaturity(legacy.data, { dryRun: false, now });

    expect(report).toMatchObject({ leases: 0, followUps: 0, tasks: 0, skipped: [] });
    expect(report.upToDate).toBe(report.deals);
    expect(await snapshot(legacy)).toEqual(before);
  });
});

describe("the maturity migration and brokers' time zones", () => {
  let table: TestTable;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const followUpDate = addDays(today, 10);
  const tokyoBroker = 'broker-in-tokyo';
  const parisBroker = 'broker-in-paris';
  const newBroker = 'broker-without-settings';
  const deal = (id: string, brokerId: string, fields: Partial<DealFields>): DealFields & { id: string } => ({
    id,
    brokerId,
    clientName: 'Avery Stone',
    year: 2025,
    make: 'Mazda',
    model: 'CX-5',
    dealType: 'lease',
    status: 'active',
    monthlyPayment: 349,
    downPayment: 0,
    termMonths: 36,
    isArchived: false,
    creditAppFormType: 'generic',
    ...fields,
  });

  beforeAll(async () => {
    table = await createTestTable('maturity-zones');
    for (const [userId, timeZone] of [
      [tokyoBroker, 'Asia/Tokyo'],
      [parisBroker, 'Europe/Paris'],
    ] as const) {
      await table.data.tasks.putSettings({
        userId,
        timeZone,
        morningEmail: true,
        reminderAt: firstReminderAt(now, timeZone),
        updatedAt: now.toISOString(),
      });
    }
    const followUp = { status: 'not_sold', notSoldReason: 'Not ready to purchase at this time', followUpDate } as const;
    // A lease closed two years ago: all three reminders are ahead.
    const lease = { status: 'closed', dealClosedAt: `${addMonths(today, -24)}T16:00:00.000Z` } as const;
    for (const item of [
      deal('tokyo-follow-up', tokyoBroker, followUp),
      deal('tokyo-lease', tokyoBroker, lease),
      deal('paris-follow-up', parisBroker, followUp),
      deal('new-broker-follow-up', newBroker, followUp),
    ])
      await table.data.deals.create(item, now);
    await asStoredBeforeMaturity(table);
    // The broker without settings had them written by their first task: stored before task settings existed, they had
    // none.
    await table.data.table
      .getDocumentClient()
      .send(new DeleteCommand({ TableName: table.table, Key: { pk: `TASKSETTINGS#${newBroker}`, sk: 'TASKSETTINGS' } }));
  }, 120_000);
  afterAll(async () => {
    await table?.drop();
  });

  it("makes each broker's tasks due at 09:00 in their saved time zone (the default zone, then settings, for a broker with none)", async () => {
    expect(await table.data.tasks.settings(newBroker)).toBeNull();
    expect((await scan(table)).filter((item) => item._et === 'task')).toEqual([]);

    const dry = await migrateMaturity(table.data, { dryRun: true, now });
    const report = await migrateMaturity(table.data, { dryRun: false, now });

    expect(report).toMatchObject({ ...dry, dryRun: false, leases: 1, followUps: 3, tasks: 6, skipped: [] });
    const tasks = (await scan(table)).filter((item) => item._et === 'task');
    const dueOf = (id: string) => tasks.find((task) => task.id === id);
    expect(dueOf(systemTaskId('tokyo-follow-up', 'follow-up'))).toMatchObject({
      timeZone: 'Asia/Tokyo',
      dueDate: followUpDate,
      dueTime: '09:00',
      dueAt: zonedTimeToUtc(followUpDate, '09:00', 'Asia/Tokyo').toISOString(),
    });
    expect(dueOf(systemTaskId('paris-follow-up', 'follow-up'))).toMatchObject({
      timeZone: 'Europe/Paris',
      dueAt: zonedTimeToUtc(followUpDate, '09:00', 'Europe/Paris').toISOString(),
    });
    const maturity = tasks.filter((task) => task.source === 'maturity');
    expect(maturity.length).toBeGreaterThan(0);
    for (const task of maturity) {
      expect(task).toMatchObject({ assigneeId: tokyoBroker, timeZone: 'Asia/Tokyo' });
      expect(task.dueAt).toBe(zonedTimeToUtc(task.dueDate as string, '09:00', 'Asia/Tokyo').toISOString());
    }
    // A broker with no settings gets the live path's default zone, and the settings a first task writes.
    expect(dueOf(systemTaskId('new-broker-follow-up', 'follow-up'))).toMatchObject({ timeZone: DEFAULT_TASK_TIME_ZONE });
    expect(await table.data.tasks.settings(newBroker)).toMatchObject({ timeZone: DEFAULT_TASK_TIME_ZONE, morningEmail: true });
    // The settings were left as the brokers saved them.
    expect(await table.data.tasks.settings(tokyoBroker)).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });
});
