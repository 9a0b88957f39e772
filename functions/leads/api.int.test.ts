/**
 * The lead inbox routes through the local API (docs/decisions.md, "Leads"): what each
 * broker sees, assignment on the revision the screen loaded (20 concurrent assignments: one 200, nineteen 409, one
 * history entry), the concurrent claim, status history, convert (creates or matches by e-mail), the New Leads counts,
 * filters and paging, and the keys each role gets.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { ExtraConditionFailedError, StockNumberTakenError } from '@functions/lib/data/errors';
import { dealsData } from '@functions/deals/data';
import { createDeal } from '@functions/deals/deals';
import { BadRequestError } from '@functions/lib/errors';
import { dealCreateSchema } from '@shared/deals/schemas';
import type { Lead } from '@functions/domain/leads/leads';
import type { ClientView } from '@shared/clients/api';
import type { DashboardResponse } from '@shared/dashboard/api';
import type { DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import {
  LEAD_ALREADY_ASSIGNED_MESSAGE,
  LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE,
  LEAD_CHANGED_MESSAGE,
  LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE,
  LEAD_NOT_FOUND_MESSAGE,
  LEAD_REVISION_REQUIRED_MESSAGE,
  LEAD_NOT_YOURS_MESSAGE,
  type ConvertLeadResponse,
  type LeadDetail,
  type LeadListResponse,
} from '@shared/leads/api';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, type KeySpec } from '@test/support/response-keys';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const idOf = (caller: SignedInCaller) => principals.of[caller].userId;
const errorOf = (body: unknown) => (body as ApiErrorBody).error;

/** A lead as the quote request stores it, `minutesAgo` old, with a unique e-mail. */
async function addLead(fields: Partial<Lead> = {}, minutesAgo = 1): Promise<Lead> {
  const lead: Lead = {
    id: `lead-${randomUUID()}`,
    firstName: 'Robin',
    lastName: 'Lee',
    email: `lead.${randomUUID()}@example.com`,
    phone: '(415) 555-2671',
    zipCode: '94107',
    vehiclePreference: 'exact',
    exactVehicleYear: 2026,
    exactVehicleMake: 'Toyota',
    exactVehicleModel: 'RAV4',
    exactVehicleTrim: 'XLE',
    createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    status: 'new',
    ...fields,
  };
  expect(await createData().leads.create(lead)).toBe(true);
  return lead;
}

const get = (id: string, caller: SignedInCaller) => apiFetch<LeadDetail>(`/leads/${id}`, { token: as(caller) });
const list = (query: Record<string, string>, caller: SignedInCaller) =>
  apiFetch<LeadListResponse>(`/leads?${new URLSearchParams(query).toString()}`, { token: as(caller) });
/** The lead's stored revision, as the admin's screen would have loaded it. */
const revisionOf = async (id: string) => (await createData().leads.get(id))?.revision ?? 0;
/** An assignment on the lead's current revision unless one is given. */
const assign = async (id: string, brokerId: string | null, caller: SignedInCaller = 'admin', revision?: number) =>
  apiFetch<LeadDetail>(`/leads/${id}/assign`, {
    token: as(caller),
    body: { brokerId, revision: revision ?? (await revisionOf(id)) },
  });
const claim = (id: string, caller: SignedInCaller) =>
  apiFetch<LeadDetail>(`/leads/${id}/claim`, { token: as(caller), method: 'POST' });
const setStatus = (id: string, status: string, caller: SignedInCaller) =>
  apiFetch<LeadDetail>(`/leads/${id}/status`, { token: as(caller), method: 'PATCH', body: { status } });
const convert = (id: string, caller: SignedInCaller) =>
  apiFetch<ConvertLeadResponse>(`/leads/${id}/convert`, { token: as(caller), method: 'POST' });

/** Every lead id of a caller's inbox, page after page. */
async function inbox(caller: SignedInCaller, query: Record<string, string> = {}, limit = 100): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await list({ ...query, limit: String(limit), ...(cursor ? { cursor } : {}) }, caller);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.leads.length).toBeLessThanOrEqual(limit);
    ids.push(...response.body.leads.map((lead) => lead.id));
    cursor = response.body.nextCursor;
  } while (cursor);
  return ids;
}

