/**
 * The dealership routes through the local API (shared/api/routes.ts, feature `dealerships`): every rule and message
 * of the dealership form (shared/dealerships/schemas.ts), who may do what (admins manage, brokers view, dealers and
 * consumers are refused), the figures kept on write, the delete rule (docs/decisions.md) and dealer logins end to end.
 */
import { InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import type { MeResponse } from '@shared/auth/api';
import {
  DEALER_EMAIL_TAKEN_MESSAGE,
  DEALERSHIP_IN_USE_MESSAGE,
  type DealerUserListResponse,
  type DealerUserView,
  type DealershipListResponse,
  type DealershipView,
} from '@shared/dealerships/api';
import { DEALERSHIP_MESSAGES, DEALERSHIP_REQUIRED_MESSAGE } from '@shared/dealerships/schemas';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, cognito, getStack, signIn, uniqueEmail, waitForMail } from '@test/support/stack';

let principals: Principals;
const data = () => createData();

beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: Parameters<Principals['tokenOf']>[0]) => principals.tokenOf(caller);
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

async function addDealership(body: Record<string, unknown>) {
  const response = await apiFetch<DealershipView>('/dealerships', { token: as('admin'), body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const errorOf = (body: unknown) => (body as { error: { message: string; fields?: Record<string, string> } }).error;

const vehicle = (overrides: Partial<DealFields>): DealFields => ({
  brokerId: 'dealerships-test-broker',
  year: 2026,
  make: 'Audi',
  model: 'Q5',
  dealType: 'lease',
  status: 'available',
  monthlyPayment: 599,
  downPayment: 1999,
  termMonths: 36,
  isArchived: false,
  creditAppFormType: 'generic',
  ...overrides,
});

describe('adding and editing dealerships (admins)', () => {
  it('adds a dealership with every field; blank optional fields come back null', async () => {
    const name = unique('Harbor Audi');

    const created = await addDealership({
      name: `  ${name}  `,
      location: 'San Diego, CA',
      contactName: 'Dana Lee',
      contactEmail: 'DANA@HARBORAUDI.COM',
      contactPhone: '',
      website: 'https://harboraudi.example.com',
      responseTimeHours: 2.5,
      successRate: 87.25,
      notes: '   ',
    });

    expect(created).toMatchObject({
      name,
      location: 'San Diego, CA',
      contactName: 'Dana Lee',
      contactEmail: 'dana@harboraudi.com',
      contactPhone: null,
      website: 'https://harboraudi.example.com',
      responseTimeHours: 2.5,
      successRate: 87.25,
      notes: null,
      liveVehicles: 0,
      unitsSold6Months: 0,
    });
    const read = await apiFetch<DealershipView>(`/dealerships/${created.id}`, { token: as('broker') });
    expect(read).toMatchObject({ status: 200, body: created });
  });

  it.each([
    ['no name', { location: 'Austin, TX' }, DEALERSHIP_REQUIRED_MESSAGE],
    ['a blank location', { name: 'Blank Motors', location: '   ' }, DEALERSHIP_REQUIRED_MESSAGE],
    ['a name over 100 characters', { name: 'N'.repeat(101), location: 'Austin, TX' }, DEALERSHIP_MESSAGES.nameTooLong],
    ['a location over 200 characters', { name: 'Long Motors', location: 'L'.repeat(201) }, DEALERSHIP_MESSAGES.locationTooLong],
    [
      'a contact name over 100',
      { name: 'C Motors', location: 'Austin', contactName: 'C'.repeat(101) },
      DEALERSHIP_MESSAGES.contactNameTooLong,
    ],
    ['a website that is not a URL', { name: 'W Motors', location: 'Austin', website: 'not a url' }, DEALERSHIP_MESSAGES.website],
    ['a success rate over 100', { name: 'S Motors', location: 'Austin', successRate: 100.01 }, DEALERSHIP_MESSAGES.successRate],
    [
      'a success rate with 3 decimals',
      { name: 'S Motors', location: 'Austin', successRate: 50.125 },
      DEALERSHIP_MESSAGES.successRate,
    ],
    [
      'a response time with 2 decimals',
      { name: 'R Motors', location: 'Austin', responseTimeHours: 1.25 },
      DEALERSHIP_MESSAGES.responseTime,
    ],
    [
      'a negative response time',
      { name: 'R Motors', location: 'Austin', responseTimeHours: -1 },
      DEALERSHIP_MESSAGES.responseTime,
    ],
    ['an invalid e-mail', { name: 'E Motors', location: 'Austin', contactEmail: 'dana@' }, 'Invalid email address'],
  ])('refuses %s with the required message', async (_case, body, message) => {
    const response = await apiFetch('/dealerships', { token: as('admin'), body });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(message);
  });

  it('completes a website typed without https:// on add and on edit, as the form does', async () => {
    const created = await addDealership({
      name: unique('Scheme Motors'),
      location: 'Reno, NV',
      website: 'schememotors.example.com',
    });
    const edited = await apiFetch<DealershipView>(`/dealerships/${created.id}`, {
      token: as('admin'),
      method: 'PATCH',
      body: { website: ' www.schememotors.example.com/used ' },
    });

    expect(created.website).toBe('https://schememotors.example.com');
    expect(edited).toMatchObject({ status: 200, body: { website: 'https://www.schememotors.example.com/used' } });
  });

  it('edits the given fields, clears a blanked one and refuses a blank name', async () => {
    const created = await addDealership({ name: unique('Edit Motors'), location: 'Denver, CO', contactPhone: '+13035550100' });

    const edited = await apiFetch<DealershipView>(`/dealerships/${created.id}`, {
      token: as('admin'),
      method: 'PATCH',
      body: { contactName: 'Sam Ortiz', contactPhone: '', successRate: 100 },
    });
    const blankName = await apiFetch(`/dealerships/${created.id}`, { token: as('admin'), method: 'PATCH', body: { name: ' ' } });
    const missing = await apiFetch('/dealerships/01NOSUCHDEALERSHIP', { token: as('admin'), method: 'PATCH', body: {} });

    expect(edited).toMatchObject({
      status: 200,
      body: { id: created.id, name: created.name, contactName: 'Sam Ortiz', contactPhone: null, successRate: 100 },
    });
    expect(blankName.status).toBe(400);
    expect(errorOf(blankName.body).message).toBe(DEALERSHIP_REQUIRED_MESSAGE);
    expect(missing.status).toBe(404);
  });
});

describe('the quick add of the deal and marketplace forms', () => {
  it('lets an approved broker add name, location and contact name, and nothing else', async () => {
    const name = unique('Quick Kia');

    const response = await apiFetch<DealershipView>('/dealerships', {
      token: as('broker'),
      body: { name, location: 'Tampa, FL', contactName: 'Ann Quick', notes: 'ignored', successRate: 99 },
    });

    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name,
      location: 'Tampa, FL',
      contactName: 'Ann Quick',
      notes: null,
      successRate: null,
    });
  });

  it('answers a missing location with the missing-information message, and refuses brokers who may not create deals', async () => {
    const missing = await apiFetch('/dealerships', { token: as('broker'), body: { name: 'No Place Motors' } });
    const pending = await apiFetch('/dealerships', { token: as('pendingBroker'), body: { name: 'P', location: 'Q' } });
    const unlicensed = await apiFetch('/dealerships', {
      token: as('unlicensedBroker'),
      body: { name: 'P', location: 'Q' },
    });

    expect(missing.status).toBe(400);
    expect(errorOf(missing.body).message).toBe(DEALERSHIP_REQUIRED_MESSAGE);
    expect(pending.status).toBe(403);
    expect(unlicensed.status).toBe(403);
  });
});

describe('who may read and change dealerships', () => {
  it('lets brokers read but not edit or delete', async () => {
    const { id } = await addDealership({ name: unique('View Only Motors'), location: 'Boise, ID' });

    const list = await apiFetch('/dealerships', { token: as('broker') });
    const edit = await apiFetch(`/dealerships/${id}`, { token: as('broker'), method: 'PATCH', body: { name: 'Renamed' } });
    const remove = await apiFetch(`/dealerships/${id}`, { token: as('broker'), method: 'DELETE' });

    expect(list.status).toBe(200);
    expect([edit.status, remove.status]).toEqual([403, 403]);
    expect((await apiFetch<DealershipView>(`/dealerships/${id}`, { token: as('admin') })).body.name).not.toBe('Renamed');
  });

  it('refuses dealers and consumers the list, and anonymous callers everything', async () => {
    for (const caller of ['dealer', 'consumer'] as const) {
      expect((await apiFetch('/dealerships', { token: as(caller) })).status).toBe(403);
    }
    expect((await apiFetch('/dealerships')).status).toBe(401);
    expect((await apiFetch(`/dealerships/${principals.records.dealership}`)).status).toBe(401);
  });

  it("lets a dealer read their own dealership and answers 404 for another's", async () => {
    const own = await apiFetch<DealershipView>(`/dealerships/${principals.records.dealership}`, { token: as('dealer') });
    const other = await apiFetch(`/dealerships/${principals.records.otherDealership}`, { token: as('dealer') });

    expect(own.status).toBe(200);
    expect(own.body.id).toBe(principals.records.dealership);
    expect(other.status).toBe(404);
  });
});

describe('the list: search, pages and figures', () => {
  it('finds a dealership by name, location or contact name, case-insensitively', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const created = await addDealership({
      name: `Zephyr ${tag} Motors`,
      location: `Ogden ${tag}ville, UT`,
      contactName: `Quinn ${tag}son`,
    });

    for (const search of [`ZEPHYR ${tag}`, `${tag}ville`, `quinn ${tag}`]) {
      const page = await apiFetch<DealershipListResponse>(`/dealerships?search=${encodeURIComponent(search)}`, {
        token: as('admin'),
      });
      expect(
        page.body.dealerships.map((dealership) => dealership.id),
        search,
      ).toContain(created.id);
    }
    const none = await apiFetch<DealershipListResponse>(`/dealerships?search=${tag}-nothing-matches`, { token: as('admin') });
    expect(none.body.dealerships).toEqual([]);
  });

  it('pages by cursor in name order without repeating or skipping a dealership', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2';
      const page: { body: DealershipListResponse } = await apiFetch<DealershipListResponse>(`/dealerships${query}`, {
        token: as('admin'),
      });
      expect(page.body.dealerships.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.dealerships.map((dealership) => dealership.name.toLowerCase()));
      cursor = page.body.nextCursor;
    } while (cursor);

    const all = await apiFetch<DealershipListResponse>('/dealerships?limit=100', { token: as('admin') });
    expect(seen).toEqual([...seen].sort((a, b) => a.localeCompare(b, 'en')));
    expect(seen.length).toBe(all.body.stats.dealerships);
    expect((await apiFetch('/dealerships?cursor=not-a-cursor', { token: as('admin') })).status).toBe(400);
  });

  it('counts live vehicles and units sold in the last 6 months on write, per dealership and in the stats', async () => {
    const { id } = await addDealership({ name: unique('Figures Motors'), location: 'Fresno, CA' });
    const before = (await apiFetch<DealershipListResponse>('/dealerships?limit=1', { token: as('admin') })).body.stats;
    const now = new Date();
    const monthsAgo = (months: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 15)).toISOString();

    await data().deals.create(vehicle({ dealershipId: id }), now);
    await data().deals.create(vehicle({ dealershipId: id, status: 'pending' }), now);
    await data().deals.create(vehicle({ dealershipId: id, status: 'closed', dealClosedAt: now.toISOString() }), now);
    await data().deals.create(vehicle({ dealershipId: id, status: 'closed', dealClosedAt: monthsAgo(5) }), now);
    await data().deals.create(vehicle({ dealershipId: id, status: 'closed', dealClosedAt: monthsAgo(6) }), now);

    const one = await apiFetch<DealershipView>(`/dealerships/${id}`, { token: as('broker') });
    const after = (await apiFetch<DealershipListResponse>('/dealerships?limit=1', { token: as('admin') })).body.stats;
    expect(one.body).toMatchObject({ liveVehicles: 1, unitsSold6Months: 2 });
    expect(after.liveVehicles - before.liveVehicles).toBe(1);
    expect(after.unitsSold6Months - before.unitsSold6Months).toBe(2);
  });
});

