/**
 * Who owns a client, deal and lead, through the local API (docs/security.md, "Ownership"):
 * - the company setting (GET/PUT /admin/settings): shared book by default, own book an admin's choice;
 * - own book: a broker lists, reads and changes only their own clients and deals and the leads they hold, another's
 *   is a 404; admins reach everything; the lists read the broker's own listing;
 * - in both books: a client's e-mail and phone are its broker's or an admin's to change, only an admin moves a client
 *   or a deal to another broker, and each such change is on the trail (the client's, the deal's).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { CompanySettingsView } from '@shared/brokers/settings';
import {
  CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE,
  CLIENT_CONTACT_NOT_YOURS_MESSAGE,
  CLIENT_REASSIGN_ADMIN_ONLY_MESSAGE,
  type ClientActivityResponse,
  type ClientListResponse,
  type ClientView,
} from '@shared/clients/api';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { DealListResponse } from '@shared/deals/list-api';
import type { ApiErrorBody } from '@shared/errors';
import type { LeadListResponse } from '@shared/leads/api';
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
/** Letters only (names allow no digits): a word no other test or seed record has. */
const uniqueWord = (prefix: string) =>
  `${prefix}${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
const uniqueEmail = () => `owned.${randomUUID()}@example.com`;
const errorOf = (body: unknown) => (body as ApiErrorBody).error;

/** Named to sort first in the deals list's name order, so a page of a busy broker's deals holds it. */
async function addClient(caller: 'broker' | 'otherBroker', name = `Aa ${uniqueWord('Owned')}`): Promise<ClientView> {
  const response = await apiFetch<ClientView>('/clients', {
    token: as(caller),
    body: { fullName: name, email: uniqueEmail(), phone: '+15035550100' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function addDeal(caller: 'broker' | 'otherBroker', client: ClientView): Promise<DealView> {
  const response = await apiFetch<DealView>('/deals', {
    token: as(caller),
    body: { clientId: client.id, dealershipId: await dealershipId(), ...DEAL_TERMS },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

let dealership: Promise<string> | undefined;
/** One dealership of this file's own for its deals. */
const dealershipId = () =>
  (dealership ??= createData()
    .dealerships.create({ name: `Ownership Motors ${uniqueWord('')}`, location: 'Salem, OR' }, new Date())
    .then(({ dealership: created }) => created.id));

const DEAL_TERMS = {
  year: 2026,
  make: 'Kia',
  model: 'Telluride',
  monthlyPayment: 499,
  downPayment: 0,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 3.5,
};
const dealsOf = (caller: SignedInCaller, client: ClientView) =>
  apiFetch<DealListResponse>(`/deals?status=all&make=Kia&limit=50&q=${encodeURIComponent(client.fullName)}`, {
    token: as(caller),
  });

const getClient = (id: string, caller: SignedInCaller) => apiFetch<ClientView>(`/clients/${id}`, { token: as(caller) });
const patchClient = (id: string, body: object, caller: SignedInCaller) =>
  apiFetch<ClientView>(`/clients/${id}`, { token: as(caller), method: 'PATCH', body });
const clientTrail = async (id: string, caller: SignedInCaller = 'admin') => {
  const response = await apiFetch<ClientActivityResponse>(`/clients/${id}/activity`, { token: as(caller) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.activity;
};
const searchClients = async (q: string, caller: SignedInCaller) => {
  const response = await apiFetch<ClientListResponse>(`/clients?q=${encodeURIComponent(q)}`, { token: as(caller) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
};
const settingsAs = (caller: SignedInCaller, body?: object) =>
  apiFetch<CompanySettingsView>('/admin/settings', { token: as(caller), method: body ? 'PUT' : 'GET', body });

describe('the client book setting', () => {
  it('is the shared book by default, and an admin switches it with who and when recorded', async () => {
    await setClientBook('shared');

    const before = await settingsAs('admin');
    expect(before.status).toBe(200);
    expect(before.body.ownBook).toBe(false);

    const saved = await settingsAs('admin', { ownBook: true });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ ownBook: true, updatedBy: { id: principals.of.admin.userId } });
    expect(Date.parse(saved.body.updatedAt!)).not.toBeNaN();
    expect((await settingsAs('admin')).body.ownBook).toBe(true);
  });

  it('refuses brokers (403) and a body without the choice (400), changing nothing', async () => {
    await setClientBook('shared');

    expect((await settingsAs('broker', { ownBook: true })).status).toBe(403);
    expect((await settingsAs('broker')).status).toBe(403);
    const invalid = await settingsAs('admin', { ownBook: 'yes' });
    expect(invalid.status).toBe(400);
    expect(errorOf(invalid.body).code).toBe('bad_request');
    expect((await settingsAs('admin')).body.ownBook).toBe(false);
  });
});

describe('own book', () => {
  it("lists, finds and counts a broker's own clients only; admins see every client", async () => {
    const surname = uniqueWord('Bookkeeper');
    const mine = await addClient('broker', `Ann ${surname}`);
    const theirs = await addClient('otherBroker', `Bob ${surname}`);
    await setClientBook('own');

    const forBroker = await searchClients(surname, 'broker');
    expect(forBroker.clients.map((client) => client.id)).toEqual([mine.id]);
    const forOther = await searchClients(surname, 'otherBroker');
    expect(forOther.clients.map((client) => client.id)).toEqual([theirs.id]);
    expect((await searchClients(surname, 'admin')).clients.map((client) => client.id).sort()).toEqual(
      [mine.id, theirs.id].sort(),
    );

    const everyOwn = (await createData().clients.listByName()).filter(
      (client) => client.profileId === principals.of.otherBroker.userId,
    );
    expect(forOther.total).toBe(everyOwn.length);
  });

  it("hides another broker's client, its deals and trail, and refuses its edit and delete as unknown (404)", async () => {
    const theirs = await addClient('otherBroker');
    await setClientBook('own');

    expect((await getClient(theirs.id, 'broker')).status).toBe(404);
    expect((await apiFetch(`/clients/${theirs.id}/deals`, { token: as('broker') })).status).toBe(404);
    expect((await apiFetch(`/clients/${theirs.id}/activity`, { token: as('broker') })).status).toBe(404);
    const edit = await patchClient(theirs.id, { notes: 'mine now' }, 'broker');
    expect(edit.status).toBe(404);
    expect(errorOf(edit.body).code).toBe('not_found');
    expect((await getClient(theirs.id, 'otherBroker')).body.notes).toBeNull();
    expect((await getClient(theirs.id, 'admin')).status).toBe(200);
  });

  it("lists and opens a broker's own deals only; another's deal is a 404 to read and to edit; admins see both", async () => {
    const surname = uniqueWord('Dealbook');
    const myClient = await addClient('broker', `Aa ${surname}`);
    const mine = await addDeal('broker', myClient);
    const theirs = await addDeal('otherBroker', await addClient('otherBroker', `Aa ${surname}`));
    await setClientBook('own');

    const list = await apiFetch<DealListResponse>(`/deals?status=all&make=Kia&limit=50&q=${surname}`, { token: as('broker') });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.items.map((deal) => deal.id)).toEqual([mine.id]);
    expect(list.body.groups).toEqual([{ key: myClient.id, name: myClient.fullName, count: 1 }]);
    expect(list.body.makes).toContainEqual({ make: 'Kia', count: expect.any(Number) });
    const admin = await apiFetch<DealListResponse>(`/deals?status=all&limit=50&q=${surname}`, { token: as('admin') });
    expect(admin.body.items.map((deal) => deal.id).sort()).toEqual([mine.id, theirs.id].sort());

    expect((await apiFetch(`/deals/${theirs.id}`, { token: as('broker') })).status).toBe(404);
    const edit = await apiFetch(`/deals/${theirs.id}`, {
      token: as('broker'),
      method: 'PATCH',
      body: { ...theirs, model: 'Sorento' },
    });
    expect(edit.status).toBe(404);
    expect((await apiFetch(`/deals/${mine.id}`, { token: as('broker') })).status).toBe(200);
    expect((await apiFetch(`/deals/${theirs.id}`, { token: as('admin') })).status).toBe(200);
  });

  it("refuses a deal for another broker's client as an unknown client (400)", async () => {
    const theirs = await addClient('otherBroker');
    await setClientBook('own');

    const response = await apiFetch('/deals', {
      token: as('broker'),
      body: { clientId: theirs.id, dealershipId: await dealershipId(), ...DEAL_TERMS },
    });
    expect(response.status).toBe(400);
    expect(errorOf(response.body).fields).toHaveProperty('clientId');
  });

  it('shows brokers no open pool in the lead inbox; the lead they hold stays theirs', async () => {
    await setClientBook('own');

    const inbox = await apiFetch<LeadListResponse>('/leads?limit=100', { token: as('broker') });
    expect(inbox.status).toBe(200);
    expect(
      inbox.body.leads.every(
        (lead) => lead.assignee?.id === principals.of.broker.userId || lead.agent?.id === principals.of.broker.userId,
      ),
    ).toBe(true);
    expect((await apiFetch(`/leads/${principals.records.poolLead}`, { token: as('broker') })).status).toBe(404);
    expect((await apiFetch(`/leads/${principals.records.brokerLead}`, { token: as('broker') })).status).toBe(200);
  });
});

describe("a client's contact details (both books)", () => {
  it("are its broker's or an admin's to change: another broker gets 403 and nothing changes", async () => {
    const client = await addClient('broker');

    const refused = await patchClient(client.id, { email: uniqueEmail() }, 'otherBroker');
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).message).toBe(CLIENT_CONTACT_NOT_YOURS_MESSAGE);
    const phone = await patchClient(client.id, { phone: '+15035550199' }, 'otherBroker');
    expect(phone.status).toBe(403);
    expect((await getClient(client.id, 'broker')).body).toMatchObject({ email: client.email, phone: client.phone });
    expect(await clientTrail(client.id)).toEqual([]);

    // Another broker still edits the rest of a shared-book client (the default: docs/security.md, "Ownership").
    expect((await patchClient(client.id, { notes: 'Prefers e-mail' }, 'otherBroker')).status).toBe(200);
  });

  it('record each change on the client trail: who, when, before and after', async () => {
    const client = await addClient('broker');
    const email = uniqueEmail();

    expect((await patchClient(client.id, { email, phone: null }, 'broker')).status).toBe(200);
    expect((await patchClient(client.id, { phone: '+15035550142' }, 'admin')).status).toBe(200);

    const trail = await clientTrail(client.id, 'broker');
    expect(trail).toHaveLength(2);
    expect(trail[0]).toMatchObject({
      actor: { id: principals.of.admin.userId },
      changes: [{ field: 'phone', before: null, after: '+15035550142' }],
    });
    expect(trail[1]).toMatchObject({
      actor: { id: principals.of.broker.userId },
      changes: [
        { field: 'email', before: client.email, after: email },
        { field: 'phone', before: '+15035550100', after: null },
      ],
    });
    expect(Date.parse(trail[1]!.at)).toBeLessThanOrEqual(Date.parse(trail[0]!.at));
  });
});

describe('reassignment', () => {
  it("moves a client to another broker (admins only), on the client trail, and into that broker's own book", async () => {
    const client = await addClient('broker');

    const byBroker = await patchClient(client.id, { profileId: principals.of.otherBroker.userId }, 'broker');
    expect(byBroker.status).toBe(403);
    expect(errorOf(byBroker.body).message).toBe(CLIENT_REASSIGN_ADMIN_ONLY_MESSAGE);
    const notABroker = await patchClient(client.id, { profileId: principals.of.pendingBroker.userId }, 'admin');
    expect(notABroker.status).toBe(400);
    expect(errorOf(notABroker.body).fields).toEqual({ profileId: CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE });

    const moved = await patchClient(client.id, { profileId: principals.of.otherBroker.userId }, 'admin');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.profileId).toBe(principals.of.otherBroker.userId);
    const [entry] = await clientTrail(client.id);
    expect(entry).toMatchObject({
      actor: { id: principals.of.admin.userId },
      changes: [{ field: 'broker', before: expect.any(String), after: 'Owen Otherbroker' }],
    });

    await setClientBook('own');
    expect((await getClient(client.id, 'otherBroker')).status).toBe(200);
    expect((await getClient(client.id, 'broker')).status).toBe(404);
    expect((await searchClients(client.fullName, 'otherBroker')).clients.map((found) => found.id)).toEqual([client.id]);
  });

  it("moves a deal to another broker (admins only) on the deal's activity trail, and into that broker's own book", async () => {
    const client = await addClient('broker');
    const deal = await addDeal('broker', client);

    // A broker's edit cannot change the broker (the field is an admin's): the deal stays the caller's.
    const byBroker = await apiFetch<DealView>(`/deals/${deal.id}`, {
      token: as('broker'),
      method: 'PATCH',
      body: { ...deal, brokerId: principals.of.otherBroker.userId },
    });
    expect(byBroker.status).toBe(200);
    expect(byBroker.body.brokerId).toBe(principals.of.broker.userId);

    const moved = await apiFetch<DealView>(`/deals/${deal.id}`, {
      token: as('admin'),
      method: 'PATCH',
      body: { ...byBroker.body, brokerId: principals.of.otherBroker.userId },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const detail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('admin') });
    expect(detail.body.activity[0]).toMatchObject({
      actor: { id: principals.of.admin.userId },
      changes: [{ field: 'brokerId', after: 'Owen Otherbroker' }],
    });

    await setClientBook('own');
    expect((await apiFetch(`/deals/${deal.id}`, { token: as('otherBroker') })).status).toBe(200);
    expect((await apiFetch(`/deals/${deal.id}`, { token: as('broker') })).status).toBe(404);
    expect((await dealsOf('otherBroker', client)).body.items.map((item) => item.id)).toEqual([deal.id]);
    expect((await dealsOf('broker', client)).body.items).toEqual([]);
  });
});
