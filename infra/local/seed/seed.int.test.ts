import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRENDING_LIMIT } from '@shared/constants';
import { DEAL_LIST_STATUSES, DEAL_STATUSES } from '@shared/deals/enums';
import { getTrendingVehicles } from '@functions/marketplace/trending';
import { GLOBAL_SCOPE, dealershipScope } from '@functions/domain/counters/counters';
import { isLicenceCurrent } from '@shared/brokers/api';
import { atTime } from '@shared/calendar';
import { clientSchema } from '@shared/clients/schemas';
import { AVAILABLE_STOCK_MAX } from '@shared/constants';
import { dealershipSchema } from '@shared/dealerships/schemas';
import { expirationDateIssue } from '@shared/marketplace/vehicle-offer';
import { stockNumberField } from '@shared/marketplace/schemas';
import { isListing } from '@shared/marketplace/inventory';
import { vinCheckIssue } from '@shared/vehicles/vin';
import { AGREEMENT_PLACEHOLDERS } from '@shared/agreements/api';
import { DEMO_AGREEMENT_TEXT, seedDemoData } from './seed';
import { createTestTable, testDemoUsers, type TestTable } from '@test/support/test-table';

const NOW = new Date('2026-03-10T15:00:00.000Z');

describe('seedDemoData', () => {
  let testTable: TestTable;
  const users = testDemoUsers();

  beforeAll(async () => {
    testTable = await createTestTable('seed');
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('creates the demo world, with counters equal to the items they count', async () => {
    const { data } = testTable;

    const result = await seedDemoData(data, users, { now: NOW });

    expect(result.seeded).toBe(true);
    expect(result.trendingVehicles).toBe(TRENDING_LIMIT);
    expect(result.dealerships).toBeGreaterThanOrEqual(3);
    expect(result.vehicles).toBeGreaterThanOrEqual(24);
    const active = await data.deals.listMarketplace(false);
    const archived = await data.deals.listMarketplace(true);
    const byStatus = Object.fromEntries(
      await Promise.all(DEAL_STATUSES.map(async (status) => [status, (await data.deals.listByStatus(status)).length] as const)),
    );
    // Client deals only: listings are stock, not deals (shared/marketplace/inventory.ts).
    const clientDealsByStatus = Object.fromEntries(
      await Promise.all(
        DEAL_STATUSES.map(
          async (status) => [status, (await data.deals.listByStatus(status)).filter((deal) => !deal.listing).length] as const,
        ),
      ),
    );
    for (const status of DEAL_STATUSES) expect(byStatus[status], status).toBeGreaterThan(0);
    expect(new Set(active.map((vehicle) => vehicle.make)).size).toBeGreaterThanOrEqual(8);
    expect(active.some((vehicle) => vehicle.availableStock === 1)).toBe(true);
    expect(archived.length).toBeGreaterThan(0);

    const global = await data.counters.get(GLOBAL_SCOPE);
    expect(global.marketplaceVehicles).toBe(active.length);
    expect(global.clientDeals).toBe(DEAL_LIST_STATUSES.reduce((sum, status) => sum + clientDealsByStatus[status], 0));
    expect(global.dealerships).toBe(result.dealerships);
    expect(global.clients).toBe(result.clients);
    expect(global.brokers).toBe(2);
    expect(global.academyUsers).toBe(1);
    expect(global.academyPublished).toBe(result.academyItems);
  });

  it('gives every demo user a record with the right role, the dealer a dealership and the brokers their standing', async () => {
    const { data } = testTable;

    const [admin, dealer, consumer] = await Promise.all(
      [users.admin, users.dealer, users.consumer].map((user) => data.users.get(user.userId)),
    );
    const approved = await data.users.getBrokerProfile(users.broker.userId);
    const pending = await data.users.getBrokerProfile(users.pendingBroker.userId);

    expect(admin?.role).toBe('admin');
    expect(consumer?.role).toBe('consumer');
    expect(dealer?.role).toBe('dealer');
    expect(dealer?.dealershipId).toBeTruthy();
    expect(await data.dealerships.get(dealer!.dealershipId!)).not.toBeNull();
    const dealerCounts = await data.counters.get(dealershipScope(dealer!.dealershipId!));
    expect(dealerCounts.marketplaceVehicles).toBeGreaterThan(0);
    expect(approved).toMatchObject({ isApproved: true, isLicensed: true });
    expect(pending).toMatchObject({ isApproved: false, isLicensed: false });
    const consumerClient = await data.clients.getByUser(users.consumer.userId);
    expect(consumerClient?.email).toBe(users.consumer.email);
  });

  it('writes the sample brokering agreement, so the demo consumer can sign and then pay the concierge fee', async () => {
    const current = await testTable.data.agreements.current();

    expect(current).toMatchObject({ version: 1, text: DEMO_AGREEMENT_TEXT, createdById: users.admin.userId });
    for (const placeholder of AGREEMENT_PLACEHOLDERS) expect(current?.text).toContain(`{{${placeholder}}}`);
  });

  it('ranks trending, so a fresh stack shows trending vehicles before the job first runs, without the archived favourite', async () => {
    const { data } = testTable;
    const archived = (await data.deals.listMarketplace(true)).map((vehicle) => vehicle.id);

    const snapshot = await data.trending.get();
    const { vehicles } = await getTrendingVehicles(data);

    expect(snapshot).toMatchObject({ computedAt: NOW.toISOString(), toDay: '2026-03-10' });
    expect(vehicles).toHaveLength(TRENDING_LIMIT);
    expect(vehicles.map((vehicle) => vehicle.vehicleId)).toEqual(snapshot!.vehicles.map((entry) => entry.vehicleId));
    expect(vehicles.filter((vehicle) => archived.includes(vehicle.vehicleId))).toEqual([]);
    // The seed's most viewed vehicle of all is archived: it was left out, not merely unviewed.
    expect(Math.max(...(await data.views.totals(archived)).values())).toBeGreaterThan(vehicles[0].views);
  });

  it('seeds only data the forms accept: stock numbers, stock counts, live expiration dates, names and notes', async () => {
    const { data } = testTable;
    const deals = (await Promise.all(DEAL_STATUSES.map((status) => data.deals.listByStatus(status)))).flat();
    const vehicles = [...(await data.deals.listMarketplace(false)), ...(await data.deals.listMarketplace(true))];
    const [clients, dealerships] = await Promise.all([data.clients.listByName(), data.dealerships.listByName()]);

    for (const deal of [...deals, ...vehicles]) {
      if (deal.stockNumber) expect(stockNumberField.safeParse(deal.stockNumber).success, deal.stockNumber).toBe(true);
      if (deal.availableStock !== undefined) expect(deal.availableStock).toBeLessThanOrEqual(AVAILABLE_STOCK_MAX);
      // Live deals were created with a date the create form accepts; expired ones are history the job wrote.
      if (deal.expirationDate && deal.status !== 'expired') {
        expect(expirationDateIssue(deal.expirationDate, NOW, { atCreation: true }), deal.expirationDate).toBeNull();
      }
    }
    for (const client of clients) {
      const form = { ...client, creditScore: client.creditScore ?? null, dateOfBirth: client.dateOfBirth ?? null };
      expect(atTime(NOW, () => clientSchema.safeParse(form)).error?.issues ?? [], client.fullName).toEqual([]);
    }
    for (const dealership of dealerships) {
      expect(dealershipSchema.safeParse(dealership).error?.issues ?? [], dealership.name).toEqual([]);
    }
    // The licensed demo broker's licence is current, and in the licence-expiry index under its date.
    const broker = await data.users.getBrokerProfile(users.broker.userId);
    expect(isLicenceCurrent(broker!.licenseExpirationDate!, NOW)).toBe(true);
    const dueAfterExpiry = await data.licences.expiredBefore(`${broker!.licenseExpirationDate!}~`);
    expect(dueAfterExpiry.map((profile) => profile.userId)).toContain(users.broker.userId);
    expect(await data.licences.expiredBefore('2026-03-10')).toEqual([]);
  });

  it('puts every deal and listing at a dealership selling its make; listings carry a stock number, every VIN its check digit', async () => {
    const { data } = testTable;
    const deals = (await Promise.all(DEAL_STATUSES.map((status) => data.deals.listByStatus(status)))).flat();
    const dealerships = new Map((await data.dealerships.listByName()).map((dealership) => [dealership.id, dealership.name]));

    for (const deal of deals) {
      // The seed's dealerships are named after the make they sell ("Bay Area BMW").
      if (deal.dealershipId) expect(dealerships.get(deal.dealershipId), `${deal.make} ${deal.id}`).toContain(deal.make);
      if (deal.vin) expect(vinCheckIssue(deal.vin), deal.vin).toBeNull();
      if (isListing(deal)) expect(deal.stockNumber, deal.id).toBeTruthy();
    }
    expect(deals.filter((deal) => isListing(deal) && !deal.vin)).toEqual([]);
  });

  it('spreads leads and client deals over the last months, worked leads converted into the demo clients of their name', async () => {
    const { data } = testTable;
    const monthsOf = (dates: string[]) => new Set(dates.map((date) => date.slice(0, 7)));
    const leads = await data.leads.listAll();
    const deals = (await Promise.all(DEAL_STATUSES.map((status) => data.deals.listByStatus(status)))).flat();
    const clients = new Map((await data.clients.listByName()).map((client) => [client.id, client.fullName]));

    expect(monthsOf(leads.map((lead) => lead.createdAt)).size).toBeGreaterThanOrEqual(4);
    expect(monthsOf(deals.filter((deal) => !isListing(deal)).map((deal) => deal.createdAt)).size).toBeGreaterThanOrEqual(5);
    const converted = leads.filter((lead) => lead.status === 'converted');
    expect(converted.length).toBeGreaterThanOrEqual(3);
    for (const lead of converted) expect(clients.get(lead.convertedClientId!)).toBe(`${lead.firstName} ${lead.lastName}`);
  });

  it('does nothing on a second run', async () => {
    const { data } = testTable;
    const before = await data.counters.get(GLOBAL_SCOPE);

    const again = await seedDemoData(data, users, { now: NOW });

    expect(again.seeded).toBe(false);
    expect(await data.counters.get(GLOBAL_SCOPE)).toEqual(before);
  });
});