describe('deleting a dealership', () => {
  it('deletes an unused dealership and takes it out of the count', async () => {
    const { id } = await addDealership({ name: unique('Gone Motors'), location: 'Tulsa, OK' });
    const before = (await apiFetch<DealershipListResponse>('/dealerships?limit=1', { token: as('admin') })).body.stats;

    const removed = await apiFetch(`/dealerships/${id}`, { token: as('admin'), method: 'DELETE' });

    expect(removed).toMatchObject({ status: 200, body: { id } });
    expect((await apiFetch(`/dealerships/${id}`, { token: as('admin') })).status).toBe(404);
    const after = (await apiFetch<DealershipListResponse>('/dealerships?limit=1', { token: as('admin') })).body.stats;
    expect(after.dealerships).toBe(before.dealerships - 1);
    expect((await apiFetch(`/dealerships/${id}`, { token: as('admin'), method: 'DELETE' })).status).toBe(404);
  });

  it('refuses with 409 while a deal, even an expired one, still names the dealership', async () => {
    const { id } = await addDealership({ name: unique('Busy Motors'), location: 'Omaha, NE' });
    await data().deals.create(vehicle({ dealershipId: id, status: 'expired', isArchived: true }), new Date());

    const response = await apiFetch(`/dealerships/${id}`, { token: as('admin'), method: 'DELETE' });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(DEALERSHIP_IN_USE_MESSAGE);
    expect((await apiFetch(`/dealerships/${id}`, { token: as('admin') })).status).toBe(200);
  });

  it('refuses with 409 while a dealer login belongs to it', async () => {
    const response = await apiFetch(`/dealerships/${principals.records.otherDealership}`, {
      token: as('admin'),
      method: 'DELETE',
    });

    expect(response.status).toBe(409);
    expect(errorOf(response.body).message).toBe(DEALERSHIP_IN_USE_MESSAGE);
  });
});