async function newLeadsCard(caller: SignedInCaller): Promise<number> {
  const response = await apiFetch<DashboardResponse>('/dashboard', { token: as(caller) });
  return response.body.cards.find((card) => card.id === 'newLeads')?.value ?? -1;
}

describe('who sees which lead', () => {
  it("shows a broker the pool, their assigned and named leads, and hides another broker's", async () => {
    const pool = await addLead();
    const namingBroker = await addLead({ brokerId: idOf('broker'), workingWithBroker: true });
    const namingOther = await addLead({ brokerId: idOf('otherBroker'), workingWithBroker: true });
    const assignedToOther = await addLead();
    expect((await assign(assignedToOther.id, idOf('otherBroker'))).status).toBe(200);

    const brokerInbox = await inbox('broker');
    const adminInbox = await inbox('admin');

    expect(brokerInbox).toEqual(expect.arrayContaining([pool.id, namingBroker.id]));
    expect(brokerInbox).not.toContain(namingOther.id);
    expect(brokerInbox).not.toContain(assignedToOther.id);
    expect(adminInbox).toEqual(expect.arrayContaining([pool.id, namingBroker.id, namingOther.id, assignedToOther.id]));
    const hidden = await get(namingOther.id, 'broker');
    expect(hidden.status).toBe(404);
    expect(errorOf(hidden.body).message).toBe(LEAD_NOT_FOUND_MESSAGE);
    expect((await get(namingOther.id, 'otherBroker')).status).toBe(200);
  });

  it('keeps showing the named agent a lead an admin assigned to someone else, read-only', async () => {
    const lead = await addLead({ brokerId: idOf('broker'), workingWithBroker: true });
    await assign(lead.id, idOf('otherBroker'));

    const seen = await get(lead.id, 'broker');

    expect(seen.status).toBe(200);
    expect(seen.body.actions).toEqual({ canAssign: false, canClaim: false, canChangeStatus: false, canConvert: false });
    const refused = await setStatus(lead.id, 'contacted', 'broker');
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).message).toBe(LEAD_NOT_YOURS_MESSAGE);
  });

  it('refuses a broker filtering by another broker', async () => {
    expect((await list({ brokerId: idOf('otherBroker') }, 'broker')).status).toBe(403);
  });
});

