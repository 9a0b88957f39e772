/**
 * GET /dashboard in own book (docs/security.md, "Ownership"): a broker's Total Clients, Client Deals and New Leads
 * count only their own records, read from the owner counts kept on write (no Scan); admins, and brokers in the shared
 * book, keep the company's figures.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { Lead } from '@functions/domain/leads/leads';
import type { ClientListResponse, ClientView } from '@shared/clients/api';
import type { DashboardCardId, DashboardResponse } from '@shared/dashboard/api';
import type { DealView } from '@shared/deals/api';
import type { DealListResponse } from '@shared/deals/list-api';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});
// Every other file of the run expects the default shared book.
afterEach(() => setClientBook('shared'));
afterAll(() => setClientBook('shared'));

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
/** Letters only (names allow no digits). */
const uniqueWord = () =>
  `Dash${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;

type Figures = Partial<Record<DashboardCardId, number>>;
async function figuresOf(caller: SignedInCaller): Promise<Figures> {
  const response = await apiFetch<DashboardResponse>('/dashboard', { token: as(caller) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Object.fromEntries(response.body.cards.map((card) => [card.id, card.value]));
}

async function addClient(caller: 'broker' | 'otherBroker'): Promise<ClientView> {
  const response = await apiFetch<ClientView>('/clients', {
    token: as(caller),
    body: { fullName: `Aa ${uniqueWord()}`, email: `dash.${randomUUID()}@example.com`, phone: '+15035550100' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function addDeal(caller: 'broker' | 'otherBroker', client: ClientView): Promise<DealView> {
  const response = await apiFetch<DealView>('/deals', {
    token: as(caller),
    body: {
      clientId: client.id,
      dealershipId: principals.records.dealership,
      year: 2026,
      make: 'Kia',
      model: 'Sorento',
      monthlyPayment: 459,
      downPayment: 0,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.9,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function addLead(fields: Partial<Lead>): Promise<void> {
  const lead: Lead = {
    id: `lead-${randomUUID()}`,
    firstName: 'Robin',
    lastName: 'Lee',
    email: `dash.lead.${randomUUID()}@example.com`,
    phone: '(415) 555-2671',
    zipCode: '94107',
    vehiclePreference: 'exact',
    exactVehicleYear: 2026,
    exactVehicleMake: 'Toyota',
    exactVehicleModel: 'RAV4',
    exactVehicleTrim: 'XLE',
    createdAt: new Date().toISOString(),
    status: 'new',
    ...fields,
  };
  expect(await createData().leads.create(lead)).toBe(true);
}

/** What the broker's own lists say: "All Clients (n)" and the sum of the make filter's counts. */
async function ownListsOf(caller: SignedInCaller) {
  const [clients, deals] = await Promise.all([
    apiFetch<ClientListResponse>('/clients', { token: as(caller) }),
    apiFetch<DealListResponse>('/deals?status=all&limit=1', { token: as(caller) }),
  ]);
  expect([clients.status, deals.status]).toEqual([200, 200]);
  return { clients: clients.body.total, deals: deals.body.makes.reduce((sum, make) => sum + make.count, 0) };
}

describe("GET /dashboard in own book: a broker's figures are their own", () => {
  it("counts only the broker's own clients and deals, as their own lists do; admins keep the company's", async () => {
    await setClientBook('own');
    const [before, adminBefore] = await Promise.all([figuresOf('otherBroker'), figuresOf('admin')]);

    const client = await addClient('otherBroker');
    await addDeal('otherBroker', client);
    // Another broker's client and deal: the company's figures move, otherBroker's do not.
    const elsewhere = await addClient('broker');
    await addDeal('broker', elsewhere);
    const [after, adminAfter, lists] = await Promise.all([
      figuresOf('otherBroker'),
      figuresOf('admin'),
      ownListsOf('otherBroker'),
    ]);

    expect(after.totalClients).toBe(before.totalClients! + 1);
    expect(after.clientDeals).toBe(before.clientDeals! + 1);
    expect(adminAfter.totalClients).toBe(adminBefore.totalClients! + 2);
    expect(adminAfter.clientDeals).toBe(adminBefore.clientDeals! + 2);
    expect({ clients: after.totalClients, deals: after.clientDeals }).toEqual(lists);
    // The demo broker's seeded book is more than otherBroker's: the company's figures are not theirs.
    expect(after.totalClients).toBeLessThan(adminAfter.totalClients!);
    // The marketplace and the dealerships are shared in both books.
    expect(after.vehiclesInMarketplace).toBe(adminAfter.vehiclesInMarketplace);
    expect(after.dealerships).toBe(adminAfter.dealerships);
  });

  it('counts the new leads that are theirs, and none of the open pool (own book has none for brokers)', async () => {
    await setClientBook('own');
    const before = await figuresOf('otherBroker');

    await addLead({});
    await addLead({ assignedBrokerId: principals.of.otherBroker.userId, assignedBrokerName: 'Other Broker' });
    const after = await figuresOf('otherBroker');

    expect(after.newLeads).toBe(before.newLeads! + 1);
  });

  it('gives a broker the company-wide figures in the shared book, the open pool included', async () => {
    await setClientBook('shared');
    const before = await figuresOf('otherBroker');

    await addLead({});
    const [after, admin] = await Promise.all([figuresOf('otherBroker'), figuresOf('admin')]);

    expect(after.newLeads).toBe(before.newLeads! + 1);
    expect(after.totalClients).toBe(admin.totalClients);
    expect(after.clientDeals).toBe(admin.clientDeals);
  });
});
