import { isListing } from '@shared/marketplace/inventory';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_PENDING_REVIEW_MESSAGE } from '@shared/dashboard/api';
import { DEAL_LIST_STATUSES } from '@shared/deals/enums';
import type { Identity } from '@functions/lib/auth-context';
import { DEMO_ADF_LEAD_IDS } from '@infra/local/seed/adf';
import { seedDemoData } from '@infra/local/seed/seed';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';
import { loadDashboard } from './dashboard';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const users = testDemoUsers();
const identity = (key: keyof typeof users, role: Identity['role']): Identity => ({
  userId: users[key].userId,
  email: users[key].email,
  role,
});

describe('GET /dashboard figures over the seeded data', () => {
  let testTable: TestTable;
  /** Ground truth, counted by reading the items (what the counters must never need to do). */
  let truth: {
    marketplace: number;
    clientDeals: number;
    dealerMarketplace: number;
    dealerClientDeals: number;
    clients: number;
    dealerships: number;
  };

  beforeAll(async () => {
    testTable = await createTestTable('dashboard');
    const { data } = testTable;
    await seedDemoData(data, users, { now: NOW });
    const dealer = await data.users.get(users.dealer.userId);
    const marketplace = await data.deals.listMarketplace(false);
    const listed = (await Promise.all(DEAL_LIST_STATUSES.map((status) => data.deals.listByStatus(status)))).flat();
    const dealerDeals = await data.deals.listByDealership(dealer!.dealershipId!);
    truth = {
      marketplace: marketplace.length,
      // Client deals only: a listing is not a client deal (shared/marketplace/inventory.ts).
      clientDeals: listed.filter((item) => !isListing(item)).length,
      // Listings only: a client deal is not in the marketplace (shared/marketplace/inventory.ts).
      dealerMarketplace: dealerDeals.filter((item) => !item.isArchived && isListing(item)).length,
      dealerClientDeals: dealerDeals.filter(
        (item) => !isListing(item) && (DEAL_LIST_STATUSES as readonly string[]).includes(item.status),
      ).length,
      clients: (await data.clients.listByName()).length,
      dealerships: (await data.dealerships.listByName()).length,
    };
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  const values = (cards: { id: string; value: number }[]) => Object.fromEntries(cards.map((card) => [card.id, card.value]));

  it('gives an admin every card with the product-wide counts', async () => {
    const { cards } = await loadDashboard(identity('admin', 'admin'), testTable.data);

    expect(values(cards)).toEqual({
      vehiclesInMarketplace: truth.marketplace,
      clientDeals: truth.clientDeals,
      totalClients: truth.clients,
      dealerships: truth.dealerships,
      academy: 1,
      brokerPerformance: 2,
      // The seed's four new quote requests (infra/local/seed/leads.ts) and three new ADF leads (./adf.ts).
      newLeads: 4 + DEMO_ADF_LEAD_IDS.length,
    });
  });

  it('gives a broker the product-wide counts and their own academy progress', async () => {
    const { cards } = await loadDashboard(identity('broker', 'broker'), testTable.data);
    const published = (await testTable.data.academy.listPublished()).length;

    expect(values(cards)).toEqual({
      vehiclesInMarketplace: truth.marketplace,
      clientDeals: truth.clientDeals,
      totalClients: truth.clients,
      dealerships: truth.dealerships,
      academy: Math.round((4 / published) * 100),
      // The four new quote requests (in the open pool, or naming or assigned to the demo broker) and the ADF leads (pool).
      newLeads: 4 + DEMO_ADF_LEAD_IDS.length,
    });
    expect(cards.find((card) => card.id === 'academy')?.unit).toBe('percent');
  });

  it('refuses a broker whose account is not approved with 403 and gives no figure', async () => {
    const pending = loadDashboard(identity('pendingBroker', 'broker'), testTable.data);

    await expect(pending).rejects.toMatchObject({ status: 403, code: 'forbidden', message: DASHBOARD_PENDING_REVIEW_MESSAGE });
  });

  it('refuses a broker who has no broker profile at all (a confirmed sign-up whose profile write failed)', async () => {
    const unknown = loadDashboard({ userId: 'no-profile', email: 'ghost@leasedesk.com', role: 'broker' }, testTable.data);

    await expect(unknown).rejects.toMatchObject({ status: 403 });
  });

  it('gives an approved broker without a licence the full dashboard (the licence only gates creating deals)', async () => {
    const unlicensed = { userId: 'approved-unlicensed-broker', email: 'unlicensed@leasedesk.com', fullName: 'Uma Licenceless' };
    await testTable.data.users.registerBroker(unlicensed, NOW, { isApproved: true, isLicensed: false });

    const { cards } = await loadDashboard({ userId: unlicensed.userId, email: unlicensed.email, role: 'broker' }, testTable.data);

    expect(values(cards)).toMatchObject({ vehiclesInMarketplace: truth.marketplace, clientDeals: truth.clientDeals, academy: 0 });
  });

  it("gives a dealer their own dealership's vehicles and deals only", async () => {
    const { cards } = await loadDashboard(identity('dealer', 'dealer'), testTable.data);

    expect(values(cards)).toEqual({
      vehiclesInMarketplace: truth.dealerMarketplace,
      clientDeals: truth.dealerClientDeals,
      myDealershipDeals: truth.dealerClientDeals,
    });
    expect(truth.dealerMarketplace).toBeLessThan(truth.marketplace);
  });

  it('gives a consumer the marketplace count only', async () => {
    const { cards } = await loadDashboard(identity('consumer', 'consumer'), testTable.data);

    expect(values(cards)).toEqual({ vehiclesInMarketplace: truth.marketplace });
  });

  it('gives a dealer without a dealership zeros rather than an error', async () => {
    const { cards } = await loadDashboard({ userId: 'unknown-dealer', email: 'x@leasedesk.com', role: 'dealer' }, testTable.data);

    expect(cards.every((card) => card.value === 0)).toBe(true);
  });
});