describe('assignment and claims', () => {
  it('assigns to an approved, licensed broker with who and when, and refuses anyone else', async () => {
    const lead = await addLead();

    const assigned = await assign(lead.id, idOf('broker'));
    const refused = await assign(lead.id, idOf('pendingBroker'));

    expect(assigned.status).toBe(200);
    expect(assigned.body.assignee).toEqual({ id: idOf('broker'), fullName: expect.any(String) });
    expect(assigned.body.assignmentHistory).toEqual([
      {
        broker: { id: idOf('broker'), fullName: expect.any(String) },
        by: { id: idOf('admin'), fullName: expect.any(String) },
        at: expect.any(String),
        claimed: false,
        automatic: false,
      },
    ]);
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message).toBe(LEAD_BROKER_NOT_ASSIGNABLE_MESSAGE);
  });

  it('answers the revision with the lead, and moves it on with every change', async () => {
    const lead = await addLead();

    const loaded = await get(lead.id, 'admin');
    const assigned = await assign(lead.id, idOf('broker'), 'admin', loaded.body.revision);
    const returned = await assign(lead.id, null, 'admin', assigned.body.revision);

    expect([loaded.body.revision, assigned.body.revision, returned.body.revision]).toEqual([0, 1, 2]);
    expect(returned.body.assignee).toBeNull();
  });

  it('refuses an assignment on a revision someone changed since (409), and one without a revision (400)', async () => {
    const lead = await addLead();
    const loaded = (await get(lead.id, 'admin')).body.revision;
    expect((await claim(lead.id, 'otherBroker')).status).toBe(200);

    const stale = await assign(lead.id, idOf('broker'), 'admin', loaded);
    const unversioned = await apiFetch(`/leads/${lead.id}/assign`, { token: as('admin'), body: { brokerId: idOf('broker') } });

    expect(stale.status).toBe(409);
    expect(errorOf(stale.body).message).toBe(LEAD_CHANGED_MESSAGE);
    expect(unversioned.status).toBe(400);
    expect(errorOf(unversioned.body).message).toBe(LEAD_REVISION_REQUIRED_MESSAGE);
    const stored = await createData().leads.get(lead.id);
    expect(stored?.assignedBrokerId).toBe(idOf('otherBroker'));
    expect(stored?.assignmentHistory).toHaveLength(1);
  });

  it('records exactly one of 20 concurrent assignments of one lead: one 200, nineteen 409, one history entry', async () => {
    const lead = await addLead();
    const loaded = (await get(lead.id, 'admin')).body.revision;
    const choices = Array.from({ length: 20 }, (_, index) => idOf(index % 2 ? 'broker' : 'otherBroker'));

    const answers = await Promise.all(choices.map((brokerId) => assign(lead.id, brokerId, 'admin', loaded)));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const loser of answers.filter((answer) => answer.status === 409)) {
      expect(errorOf(loser.body).message).toBe(LEAD_CHANGED_MESSAGE);
    }
    const winner = answers.find((answer) => answer.status === 200)!.body;
    const stored = await createData().leads.get(lead.id);
    expect(stored?.assignedBrokerId).toBe(winner.assignee?.id);
    expect(stored?.assignmentHistory).toHaveLength(1);
    expect(stored?.revision).toBe(loaded + 1);
  });

  it('records one claim of 20 concurrent claims by two brokers: every claim of the winner is 200, of the other 409', async () => {
    const lead = await addLead();
    const callers = Array.from({ length: 20 }, (_, index): SignedInCaller => (index % 2 ? 'broker' : 'otherBroker'));

    const answers = await Promise.all(callers.map((caller) => claim(lead.id, caller)));

    const stored = await createData().leads.get(lead.id);
    const winner = callers.find((caller) => idOf(caller) === stored?.assignedBrokerId)!;
    expect(stored?.assignmentHistory).toHaveLength(1);
    expect(stored?.revision).toBe(1);
    // The winner's other claims find the lead theirs already (nothing written); the other broker's find it taken.
    expect(answers.map((answer) => answer.status)).toEqual(callers.map((caller) => (caller === winner ? 200 : 409)));
  });

  it('lets one of two brokers claiming at once win; the other gets 409', async () => {
    const lead = await addLead();

    const [first, second] = await Promise.all([claim(lead.id, 'broker'), claim(lead.id, 'otherBroker')]);

    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(errorOf(loser.body).message).toBe(LEAD_ALREADY_ASSIGNED_MESSAGE);
    const stored = await createData().leads.get(lead.id);
    const winner = first.status === 200 ? 'broker' : 'otherBroker';
    expect(stored?.assignedBrokerId).toBe(idOf(winner));
    expect(stored?.assignmentHistory).toHaveLength(1);
  });

  it('hides a lead naming another agent from a claim (404) and answers 409 on one already claimed', async () => {
    const named = await addLead({ brokerId: idOf('otherBroker'), workingWithBroker: true });
    const taken = await addLead();
    await claim(taken.id, 'otherBroker');

    expect((await claim(named.id, 'broker')).status).toBe(404);
    expect((await claim(named.id, 'otherBroker')).status).toBe(200);
    const late = await claim(taken.id, 'broker');
    expect(late.status).toBe(409);
    expect(errorOf(late.body).message).toBe(LEAD_ALREADY_ASSIGNED_MESSAGE);
  });
});

describe('status', () => {
  it('records every change with who and when, after the arrival as new', async () => {
    const lead = await addLead();
    await claim(lead.id, 'broker');

    await setStatus(lead.id, 'contacted', 'broker');
    const lost = await setStatus(lead.id, 'lost', 'admin');

    expect(lost.status).toBe(200);
    expect(lost.body.status).toBe('lost');
    expect(lost.body.statusHistory.map((change) => [change.status, change.by.id])).toEqual([
      ['new', 'shopper'],
      ['contacted', idOf('broker')],
      ['lost', idOf('admin')],
    ]);
  });

  it('refuses a broker who has not claimed the lead', async () => {
    const lead = await addLead();
    expect((await setStatus(lead.id, 'contacted', 'broker')).status).toBe(403);
  });
});