describe('dealer logins', () => {
  it.each([
    ['no name', { email: 'x@example.com' }, DEALERSHIP_MESSAGES.dealerContactNameRequired],
    ['a name over 100 characters', { name: 'D'.repeat(101), email: 'x@example.com' }, DEALERSHIP_MESSAGES.contactNameTooLong],
    [
      'a licence number over 50',
      { name: 'Dee', email: 'x@example.com', licenseNumber: 'L'.repeat(51) },
      DEALERSHIP_MESSAGES.licenseNumberTooLong,
    ],
    ['an invalid e-mail', { name: 'Dee', email: 'nope' }, 'Invalid email address'],
  ])('refuses %s with the required message', async (_case, body, message) => {
    const response = await apiFetch(`/dealerships/${principals.records.otherDealership}/dealers`, { token: as('admin'), body });

    expect(response.status).toBe(400);
    expect(errorOf(response.body).message).toBe(message);
  });

  it('creates a dealer who signs in with the e-mailed temporary password, sets a new one and sees their dealership', async () => {
    const dealershipName = unique('Login Motors');
    const { id } = await addDealership({ name: dealershipName, location: 'Provo, UT' });
    const email = uniqueEmail('dealer', 'example.com');

    const added = await apiFetch<DealerUserView>(`/dealerships/${id}/dealers`, {
      token: as('admin'),
      body: { name: 'Dale Dealer', email, licenseNumber: 'DL-1234' },
    });
    expect(added).toMatchObject({
      status: 201,
      body: { dealershipId: id, name: 'Dale Dealer', email, licenseNumber: 'DL-1234' },
    });
    const listed = await apiFetch<DealerUserListResponse>(`/dealerships/${id}/dealers`, { token: as('admin') });
    expect(listed.body.dealers.map((dealer) => dealer.userId)).toEqual([added.body.userId]);

    const mail = await waitForMail(email, (message) => /temporary password/i.test(message.body.html ?? ''));
    // The invitation names the product, the dealership and the sign-in link (functions/auth/custom-message.ts).
    expect(mail.subject).toBe('Your LeaseDesk dealer login');
    expect(mail.body.html).toContain(`your LeaseDesk dealer login for ${dealershipName}`);
    expect(mail.body.html).toMatch(/href="http[^"]+\/auth"/);
    expect(mail.body.html).toContain('You must change this password the first time you sign in.');
    const temporary = /temporary password is <strong>([^<]+)<\/strong>/.exec(mail.body.html ?? '')?.[1];
    expect(temporary).toBeDefined();
    const { ClientId, ...start } = { ClientId: getStack().userPoolClientId, AuthFlow: 'USER_PASSWORD_AUTH' as const };
    const challenge = await cognito().send(
      new InitiateAuthCommand({ ...start, ClientId, AuthParameters: { USERNAME: email, PASSWORD: temporary! } }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    await cognito().send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Dealer-Password-2026!' },
      }),
    );
    const { idToken } = await signIn(email, 'Dealer-Password-2026!');
    const me = await apiFetch<MeResponse>('/me', { token: idToken });
    expect(me.body).toMatchObject({ role: 'dealer', dealershipId: id, fullName: 'Dale Dealer' });
    expect((await apiFetch(`/dealerships/${id}`, { token: idToken })).status).toBe(200);

    const again = await apiFetch(`/dealerships/${id}/dealers`, { token: as('admin'), body: { name: 'Dale Again', email } });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(DEALER_EMAIL_TAKEN_MESSAGE);

    // Removing the login ends access at the next request, with the token the dealer still holds.
    const removed = await apiFetch(`/dealerships/${id}/dealers/${added.body.userId}`, { token: as('admin'), method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await apiFetch(`/dealerships/${id}`, { token: idToken })).status).toBe(404);
    await expect(signIn(email, 'Dealer-Password-2026!')).rejects.toThrow();
    expect((await apiFetch<DealerUserListResponse>(`/dealerships/${id}/dealers`, { token: as('admin') })).body.dealers).toEqual(
      [],
    );
    expect((await apiFetch(`/dealerships/${id}`, { token: as('admin'), method: 'DELETE' })).status).toBe(200);
  });

  it('answers 404 for a dealer login of another dealership, and keeps it', async () => {
    const response = await apiFetch(`/dealerships/${principals.records.dealership}/dealers/${principals.of.otherDealer.userId}`, {
      token: as('admin'),
      method: 'DELETE',
    });

    expect(response.status).toBe(404);
    expect((await apiFetch(`/dealerships/${principals.records.otherDealership}`, { token: as('otherDealer') })).status).toBe(200);
  });
});
