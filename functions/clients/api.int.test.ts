/**
 * The clients routes through the local API (docs/api.md, "Clients"; docs/decisions.md, "Clients"):
 * every client rule and message, the creator taken from the caller, the unique e-mail, the list with its search and
 * "All Clients (n)", a rename followed by the deals list, the delete rules (docs/decisions.md, "Clients") and the
 * Past Purchases split.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import {
  CLIENT_EMAIL_TAKEN_MESSAGE,
  CLIENT_HAS_DEALS_MESSAGE,
  CLIENT_NOT_FOUND_MESSAGE,
  type ClientDealsResponse,
  type ClientListResponse,
  type ClientView,
} from '@shared/clients/api';
import { CLIENT_FORM_REQUIRED_MESSAGE, CLIENT_MESSAGES } from '@shared/clients/schemas';
import type { DealStatus } from '@shared/deals/enums';
import type { DealListResponse } from '@shared/deals/list-api';
import type { ApiErrorBody } from '@shared/errors';
import { INVALID_PHONE_MESSAGE } from '@shared/validation';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
const as = (caller: SignedInCaller) => principals.tokenOf(caller);
/** Letters only (names allow no digits): a word no other test or seed record has. */
const uniqueWord = (prefix: string) =>
  `${prefix}${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
const uniqueEmail = () => `client.${randomUUID()}@example.com`;
const errorOf = (body: unknown) => (body as ApiErrorBody).error;

async function addClient(body: Record<string, unknown>, caller: SignedInCaller = 'broker') {
  const response = await apiFetch<ClientView>('/clients', { token: as(caller), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const patch = (id: string, body: Record<string, unknown>, caller: SignedInCaller = 'broker') =>
  apiFetch<ClientView>(`/clients/${id}`, { token: as(caller), method: 'PATCH', body });
const remove = (id: string, caller: SignedInCaller = 'admin') =>
  apiFetch<{ id: string }>(`/clients/${id}`, { token: as(caller), method: 'DELETE' });
const search = (query: Record<string, string>, caller: SignedInCaller = 'broker') =>
  apiFetch<ClientListResponse>(`/clients?${new URLSearchParams(query).toString()}`, { token: as(caller) });

async function addDeal(client: ClientView, status: DealStatus, createdOn: number) {
  const fields: DealFields = {
    brokerId: principals.of.broker.userId,
    clientId: client.id,
    clientName: client.fullName,
    year: 2025,
    make: 'Mazda',
    model: 'CX-5',
    dealType: 'lease',
    status,
    monthlyPayment: 389,
    downPayment: 1500,
    termMonths: 36,
    isArchived: false,
    creditAppFormType: 'generic',
    ...(status === 'closed' ? { dealClosedAt: '2026-01-20T10:00:00.000Z' } : {}),
  };
  return (await data().deals.create(fields, new Date(Date.UTC(2026, 0, createdOn)))).deal;
}

describe('creating clients', () => {
  it('stores every field of the form, with the creator taken from the caller, never from the body', async () => {
    const email = uniqueEmail();

    const created = await addClient({
      fullName: "  Siobhán O'Connor-Ruiz ",
      email: `  ${email.toUpperCase()} `,
      phone: '+353861234567',
      address: '1 Main St, Dublin',
      creditScore: 742,
      dateOfBirth: '1988-02-29',
      preferredMakes: ' Toyota, Honda ,, BMW ',
      notes: 'Prefers e-mail',
      profileId: principals.of.otherBroker.userId,
      id: 'chosen-id',
      createdAt: '1999-01-01T00:00:00.000Z',
    });

    expect(created).toMatchObject({
      fullName: "Siobhán O'Connor-Ruiz",
      email,
      phone: '+353861234567',
      address: '1 Main St, Dublin',
      creditScore: 742,
      dateOfBirth: '1988-02-29',
      preferredMakes: ['Toyota', 'Honda', 'BMW'],
      notes: 'Prefers e-mail',
      profileId: principals.of.broker.userId,
    });
    expect(created.id).not.toBe('chosen-id');
    expect(created.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
    expect((await apiFetch<ClientView>(`/clients/${created.id}`, { token: as('admin') })).body).toEqual(created);
  });

  it('stores blank optional fields as null (the New Client dialog sends name, e-mail and phone only)', async () => {
    const created = await addClient({ fullName: 'Ola Nordmann', email: uniqueEmail(), phone: '' }, 'admin');

    expect(created).toMatchObject({
      phone: null,
      address: null,
      creditScore: null,
      dateOfBirth: null,
      preferredMakes: [],
      notes: null,
      profileId: principals.of.admin.userId,
    });
  });

  it.each([
    ['no name', { email: uniqueEmail() }, CLIENT_FORM_REQUIRED_MESSAGE],
    ['no e-mail', { fullName: 'Ann Lee' }, CLIENT_FORM_REQUIRED_MESSAGE],
    ['a blank name', { fullName: '   ', email: uniqueEmail() }, CLIENT_FORM_REQUIRED_MESSAGE],
    ['an invalid e-mail', { fullName: 'Ann Lee', email: 'ann@' }, 'Invalid email address'],
    ['digits in the name', { fullName: 'Ann Lee 2', email: uniqueEmail() }, CLIENT_MESSAGES.fullNameCharacters],
    ['a name over 100 characters', { fullName: 'A'.repeat(101), email: uniqueEmail() }, CLIENT_MESSAGES.fullNameTooLong],
    [
      'a phone not in international format',
      { fullName: 'Ann Lee', email: uniqueEmail(), phone: '0301 555 0100' },
      INVALID_PHONE_MESSAGE,
    ],
    ['a credit score of 299', { fullName: 'Ann Lee', email: uniqueEmail(), creditScore: 299 }, CLIENT_MESSAGES.creditScore],
    ['a credit score of 851', { fullName: 'Ann Lee', email: uniqueEmail(), creditScore: 851 }, CLIENT_MESSAGES.creditScore],
    ['a fractional credit score', { fullName: 'Ann Lee', email: uniqueEmail(), creditScore: 700.5 }, CLIENT_MESSAGES.creditScore],
    [
      'a date of birth not YYYY-MM-DD',
      { fullName: 'Ann Lee', email: uniqueEmail(), dateOfBirth: '02/29/1988' },
      CLIENT_MESSAGES.dateOfBirth,
    ],
    [
      'an address over 500',
      { fullName: 'Ann Lee', email: uniqueEmail(), address: 'x'.repeat(501) },
      CLIENT_MESSAGES.addressTooLong,
    ],
    ['notes over 2000', { fullName: 'Ann Lee', email: uniqueEmail(), notes: 'x'.repeat(2001) }, CLIENT_MESSAGES.notesTooLong],
    [
      'a date of birth less than 18 years ago',
      {
        fullName: 'Ann Lee',
        email: uniqueEmail(),
        dateOfBirth: new Date(Date.now() - 17 * 366 * 86_400_000).toISOString().slice(0, 10),
      },
      CLIENT_MESSAGES.dateOfBirthTooRecent,
    ],
    [
      'a date of birth more than 120 years ago',
      { fullName: 'Ann Lee', email: uniqueEmail(), dateOfBirth: '1890-01-01' },
      CLIENT_MESSAGES.dateOfBirthTooOld,
    ],
    [
      'a name with a right-to-left override',
      { fullName: 'Ann\u202ELee', email: uniqueEmail() },
      CLIENT_MESSAGES.fullNameControlCharacters,
    ],
  ])('refuses %s with the required message (400)', async (_case, body, message) => {
    const response = await apiFetch('/clients', { token: as('broker'), body });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(message);
  });

  it('refuses a second client with the same e-mail, in any case (409), and a broker who may not create deals (403)', async () => {
    const email = uniqueEmail();
    await addClient({ fullName: 'First Owner', email });

    const duplicate = await apiFetch('/clients', {
      token: as('otherBroker'),
      body: { fullName: 'Second', email: email.toUpperCase() },
    });
    const pending = await apiFetch('/clients', { token: as('pendingBroker'), body: { fullName: 'Pat', email: uniqueEmail() } });
    const unlicensed = await apiFetch('/clients', {
      token: as('unlicensedBroker'),
      body: { fullName: 'Pat', email: uniqueEmail() },
    });

    expect(duplicate.status).toBe(409);
    expect(errorOf(duplicate.body).message).toBe(CLIENT_EMAIL_TAKEN_MESSAGE);
    expect(pending.status).toBe(403);
    expect(unlicensed.status).toBe(403);
  });
});

describe('editing clients', () => {
  it('changes the given fields, clears a blanked one, keeps the creator, and refuses a blank name', async () => {
    const created = await addClient({ fullName: 'Edit Me', email: uniqueEmail(), phone: '+13035550100', notes: 'n' });

    // The phone is a contact detail: its broker's to clear (another broker's contact edits and moves to another
    // broker: functions/clients/ownership.int.test.ts).
    const edited = await patch(created.id, { phone: '', creditScore: 810 }, 'broker');
    const blankName = await patch(created.id, { fullName: '' });
    const missing = await patch('01NOSUCHCLIENT', { notes: 'x' });

    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      fullName: 'Edit Me',
      phone: null,
      creditScore: 810,
      notes: 'n',
      profileId: created.profileId,
    });
    expect(blankName.status).toBe(400);
    expect(errorOf(blankName.body).message).toBe(CLIENT_FORM_REQUIRED_MESSAGE);
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body).message).toBe(CLIENT_NOT_FOUND_MESSAGE);
  });

  it("moves the e-mail claim: the old address is free again, another client's is refused (409)", async () => {
    const [oldEmail, newEmail] = [uniqueEmail(), uniqueEmail()];
    const client = await addClient({ fullName: 'Mover', email: oldEmail });
    const other = await addClient({ fullName: 'Other', email: uniqueEmail() });

    expect((await patch(client.id, { email: newEmail })).status).toBe(200);
    expect((await patch(client.id, { email: newEmail, notes: 'same e-mail again' })).status).toBe(200);
    const taken = await patch(other.id, { email: newEmail });
    await addClient({ fullName: 'Taker', email: oldEmail });

    expect(taken.status).toBe(409);
    expect(errorOf(taken.body).message).toBe(CLIENT_EMAIL_TAKEN_MESSAGE);
  });

  it("copies a rename onto the client's deals: the deals list groups and finds them under the new name", async () => {
    const [oldName, newName] = [uniqueWord('Oldname'), uniqueWord('Newname')];
    const client = await addClient({ fullName: `Rita ${oldName}`, email: uniqueEmail() });
    const deal = await addDeal(client, 'pending', 1);

    expect((await patch(client.id, { fullName: `Rita ${newName}` })).status).toBe(200);
    const byNew = await apiFetch<DealListResponse>(`/deals?q=${newName}`, { token: as('broker') });
    const byOld = await apiFetch<DealListResponse>(`/deals?q=${oldName}`, { token: as('broker') });

    expect(byNew.body.items.map((item) => item.id)).toEqual([deal.id]);
    expect(byNew.body.groups).toEqual([{ key: client.id, name: `Rita ${newName}`, count: 1 }]);
    expect(byOld.body.items).toEqual([]);
    expect((await data().deals.get(deal.id))?.clientName).toBe(`Rita ${newName}`);
  });
});

describe('the list and its search', () => {
  it('finds clients by the start of a word of the name, e-mail or phone, in name order, every word having to match', async () => {
    const surname = uniqueWord('Zed');
    const domain = `${uniqueWord('dom')}.example`;
    const bo = await addClient({ fullName: `bo ${surname}`, email: `bo@${domain}`, phone: '+14155550123' });
    const al = await addClient({ fullName: `Al ${surname}`, email: `al@${domain}` });

    const names = async (q: string) => (await search({ q })).body.clients.map((client) => client.id);

    expect(await names(surname)).toEqual([al.id, bo.id]);
    expect(await names(surname.slice(0, 4).toUpperCase())).toEqual(expect.arrayContaining([al.id, bo.id]));
    expect(await names(`bo ${surname}`)).toEqual([bo.id]);
    expect(await names(domain)).toEqual([al.id, bo.id]);
    expect(await names(`${surname} 4155550`)).toEqual([bo.id]);
    expect(await names(`${surname} 415555`)).toEqual([bo.id]);
    // A phone's last 7 and last 4 digits are words of their own (docs/data-model.md, "Token listings").
    expect(await names(`${surname} 555`)).toEqual([bo.id]);
    expect(await names(`${surname} 0123`)).toEqual([bo.id]);
    expect(await names(`${surname} 999`)).toEqual([]);
  });

  it('pages by cursor in name order and gives "All Clients (n)" from the counter, whatever the search', async () => {
    const surname = uniqueWord('Pager');
    for (const first of ['Cy', 'Ab', 'Bo']) await addClient({ fullName: `${first} ${surname}`, email: uniqueEmail() });
    const counted = (await data().counters.get('global')).clients;

    const first = await search({ q: surname, limit: '2' });
    const second = await search({ q: surname, limit: '2', cursor: first.body.nextCursor! });
    const bad = await search({ q: 'other', cursor: first.body.nextCursor! });

    expect(first.body.clients.map((client) => client.fullName)).toEqual([`Ab ${surname}`, `Bo ${surname}`]);
    expect(second.body.clients.map((client) => client.fullName)).toEqual([`Cy ${surname}`]);
    expect(second.body.nextCursor).toBeNull();
    expect(first.body.total).toBe(counted);
    expect(bad.status).toBe(400);
  });

  it.each(['admin', 'broker'] as const)('answers %s with the client fields and the total', async (caller) => {
    await addClient({ fullName: 'Keys Client', email: uniqueEmail(), phone: '+14155550100' });

    const response = await search({ limit: '5' }, caller);

    expect(response.body.canDelete).toBe(caller === 'admin');
    expectResponseKeys(response.body, {
      clients: [
        {
          id: true,
          fullName: true,
          email: true,
          phone: true,
          address: true,
          creditScore: true,
          dateOfBirth: true,
          preferredMakes: [true],
          notes: true,
          profileId: true,
          createdAt: true,
        },
      ],
      nextCursor: true,
      total: true,
      canDelete: true,
    });
  });

  it('refuses dealers and consumers (403): they are routed away from /clients', async () => {
    expect((await search({}, 'dealer')).status).toBe(403);
    expect((await search({}, 'consumer')).status).toBe(403);
  });
});

describe('deleting clients (admins only)', () => {
  it('deletes a client without deals: gone from the list, the search and the count; the e-mail is free again', async () => {
    const surname = uniqueWord('Gone');
    const email = uniqueEmail();
    const client = await addClient({ fullName: `Del ${surname}`, email });
    const before = (await search({ q: surname })).body;

    const broker = await remove(client.id, 'broker');
    const deleted = await remove(client.id);
    const after = (await search({ q: surname })).body;

    expect(broker.status).toBe(403);
    expect(deleted).toMatchObject({ status: 200, body: { id: client.id } });
    expect(before.clients).toHaveLength(1);
    expect(after.clients).toEqual([]);
    expect((await apiFetch(`/clients/${client.id}`, { token: as('admin') })).status).toBe(404);
    expect((await remove(client.id)).status).toBe(404);
    await addClient({ fullName: 'Reuses Email', email });
  });

  it('refuses to delete a client who still has deals (409), and allows it once they are gone', async () => {
    const client = await addClient({ fullName: 'Has Deals', email: uniqueEmail() });
    const deal = await addDeal(client, 'closed', 2);

    const refused = await remove(client.id);
    await data().deals.delete(deal);
    const allowed = await remove(client.id);

    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).message).toBe(CLIENT_HAS_DEALS_MESSAGE);
    expect(await data().clients.get(client.id)).toBeNull();
    expect(allowed.status).toBe(200);
  });
});

describe('past purchases', () => {
  it('splits the deals into active (not closed or finalized) and archived (closed or finalized), newest first', async () => {
    const client = await addClient({ fullName: 'Past Buyer', email: uniqueEmail() });
    const deals = new Map<DealStatus, string>();
    for (const [n, status] of (
      ['available', 'pending', 'active', 'finalized', 'closed', 'expired', 'not_sold'] as const
    ).entries()) {
      deals.set(status, (await addDeal(client, status, n + 1)).id);
    }

    const response = await apiFetch<ClientDealsResponse>(`/clients/${client.id}/deals`, { token: as('broker') });
    const missing = await apiFetch(`/clients/01NOSUCHCLIENT/deals`, { token: as('broker') });

    expect(response.body.activeDeals.map((deal) => deal.status)).toEqual([
      'not_sold',
      'expired',
      'active',
      'pending',
      'available',
    ]);
    expect(response.body.archivedDeals.map((deal) => deal.id)).toEqual([deals.get('closed'), deals.get('finalized')]);
    expect(response.body.archivedDeals[0]).toMatchObject({
      dealClosedAt: '2026-01-20T10:00:00.000Z',
      make: 'Mazda',
      model: 'CX-5',
    });
    expectResponseKeys(response.body, {
      activeDeals: [
        {
          id: true,
          year: true,
          make: true,
          model: true,
          status: true,
          monthlyPayment: true,
          dealClosedAt: true,
          createdAt: true,
        },
      ],
      archivedDeals: [
        {
          id: true,
          year: true,
          make: true,
          model: true,
          status: true,
          monthlyPayment: true,
          dealClosedAt: true,
          createdAt: true,
        },
      ],
    });
    expect(missing.status).toBe(404);
  });
});