describe('convert', () => {
  it('creates the client from the lead and answers the deal prefill', async () => {
    const lead = await addLead();
    await claim(lead.id, 'broker');

    const converted = await convert(lead.id, 'broker');

    expect(converted.status).toBe(200);
    expect(converted.body).toMatchObject({
      clientCreated: true,
      dealPrefill: { clientId: converted.body.clientId, year: 2026, make: 'Toyota', model: 'RAV4', trim: 'XLE' },
      lead: { status: 'converted', convertedClientId: converted.body.clientId },
    });
    const client = await apiFetch<ClientView>(`/clients/${converted.body.clientId}`, { token: as('broker') });
    expect(client.body).toMatchObject({
      fullName: 'Robin Lee',
      email: lead.email,
      phone: '4155552671',
      profileId: idOf('broker'),
    });
  });

  it('carries every field the shopper typed into the client and the deal, and links the deal to the lead', async () => {
    // A typical shopper: a 2019 Accord with $8,500 owed to Chase, Costco, a budget, a current lease, texts.
    const lead = await addLead({
      preferredContactMethod: 'text',
      creditScoreRange: '750+',
      purchaseTimeframe: 'this-week',
      monthlyPaymentBudget: 450,
      leaseOrPurchase: 'lease',
      hasTradeIn: true,
      tradeInYear: 2019,
      tradeInMake: 'Honda',
      tradeInModel: 'Accord',
      tradeInMileage: 61000,
      tradeInCondition: 3,
      tradeInHasLienholder: true,
      tradeInLienholderName: 'Chase',
      tradeInPayoffBalance: 8500,
      isCostcoMember: true,
      currentlyLeasing: true,
      currentLeaseBrand: 'Honda',
      additionalNotes: 'Additional trade-ins: #2: 2015 Ford Focus - 90000 miles, Condition: 2',
    });
    await claim(lead.id, 'broker');

    const converted = await convert(lead.id, 'broker');

    expect(converted.status).toBe(200);
    const prefill = converted.body.dealPrefill;
    expect(prefill).toMatchObject({
      clientId: converted.body.clientId,
      leadId: lead.id,
      year: 2026,
      make: 'Toyota',
      model: 'RAV4',
      trim: 'XLE',
      dealType: 'lease',
      mileageAllowance: 12000,
      incentives: ['Costco'],
      creditScoreRange: '740-799',
      hasTradeIn: true,
      tradeInYear: 2019,
      tradeInMake: 'Honda',
      tradeInModel: 'Accord',
      tradeInMileage: 61000,
      tradeInCondition: 'Good',
      tradeInHasLienholder: true,
      tradeInLienholder: 'Chase',
      tradeInPayoffBalance: 8500,
    });
    for (const line of [
      'Monthly budget: $450',
      'Current lease: Honda',
      'Preferred contact: Text',
      'Credit score (shopper): 750+',
      'Timeframe: This week',
      'Additional trade-ins: #2: 2015 Ford Focus - 90000 miles, Condition: 2',
    ]) {
      expect(prefill.notes).toContain(line);
    }
    const client = await apiFetch<ClientView>(`/clients/${converted.body.clientId}`, { token: as('broker') });
    expect(client.body).toMatchObject({ preferredMakes: ['Toyota'] });
    expect(client.body.notes).toContain('Preferred contact: Text');

    // The broker reviews the form, adds the dealership and the terms, and saves: the deal keeps what arrived.
    const dealership = await createData().dealerships.create(
      { name: `Lead Motors ${randomUUID()}`, location: 'Reno, NV' },
      new Date(),
    );
    const { leadId, ...fields } = prefill;
    const deal = await apiFetch<DealView>('/deals', {
      token: as('broker'),
      body: {
        ...fields,
        sourceLeadId: leadId,
        dealershipId: dealership.dealership.id,
        monthlyPayment: 399,
        downPayment: 2000,
        termMonths: 36,
        apr: 0,
      },
    });

    expect(deal.status).toBe(201);
    expect(deal.body).toMatchObject({
      sourceLeadId: lead.id,
      clientId: converted.body.clientId,
      mileageAllowance: 12000,
      incentives: ['Costco'],
      creditScoreRange: '740-799',
      tradeInYear: 2019,
      tradeInMake: 'Honda',
      tradeInModel: 'Accord',
      tradeInHasLienholder: true,
      tradeInLienholder: 'Chase',
      tradeInPayoffBalance: 8500,
      tradeInCondition: 'Good',
      notes: prefill.notes,
    });
    expect((await get(lead.id, 'broker')).body.dealIds).toEqual([deal.body.id]);
  });

  it('refuses a deal naming a lead the caller does not work (400 on sourceLeadId), and stores nothing', async () => {
    const lead = await addLead();
    await claim(lead.id, 'otherBroker');
    const dealership = await createData().dealerships.create(
      { name: `Lead Motors ${randomUUID()}`, location: 'Reno, NV' },
      new Date(),
    );
    const { client } = await createData().clients.create(
      { fullName: 'Lead Client', email: `lc.${randomUUID()}@example.com`, profileId: 'test' },
      new Date(),
    );

    const refused = await apiFetch<ApiErrorBody>('/deals', {
      token: as('broker'),
      body: {
        clientId: client.id,
        dealershipId: dealership.dealership.id,
        sourceLeadId: lead.id,
        year: 2026,
        make: 'Toyota',
        model: 'RAV4',
        monthlyPayment: 399,
        downPayment: 2000,
        termMonths: 36,
        mileageAllowance: 12000,
        apr: 0,
      },
    });

    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ sourceLeadId: 'Lead not found' });
    expect((await get(lead.id, 'admin')).body.dealIds).toEqual([]);
  });

  it("writes a deal and its lead's link in one transaction: a create failing on its condition leaves no link", async () => {
    const data = createData();
    const lead = await addLead();
    const taken = `LEAD-${randomUUID().slice(0, 8)}`;
    const fields = {
      brokerId: principals.of.broker.userId,
      dealershipId: principals.records.dealership,
      sourceLeadId: lead.id,
      year: 2026,
      make: 'Toyota',
      model: 'RAV4',
      dealType: 'lease' as const,
      status: 'available' as const,
      monthlyPayment: 399,
      downPayment: 2000,
      termMonths: 36,
      isArchived: false,
      creditAppFormType: 'generic' as const,
    };
    await data.deals.create({ ...fields, sourceLeadId: undefined, stockNumber: taken }, new Date());
    const clash = `deal-${randomUUID()}`;
    const gone = `deal-${randomUUID()}`;
    const linked = `deal-${randomUUID()}`;

    // The stock number is taken: neither the deal nor the lead's link is written, and the error says why.
    await expect(
      data.deals.create({ ...fields, id: clash, stockNumber: taken }, new Date(), undefined, [
        data.leadDeals.linkOperation(lead.id, clash),
      ]),
    ).rejects.toBeInstanceOf(StockNumberTakenError);
    // The lead is gone: the link's condition fails, reported as the extra operation's, and no deal is stored.
    const missing = data.deals.create({ ...fields, id: gone, sourceLeadId: `lead-${randomUUID()}` }, new Date(), undefined, [
      data.leadDeals.linkOperation(`lead-${randomUUID()}`, gone),
    ]);
    await expect(missing).rejects.toBeInstanceOf(ExtraConditionFailedError);
    await expect(missing).rejects.toMatchObject({ index: 0 });
    await data.deals.create({ ...fields, id: linked }, new Date(), undefined, [data.leadDeals.linkOperation(lead.id, linked)]);

    expect(await data.deals.get(clash)).toBeNull();
    expect(await data.deals.get(gone)).toBeNull();
    expect(await data.deals.get(linked)).toMatchObject({ sourceLeadId: lead.id });
    expect((await get(lead.id, 'admin')).body.dealIds).toEqual([linked]);
  });

  it('refuses a deal whose lead is gone by the time it is written (400 on sourceLeadId), storing no deal', async () => {
    const { client } = await createData().clients.create(
      { fullName: 'Vanished Lead Client', email: `vl.${randomUUID()}@example.com`, profileId: 'test' },
      new Date(),
    );
    // The check passes (the lead was there) but the lead is gone when the deal is written.
    const real = dealsData();
    const written: (string | undefined)[] = [];
    const racing = {
      ...real,
      leadDeals: { ...real.leadDeals, holders: async () => ({ brokerId: principals.of.admin.userId }) },
      deals: {
        ...real.deals,
        create: (...args: Parameters<typeof real.deals.create>) => {
          written.push(args[0].id);
          return real.deals.create(...args);
        },
      },
    };
    const admin = principals.of.admin;

    const refused = createDeal(
      { userId: admin.userId, email: admin.email, role: admin.role },
      dealCreateSchema.parse({
        clientId: client.id,
        dealershipId: principals.records.dealership,
        sourceLeadId: `lead-${randomUUID()}`,
        year: 2026,
        make: 'Toyota',
        model: 'RAV4',
        monthlyPayment: 399,
        downPayment: 2000,
        termMonths: 36,
        mileageAllowance: 12000,
        apr: 0,
      }),
      racing,
      new Date(),
    );

    await expect(refused).rejects.toBeInstanceOf(BadRequestError);
    await expect(refused).rejects.toMatchObject({ message: 'Lead not found' });
    expect(written).toHaveLength(1);
    expect(await createData().deals.get(written[0]!)).toBeNull();
  });

  it('matches the existing client with the lead e-mail instead of creating another', async () => {
    const email = `existing.${randomUUID()}@example.com`;
    const existing = await apiFetch<ClientView>('/clients', { token: as('admin'), body: { fullName: 'Existing Client', email } });
    const lead = await addLead({ email: email.toUpperCase(), vehiclePreference: 'help', bodyStyle: 'SUV' });

    const converted = await convert(lead.id, 'admin');
    const again = await convert(lead.id, 'admin');

    expect(converted.body).toMatchObject({
      clientId: existing.body.id,
      clientCreated: false,
      dealPrefill: { clientId: existing.body.id, year: null, make: null, model: null, trim: null },
    });
    expect(again.body.clientId).toBe(existing.body.id);
    expect(again.body.lead.statusHistory.filter((change) => change.status === 'converted')).toHaveLength(1);
  });
});

