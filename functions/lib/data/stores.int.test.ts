import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../errors';
import { GLOBAL_SCOPE, dealershipScope } from './counters';
import type { DealFields } from './stores/deals';
import { createTestTable, type TestTable } from './test-table';

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

    const { deal, created } = await data.deals.create(vehicle({ stockNumber: ' ab-100 ', dealershipId: 'store-d1', clientId: 'client-1', expirationDate: '2026-04-01' }), NOW);

    expect(created).toBe(true);
    expect(await data.deals.get(deal.id)).toMatchObject({ id: deal.id, stockNumber: 'AB-100', revision: 1, createdAt: NOW.toISOString() });
    expect(await data.deals.idByStockNumber('AB-100')).toBe(deal.id);
    const { entities } = data;
    const found = await Promise.all([
      entities.deal.query.byStatus({ status: 'available' }).go(),
      entities.deal.query.byBroker({ brokerId: 'broker-1' }).go(),
      entities.deal.query.byClient({ clientId: 'client-1' }).go(),
      entities.deal.query.byDealership({ dealershipId: 'store-d1' }).go(),
      entities.deal.query.marketplace({ isArchived: false }).begins({ make: 'BMW' }).go(),
      entities.deal.query.byExpiry({ expiryStatus: 'available' }).go(),
    ]);
    for (const { data: items } of found) expect(items.map((item) => item.id)).toContain(deal.id);
    expect((await data.counters.get(dealershipScope('store-d1'))).liveVehicles).toBe(1);
  });

  it('leaves deals without client, dealership or expiration date out of those sparse indexes', async () => {
    const { data } = testTable;

    const { deal } = await data.deals.create(vehicle({ make: 'Kia', model: 'EV9' }), NOW);

    const expiring = await data.entities.deal.query.byExpiry({ expiryStatus: 'available' }).go({ pages: 'all' });
    expect(expiring.data.map((item) => item.id)).not.toContain(deal.id);
    expect(await data.deals.get(deal.id)).not.toHaveProperty('expiryStatus');
  });

  it('refuses a second deal with the same stock number, in any case, and counts nothing for it', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    await expect(data.deals.create(vehicle({ stockNumber: 'ab-100' }), NOW)).rejects.toThrow(new ConflictError('This stock number is already in use'));

    expect(await data.counters.get(GLOBAL_SCOPE)).toEqual(before);
  });

  it('replaces a deal on its revision and refuses a stale copy', async () => {
    const { data } = testTable;
    const { deal } = await data.deals.create(vehicle({ stockNumber: 'REV-1' }), NOW);

    await data.deals.replace(deal, { ...deal, status: 'pending', stockNumber: 'REV-2' });

    expect(await data.deals.get(deal.id)).toMatchObject({ status: 'pending', revision: 2, stockNumber: 'REV-2' });
    expect(await data.deals.idByStockNumber('REV-1')).toBeNull();
    expect(await data.deals.idByStockNumber('REV-2')).toBe(deal.id);
    await expect(data.deals.replace(deal, { ...deal, status: 'active' })).rejects.toBeInstanceOf(ConflictError);
  });

  it('keeps a licence recorded before confirmation when the broker is registered, and registers once', async () => {
    const { data } = testTable;

    await data.users.recordLicenceDocument('broker-9', 'broker-9/license.pdf');
    const first = await data.users.registerBroker({ userId: 'broker-9', email: 'Nine@LeaseDesk.com', fullName: 'Nine Broker' }, NOW);
    const second = await data.users.registerBroker({ userId: 'broker-9', email: 'nine@leasedesk.com', fullName: 'Nine Broker' }, NOW);

    expect([first, second]).toEqual([true, false]);
    expect(await data.users.getBrokerProfile('broker-9')).toMatchObject({
      licenseDocumentUrl: 'broker-9/license.pdf',
      isApproved: false,
      isLicensed: false,
      email: 'nine@leasedesk.com',
    });
    expect(await data.users.get('broker-9')).toMatchObject({ role: 'broker', fullName: 'Nine Broker' });
    const pending = await data.entities.brokerProfile.query.byApproval({ isApproved: false }).go();
    expect(pending.data.map((profile) => profile.userId)).toContain('broker-9');
  });

  it('counts an academy user once, however many items they complete', async () => {
    const { data } = testTable;
    const before = (await data.counters.get(GLOBAL_SCOPE)).academyUsers;

    await data.academy.complete({ userId: 'learner-1', contentId: 'c1' }, NOW);
    await data.academy.complete({ userId: 'learner-1', contentId: 'c2', score: 80 }, NOW);
    await data.academy.complete({ userId: 'learner-1', contentId: 'c1' }, NOW);

    expect((await data.counters.get(GLOBAL_SCOPE)).academyUsers).toBe(before + 1);
    expect((await data.academy.progressOf('learner-1')).map((item) => item.contentId)).toEqual(['c1', 'c2']);
  });

  it('lists published academy content by category, then order index', async () => {
    const { data } = testTable;
    for (const [id, category, orderIndex] of [['x3', 'B', 10], ['x1', 'A', 2], ['x2', 'B', 9], ['x4', 'A', 1]] as const) {
      await data.academy.createContent({ id, title: id, category, orderIndex, contentType: 'article', isPublished: true }, NOW);
    }
    await data.academy.createContent({ id: 'draft', title: 'draft', category: 'A', orderIndex: 0, contentType: 'article', isPublished: false }, NOW);

    expect((await data.academy.listPublished()).map((content) => content.id)).toEqual(['x4', 'x1', 'x2', 'x3']);
    expect((await data.counters.get(GLOBAL_SCOPE)).academyPublished).toBe(4);
  });
});
