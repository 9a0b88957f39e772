/**
 * The demo data of the performance page: the approved demo broker has closed deals in each of the last 6 months,
 * the pending demo broker waits for approval, and the broker-month figures match the deals they count because the
 * seed writes through the deals store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOfDate, monthsEndingAt } from '@shared/brokers/stats';
import { toCents } from '@functions/domain/deals/broker-stats';
import { brokerStats } from '@functions/brokers/stats';
import type { BrokerServices } from '@functions/brokers/deps';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { seedDemoData } from './seed';

const NOW = new Date('2026-03-10T15:00:00.000Z');

describe('the brokers demo data', () => {
  let testTable: TestTable;
  const users = testDemoUsers();

  beforeAll(async () => {
    testTable = await createTestTable('seed-brokers');
    await seedDemoData(testTable.data, users, { now: NOW });
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('gives the approved demo broker closed deals in each of the last 6 months, with figures equal to the deals', async () => {
    const { data } = testTable;
    const months = monthsEndingAt(monthOfDate(NOW), 6);
    const deals = await data.deals.listByBroker(users.broker.userId);

    for (const month of months) {
      const closed = deals.filter((deal) => deal.status === 'closed' && deal.dealClosedAt?.startsWith(month));
      const figures = await data.brokerStats.get(users.broker.userId, month);
      expect(closed.length, month).toBeGreaterThan(0);
      expect(figures.dealsClosed, month).toBe(closed.length);
      expect(figures.feeCents, month).toBe(
        closed.reduce((sum, deal) => sum + toCents(deal.brokerFeeDealer) + toCents(deal.brokerFeeClient), 0),
      );
      expect(figures.dealsCreated, month).toBe(deals.filter((deal) => deal.createdAt.startsWith(month)).length);
    }
  });

  it('shows the demo broker on the performance page with a commission, and the pending demo broker waiting', async () => {
    const { data } = testTable;
    const files = { presignUpload: unused, exists: unused, signedUrl: async () => 'signed' } as BrokerServices['files'];

    const stats = await brokerStats(undefined, { data, files }, NOW);

    const card = stats.brokers.find((broker) => broker.brokerId === users.broker.userId);
    expect(card?.commission).toBeGreaterThan(0);
    expect(
      stats.series.perBroker.find((series) => series.brokerId === users.broker.userId)?.points.every((p) => p.dealsClosed > 0),
    ).toBe(true);
    expect((await data.users.listBrokers(false)).map(({ userId }) => userId)).toContain(users.pendingBroker.userId);
  });
});

function unused(): never {
  throw new Error('not used by the stats');
}
