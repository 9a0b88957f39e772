/**
 * The keys each caller gets from each read route (test/support/response-keys.ts), through the local API with the
 * seeded data. Every later read route adds its block here or in its own API test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/auth/roles';
import { loadPrincipals, type Caller, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys, optional, responseKeyProblems, type KeySpec } from '@test/support/response-keys';
import { apiFetch } from '@test/support/stack';
import { CALLERS } from './authorization-matrix';

let principals: Principals;

beforeAll(async () => {
  principals = await loadPrincipals();
});

const SIGNED_IN = CALLERS.filter((caller): caller is SignedInCaller => caller !== 'anonymous');

async function read(path: string, caller: Caller) {
  const response = await apiFetch(path, { token: principals.tokenOf(caller) });
  expect(response.status, `${path} as ${caller}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

describe('GET /me: keys per role', () => {
  /** Everyone sees their identity; `broker` is an object only for brokers (null otherwise). */
  const meKeys = (role: Role): KeySpec => ({
    userId: true,
    email: true,
    role: true,
    fullName: true,
    dealershipId: true,
    broker: role === 'broker' ? { isApproved: true, isLicensed: true } : true,
  });

  it.each(SIGNED_IN.map((caller) => [caller] as const))('as %s', async (caller) => {
    const body = await read('/me', caller);

    expectResponseKeys(body, meKeys(principals.of[caller].role), `GET /me as ${caller}`);
    if (principals.of[caller].role !== 'broker') expect((body as { broker: unknown }).broker).toBeNull();
  });
});

describe('GET /dashboard: keys per role', () => {
  // Every role gets cards of the same three keys; which cards a role gets is dashboard.int.test.ts's concern.
  // Admins and brokers also get My day (their open tasks in three blocks, in their time zone).
  const task: KeySpec = {
    id: true,
    title: true,
    notes: true,
    dueDate: true,
    dueTime: true,
    timeZone: true,
    dueAt: true,
    assigneeId: true,
    assigneeName: true,
    status: true,
    source: true,
    link: { kind: true, id: true, path: true },
    createdAt: true,
    closedAt: true,
    revision: true,
  };
  const dashboardKeys: KeySpec = {
    cards: [{ id: true, value: true, unit: true }],
    myDay: optional({ timeZone: true, overdue: [task], today: [task], upcoming: [task] }),
  };

  // A broker pending approval is refused (authorization matrix); every other signed-in caller reads cards.
  const readers = SIGNED_IN.filter((caller) => caller !== 'pendingBroker');

  it.each(readers.map((caller) => [caller] as const))('as %s', async (caller) => {
    expectResponseKeys(await read('/dashboard', caller), dashboardKeys, `GET /dashboard as ${caller}`);
  });

  it('as pendingBroker: the error shape only, no figures', async () => {
    const response = await apiFetch('/dashboard', { token: principals.tokenOf('pendingBroker') });
    expect(response.status).toBe(403);
    expectResponseKeys(response.body, { error: { code: true, message: true } }, 'GET /dashboard as pendingBroker');
  });
});

describe('GET /marketplace/trending: keys per role', () => {
  // Public: the same result fields for every caller, signed in or not, and nothing about the dealer or broker.
  const trendingKeys: KeySpec = {
    vehicles: [
      {
        vehicleId: true,
        year: true,
        make: true,
        model: true,
        vehicleTrim: true,
        imageUrl: true,
        msrp: true,
        monthlyPayment: true,
        termMonths: true,
        downPayment: true,
        expirationDate: true,
        views: true,
      },
    ],
  };

  it.each(CALLERS.map((caller) => [caller] as const))('as %s', async (caller) => {
    const body = await read('/marketplace/trending', caller);

    expect((body as { vehicles: unknown[] }).vehicles.length, 'the seed ranks trending vehicles').toBeGreaterThan(0);
    expectResponseKeys(body, trendingKeys, `GET /marketplace/trending as ${caller}`);
  });
});