describe('convert in own book', () => {
  // Every other test and file of the run expects the default shared book.
  afterEach(() => setClientBook('shared'));
  afterAll(() => setClientBook('shared'));

  /** A client of `owner`'s, and a lead with its e-mail (another case) assigned to the demo broker. */
  async function leadOfClientOf(owner: 'broker' | 'otherBroker') {
    const email = `booked.${randomUUID()}@example.com`;
    const client = await apiFetch<ClientView>('/clients', { token: as(owner), body: { fullName: 'Booked Client', email } });
    expect(client.status, JSON.stringify(client.body)).toBe(201);
    const lead = await addLead({ email: email.toUpperCase() });
    expect((await assign(lead.id, idOf('broker'))).status).toBe(200);
    return { client: client.body, lead };
  }

  it("refuses a broker whose lead's e-mail is another broker's client (409, nothing of it told, nothing written); an admin converts it", async () => {
    const { client, lead } = await leadOfClientOf('otherBroker');
    await setClientBook('own');
    const before = await createData().leads.get(lead.id);

    const refused = await convert(lead.id, 'broker');

    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE);
    const told = JSON.stringify(refused.body);
    expect(told).not.toContain(client.id);
    expect(told).not.toContain(client.fullName);
    expect(told).not.toContain(idOf('otherBroker'));
    expect(await createData().leads.get(lead.id)).toEqual(before);
    const byAdmin = await convert(lead.id, 'admin');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ clientId: client.id, clientCreated: false });
    // Converted to the other broker's client by the admin: the broker's "New deal" on it is refused the same way.
    const again = await convert(lead.id, 'broker');
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(LEAD_CLIENT_IN_ANOTHER_BOOK_MESSAGE);
  });

  it("matches the broker's own client, and creates a client in their book for a new e-mail", async () => {
    const { client, lead } = await leadOfClientOf('broker');
    const fresh = await addLead();
    expect((await assign(fresh.id, idOf('broker'))).status).toBe(200);
    await setClientBook('own');

    const own = await convert(lead.id, 'broker');
    const created = await convert(fresh.id, 'broker');

    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ clientId: client.id, clientCreated: false });
    expect(created.status).toBe(200);
    expect(created.body.clientCreated).toBe(true);
    const made = await apiFetch<ClientView>(`/clients/${created.body.clientId}`, { token: as('broker') });
    expect(made.status).toBe(200);
    expect(made.body.email).toBe(fresh.email.toLowerCase());
  });

  it("keeps the shared book's match of any broker's client by e-mail", async () => {
    const { client, lead } = await leadOfClientOf('otherBroker');

    const converted = await convert(lead.id, 'broker');

    expect(converted.status).toBe(200);
    expect(converted.body).toMatchObject({ clientId: client.id, clientCreated: false });
  });
});

