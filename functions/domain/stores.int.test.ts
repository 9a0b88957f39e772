import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DealChangedError, StockNumberTakenError, StoreConflictError } from '@functions/lib/data/errors';
import { GLOBAL_SCOPE, dealershipScope } from './counters/counters';
import type { DealFields } from './deals/deals';
import { createTestTable, type TestTable } from '@test/support/test-table';

const NOW = new Date('2026-03-10T15:00:00.000Z');

const vehicle = (overrides: Partial<DealFields> = {}): DealFields => ({
  brokerId: 'broker-1',
  year: 2026,
  make: 'BMW',
  model: 'X5',
  dealType: 'lease',
  status: 'available',
  monthlyPayment: 899,
  downPayment: 2999,
  termMonths: 36,
  isArchived: false,
  creditAppFormType: 'generic',
  ...overrides,
});

describe('data stores against DynamoDB Local', () => {
  let testTable: TestTable;
  beforeAll(async () => {
    testTable = await createTestTable('stores');
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('creates a deal with its counts and finds it by id, stock number, status, broker, dealership and marketplace', async () => {
    const { data } = testTable;

    const { deal, created } = await data.deals.create(
      vehicle({ stockNumber: ' ab-100 ', dealershipId: 'store-d1', clientId: 'client-1', expirationDate: '2026-04-01' }),
      NOW,
    );

    expect(created).toBe(true);
    expect(await data.deals.get(deal.id)).toMatchObject({
      id: deal.id,
      stockNumber: 'AB-100',
      revision: 1,
      createdAt: NOW.toISOString(),
    });
    expect(await data.deals.idByStockNumber('AB-100')).toBe(deal.id);
    const found = await Promise.all([
      data.deals.listByStatus('available'),
      data.deals.listByClient('client-1'),
      data.deals.listByDealership('store-d1'),
      data.deals.listMarketplace(false),
      data.deals.listExpiredBefore('2026-04-02'),
    ]);
    for (const items of found) expect(items.map((item) => item.id)).toContain(deal.id);
    // A listing (it has a stock number) is inventory, not one of its broker's deals (docs/decisions.md, "Marketplace").
    expect((await data.deals.listByBroker('broker-1')).map((item) => item.id)).not.toContain(deal.id);
    expect((await data.counters.get(dealershipScope('store-d1'))).liveVehicles).toBe(1);
  });

  it('leaves deals without client, dealership or expiration date out of those sparse indexes', async () => {
    const { data } = testTable;

    const { deal } = await data.deals.create(vehicle({ make: 'Kia', model: 'EV9' }), NOW);

    const [expiring, byDealership] = await Promise.all([
      data.deals.listExpiredBefore('9999-12-31'),
      data.deals.listByDealership('store-d1'),
    ]);
    expect(expiring.map((item) => item.id)).not.toContain(deal.id);
    expect(byDealership.map((item) => item.id)).not.toContain(deal.id);
    // No stock number: a client deal, among its broker's deals and out of the marketplace.
    expect((await data.deals.listByBroker('broker-1')).map((item) => item.id)).toContain(deal.id);
    expect((await data.deals.listMarketplace(false)).map((item) => item.id)).not.toContain(deal.id);
    expect(Object.keys((await data.deals.get(deal.id))!).filter((name) => name.startsWith('gsi'))).toEqual([]);
  });

  it('refuses a second deal with the same stock number, in any case, and counts nothing for it', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    await expect(data.deals.create(vehicle({ stockNumber: 'ab-100' }), NOW)).rejects.toThrow(
      new StockNumberTakenError('This stock number is already in use'),
    );

    expect(await data.counters.get(GLOBAL_SCOPE)).toEqual(before);
  });

  it('replaces a deal on its revision and refuses a stale copy', async () => {
    const { data } = testTable;
    const { deal } = await data.deals.create(vehicle({ stockNumber: 'REV-1' }), NOW);

    await data.deals.replace(deal, { ...deal, status: 'pending', stockNumber: 'REV-2' });

    expect(await data.deals.get(deal.id)).toMatchObject({ status: 'pending', revision: 2, stockNumber: 'REV-2' });
    expect(await data.deals.idByStockNumber('REV-1')).toBeNull();
    expect(await data.deals.idByStockNumber('REV-2')).toBe(deal.id);
    await expect(data.deals.replace(deal, { ...deal, status: 'active' })).rejects.toBeInstanceOf(DealChangedError);
  });

  it('keeps a licence recorded before confirmation when the broker is registered, and registers once', async () => {
    const { data } = testTable;

    await data.users.recordLicenceDocument('broker-9', 'broker-9/license.pdf');
    const first = await data.users.registerBroker(
      { userId: 'broker-9', email: 'Nine@LeaseDesk.com', fullName: 'Nine Broker' },
      NOW,
    );
    const second = await data.users.registerBroker(
      { userId: 'broker-9', email: 'nine@leasedesk.com', fullName: 'Nine Broker' },
      NOW,
    );

    expect([first, second]).toEqual([true, false]);
    expect(await data.users.getBrokerProfile('broker-9')).toMatchObject({
      licenseDocumentUrl: 'broker-9/license.pdf',
      isApproved: false,
      isLicensed: false,
      email: 'nine@leasedesk.com',
    });
    expect(await data.users.get('broker-9')).toMatchObject({ role: 'broker', fullName: 'Nine Broker' });
    const pending = await data.users.listBrokers(false);
    expect(pending.map((profile) => profile.userId)).toContain('broker-9');
  });

  it('counts an academy user once, however many items they complete', async () => {
    const { data } = testTable;
    const before = (await data.counters.get(GLOBAL_SCOPE)).academyUsers;

    await data.academy.complete({ userId: 'learner-1', contentId: 'c1' }, NOW);
    await data.academy.complete({ userId: 'learner-1', contentId: 'c2', score: 80 }, NOW);
    await data.academy.complete({ userId: 'learner-1', contentId: 'c1' }, NOW);

    expect((await data.counters.get(GLOBAL_SCOPE)).academyUsers).toBe(before + 1);
    expect((await data.academy.progressRecordsOf('learner-1')).map((item) => item.contentId)).toEqual(['c1', 'c2']);
  });

  it('lists published academy content by category, then order index', async () => {
    const { data } = testTable;
    for (const [id, category, orderIndex] of [
      ['x3', 'B', 10],
      ['x1', 'A', 2],
      ['x2', 'B', 9],
      ['x4', 'A', 1],
    ] as const) {
      await data.academy.createContent({ id, title: id, category, orderIndex, contentType: 'article', isPublished: true }, NOW);
    }
    await data.academy.createContent(
      { id: 'draft', title: 'draft', category: 'A', orderIndex: 0, contentType: 'article', isPublished: false },
      NOW,
    );

    expect((await data.academy.listPublished()).map((content) => content.id)).toEqual(['x4', 'x1', 'x2', 'x3']);
    expect((await data.counters.get(GLOBAL_SCOPE)).academyPublished).toBe(4);
  });
  it('lets exactly one of many concurrent claims of a stock number win, whatever its case', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    const attempts = await Promise.allSettled(
      ['race-7', 'RACE-7', ' Race-7', 'race-7 ', 'RACE-7'].map((stockNumber) => data.deals.create(vehicle({ stockNumber }), NOW)),
    );

    const winners = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const losers = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason] : []));
    expect(winners).toHaveLength(1);
    for (const reason of losers) expect(reason).toEqual(new StockNumberTakenError('This stock number is already in use'));
    expect(await data.deals.idByStockNumber('race-7')).toBe(
      (winners[0] as PromiseFulfilledResult<{ deal: { id: string } }>).value.deal.id,
    );
    expect((await data.counters.get(GLOBAL_SCOPE)).marketplaceVehicles).toBe(before.marketplaceVehicles + 1);
  });

  it('lets one of two concurrent replacements of the same revision win; the other is a conflict that changes nothing', async () => {
    const { data } = testTable;
    const { deal } = await data.deals.create(vehicle({ dealershipId: 'store-rev' }), NOW);

    const attempts = await Promise.allSettled([
      data.deals.replace(deal, { ...deal, status: 'pending' }),
      data.deals.replace(deal, { ...deal, status: 'active' }),
    ]);

    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    expect(attempts.find((attempt) => attempt.status === 'rejected')?.reason).toBeInstanceOf(StoreConflictError);
    expect((await data.deals.get(deal.id))!.revision).toBe(2);
    // Live vehicles moved once (available -> pending or active), not twice.
    expect((await data.counters.get(dealershipScope('store-rev'))).liveVehicles).toBe(0);
  });

  it('moves the counters in the same transaction as the deal: a refused write moves none', async () => {
    const { data } = testTable;
    const { deal } = await data.deals.create(vehicle({ dealershipId: 'store-move', stockNumber: 'MOVE-1' }), NOW);
    await data.deals.create(vehicle({ stockNumber: 'MOVE-2' }), NOW);
    const scope = dealershipScope('store-move');
    // A vehicle with a stock number is a listing: stock, not a client deal (shared/marketplace/inventory.ts).
    expect(await data.counters.get(scope)).toMatchObject({ liveVehicles: 1, marketplaceVehicles: 1, clientDeals: 0 });

    // Taking a stock number already claimed fails the whole transaction: the deal and its counts stay as they were.
    await expect(data.deals.replace(deal, { ...deal, status: 'not_sold', stockNumber: 'move-2' })).rejects.toBeInstanceOf(
      StockNumberTakenError,
    );
    expect(await data.counters.get(scope)).toMatchObject({ liveVehicles: 1, marketplaceVehicles: 1, clientDeals: 0 });

    await data.deals.replace(deal, { ...deal, status: 'not_sold' });
    expect(await data.counters.get(scope)).toMatchObject({ liveVehicles: 0, marketplaceVehicles: 1, clientDeals: 0 });
  });

  it('never lets a replacement change the id or creation time, nor write index keys or unknown attributes', async () => {
    const { data } = testTable;
    const { deal } = await data.deals.create(vehicle({ listing: true }), NOW);
    const hostile = {
      ...deal,
      id: 'someone-else',
      createdAt: '2000-01-01T00:00:00.000Z',
      gsi5pk: 'MARKETPLACE#archived#true',
      isAdmin: true,
    };

    const stored = await data.deals.replace(deal, hostile as typeof deal);

    expect(stored).toMatchObject({ id: deal.id, createdAt: deal.createdAt, revision: 2 });
    expect(await data.deals.get('someone-else')).toBeNull();
    const read = (await data.deals.get(deal.id))!;
    expect(read).not.toHaveProperty('isAdmin');
    expect((await data.deals.listMarketplace(false)).map((item) => item.id)).toContain(deal.id);
  });

  it("creates a client with an explicit field list: the id, creator and creation time are the store's", async () => {
    const { data } = testTable;
    const before = (await data.counters.get(GLOBAL_SCOPE)).clients;

    const { client } = await data.clients.create({ fullName: 'Ada Client', profileId: 'broker-1', role: 'admin' } as never, NOW);

    expect(await data.clients.get(client.id)).toEqual({
      id: client.id,
      fullName: 'Ada Client',
      profileId: 'broker-1',
      createdAt: NOW.toISOString(),
    });
    expect((await data.counters.get(GLOBAL_SCOPE)).clients).toBe(before + 1);
  });
});