describe('the dealership routes: keys per role', () => {
  // Admins and brokers (view only) read the same fields: the table's columns, the dialog's fields and the two
  // figures; a dealer reads their own dealership the same way. Nobody gets dealer logins but admins.
  const dealershipKeys: KeySpec = {
    id: true,
    name: true,
    location: true,
    contactName: true,
    contactEmail: true,
    contactPhone: true,
    website: true,
    responseTimeHours: true,
    successRate: true,
    notes: true,
    createdAt: true,
    liveVehicles: true,
    unitsSold6Months: true,
  };
  const listKeys: KeySpec = {
    dealerships: [dealershipKeys],
    nextCursor: true,
    stats: { dealerships: true, liveVehicles: true, unitsSold6Months: true },
  };

  it.each((['admin', 'broker', 'otherBroker'] as const).map((caller) => [caller] as const))(
    'GET /dealerships as %s',
    async (caller) => {
      const body = await read('/dealerships', caller);

      expect((body as { dealerships: unknown[] }).dealerships.length, 'the seed has dealerships').toBeGreaterThan(0);
      expectResponseKeys(body, listKeys, `GET /dealerships as ${caller}`);
    },
  );

  it.each((['admin', 'broker', 'dealer'] as const).map((caller) => [caller] as const))(
    'GET /dealerships/{id} as %s',
    async (caller) => {
      const path = `/dealerships/${principals.records.dealership}`;
      expectResponseKeys(await read(path, caller), dealershipKeys, `GET ${path} as ${caller}`);
    },
  );

  it('GET /dealerships/{id}/dealers as admin', async () => {
    const body = await read(`/dealerships/${principals.records.otherDealership}/dealers`, 'admin');

    expect((body as { dealers: unknown[] }).dealers.length).toBeGreaterThan(0);
    expectResponseKeys(
      body,
      { dealers: [{ userId: true, dealershipId: true, name: true, email: true, licenseNumber: true, createdAt: true }] },
      'GET /dealerships/{id}/dealers as admin',
    );
  });
});

describe('marketplace vehicles: keys per role', () => {
  // The same card fields for every staff role: a marketplace vehicle is a deal, and none of a client deal's fields
  // (client, lead source, fees, trade-in, credit application) is ever part of it.
  const vehicleKeys = {
    id: true,
    stockNumber: true,
    year: true,
    make: true,
    model: true,
    trim: true,
    vin: true,
    imageUrl: true,
    msrp: true,
    totalDueAtSigning: true,
    downPayment: true,
    monthlyPayment: true,
    termMonths: true,
    mileageAllowance: true,
    apr: true,
    availableStock: true,
    expirationDate: true,
    incentives: [true],
    notes: true,
    isArchived: true,
    dealershipId: true,
    brokerId: true,
    createdAt: true,
    viewCount: true,
    pendingDealCount: true,
    canEdit: true,
  } as const satisfies KeySpec;
  const listKeys: KeySpec = {
    items: [vehicleKeys],
    nextCursor: true,
    counts: { active: true, archived: true },
    makes: [{ make: true, count: true }],
    matches: [{ make: true, count: true }],
  };
  const detailKeys: KeySpec = { ...vehicleKeys, dealership: { id: true, name: true, location: true } };
  const STAFF = SIGNED_IN.filter((caller) => caller !== 'consumer' && caller !== 'otherConsumer');

  it.each(STAFF.map((caller) => [caller] as const))('GET /marketplace/vehicles as %s', async (caller) => {
    // With a search, so that `matches` (null without one) is checked too.
    const body = (await read('/marketplace/vehicles?make=Principal&q=principal', caller)) as { items: unknown[] };

    expect(body.items.length, 'the principals own vehicles of make Principal').toBeGreaterThan(0);
    expectResponseKeys(body, listKeys, `GET /marketplace/vehicles as ${caller}`);
  });

  it.each(STAFF.map((caller) => [caller] as const))('GET /marketplace/vehicles/{id} as %s', async (caller) => {
    const id = caller === 'otherDealer' ? principals.records.otherDealerVehicle : principals.records.dealerVehicle;

    expectResponseKeys(
      await read(`/marketplace/vehicles/${id}`, caller),
      detailKeys,
      `GET /marketplace/vehicles/{id} as ${caller}`,
    );
  });
});

describe('the response-keys helper', () => {
  const spec: KeySpec = { id: true, owner: { name: true }, items: [{ sku: true }], note: optional(true) };

  it('accepts exactly the allowed keys, nulls for objects, empty arrays and an absent optional key', () => {
    expect(responseKeyProblems({ id: 1, owner: null, items: [], note: 'x' }, spec)).toEqual([]);
    expect(responseKeyProblems({ id: 1, owner: { name: 'a' }, items: [{ sku: 's' }] }, spec)).toEqual([]);
  });

  it('lists every unexpected key, missing key and wrong kind by its path', () => {
    const problems = responseKeyProblems(
      { owner: { name: 'a', fee: 3 }, items: [{ sku: 's' }, { sku: 't', cost: 1 }], id: { leaked: true }, extra: 1 },
      spec,
    );

    expect(problems).toEqual([
      '$.extra: unexpected key',
      '$.id: expected a scalar or null, got object',
      '$.owner.fee: unexpected key',
      '$.items[1].cost: unexpected key',
    ]);
    expect(responseKeyProblems({ owner: null, items: {} }, spec)).toEqual([
      '$.id: missing key',
      '$.items: expected an array, got object',
    ]);
  });
});