describe('New Leads counts', () => {
  it('counts new leads for admins, and for a broker their own plus the pool, as leads arrive, move and are answered', async () => {
    const before = {
      admin: await newLeadsCard('admin'),
      broker: await newLeadsCard('broker'),
      other: await newLeadsCard('otherBroker'),
    };

    const pool = await addLead();
    const named = await addLead({ brokerId: idOf('otherBroker'), workingWithBroker: true });
    const afterArrival = {
      admin: await newLeadsCard('admin'),
      broker: await newLeadsCard('broker'),
      other: await newLeadsCard('otherBroker'),
    };
    await claim(pool.id, 'otherBroker');
    const afterClaim = { broker: await newLeadsCard('broker'), other: await newLeadsCard('otherBroker') };
    await setStatus(named.id, 'contacted', 'admin');
    await setStatus(pool.id, 'contacted', 'otherBroker');

    expect(afterArrival).toEqual({ admin: before.admin + 2, broker: before.broker + 1, other: before.other + 2 });
    expect(afterClaim).toEqual({ broker: before.broker, other: before.other + 2 });
    expect(await newLeadsCard('admin')).toBe(before.admin);
    expect(await newLeadsCard('otherBroker')).toBe(before.other);
  });
});

describe('filters and paging', () => {
  it('filters by status and by broker (assigned or named), newest first', async () => {
    const assigned = await addLead({}, 3);
    await assign(assigned.id, idOf('otherBroker'));
    const named = await addLead({ brokerId: idOf('otherBroker'), workingWithBroker: true }, 2);
    const lost = await addLead({}, 1);
    await setStatus(lost.id, 'lost', 'admin');

    const byBroker = await inbox('admin', { brokerId: idOf('otherBroker') });
    const lostOnes = await inbox('admin', { status: 'lost' });
    const newOfBroker = await inbox('admin', { status: 'new', brokerId: idOf('otherBroker') });

    expect(byBroker.indexOf(named.id)).toBeLessThan(byBroker.indexOf(assigned.id));
    expect(byBroker).not.toContain(lost.id);
    expect(lostOnes).toContain(lost.id);
    expect(lostOnes).not.toContain(named.id);
    expect(newOfBroker).toEqual(expect.arrayContaining([named.id, assigned.id]));
  });

  it("pages a broker's merged inbox newest first with no lead twice and none missed", async () => {
    const mine = [];
    for (let index = 0; index < 5; index++) {
      const lead = await addLead({ brokerId: idOf('broker'), workingWithBroker: true }, 10 + index);
      if (index % 2 === 0) await claim(lead.id, 'broker');
      mine.push(lead.id);
    }

    const paged = await inbox('broker', {}, 2);
    const whole = await inbox('broker', {}, 100);

    expect(paged).toEqual(whole);
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged).toEqual(expect.arrayContaining(mine));
    const created = await Promise.all(paged.map(async (id) => (await createData().leads.get(id))!.createdAt));
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('refuses a cursor made for other filters', async () => {
    await addLead();
    await addLead();
    const first = await list({ limit: '1' }, 'admin');
    const misused = await list({ limit: '1', status: 'new', cursor: first.body.nextCursor! }, 'admin');
    expect(misused.status).toBe(400);
  });
});

describe('keys per role', () => {
  const person: KeySpec = { id: true, fullName: true };
  const summary = {
    id: true,
    firstName: true,
    lastName: true,
    email: true,
    phone: true,
    preferredContactMethod: true,
    vehicleSummary: true,
    status: true,
    createdAt: true,
    assignee: person,
    agent: person,
    notificationFailed: true,
    source: true,
  } satisfies Record<string, KeySpec>;

  it.each(['admin', 'broker'] as const)('GET /leads and GET /leads/{id} as %s', async (caller) => {
    const lead = await addLead({ notification: { status: 'failed', error: 'SES refused', at: new Date().toISOString() } });

    const page = await list({ limit: '5' }, caller);
    const detail = await get(lead.id, caller);

    expectResponseKeys(page.body, { leads: [summary], nextCursor: true }, `GET /leads as ${caller}`);
    expect(detail.body.notificationFailed).toBe(true);
    expect(detail.body.notification).toEqual({ status: 'failed', error: 'SES refused', at: expect.any(String) });
    expect(Object.keys(detail.body)).toEqual(
      expect.arrayContaining([...Object.keys(summary), 'statusHistory', 'actions', 'revision']),
    );
  });
});
