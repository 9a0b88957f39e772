/**
 * Inventory is inventory (shared/marketplace/inventory.ts; docs/decisions.md, "Marketplace") through the local API: the
 * marketplace holds listings only, a client deal created from a listing counts on it as a pending deal, closing it
 * takes a unit of the listing's stock (at 0 the listing leaves the active tab) and reopening gives it back, and
 * parallel closes never take more units than there are nor lose one.
 *
 * Each test adds vehicles of its own make, so that its counts do not depend on other tests running alongside.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealView } from '@shared/deals/api';
import type { MarketplaceListResponse, MarketplaceVehicleDetail, MarketplaceVehicleView } from '@shared/marketplace/api';
import { VEHICLE_SOLD_OUT_MESSAGE } from '@shared/marketplace/inventory';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
const uniqueMake = () => `Inv${unique()}`;
const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const inSixtyDays = () => new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

const TERMS = {
  year: 2026,
  model: 'Crosstrek',
  monthlyPayment: 359,
  downPayment: 1999,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 3.5,
};

async function fixtures() {
  const now = new Date();
  const data = createData();
  const { dealership } = await data.dealerships.create({ name: `Dealer ${unique()}`, location: 'Denver, CO' }, now);
  const { client } = await data.clients.create(
    { fullName: `Client ${unique().replace(/\d/g, 'x')}`, email: `c-${unique()}@example.com`, profileId: 'test' },
    now,
  );
  return { dealershipId: dealership.id, clientId: client.id };
}

async function addVehicle(make: string, availableStock = 1): Promise<MarketplaceVehicleView> {
  const response = await apiFetch<MarketplaceVehicleView & ApiErrorBody>('/marketplace/vehicles', {
    token: as('broker'),
    body: { stockNumber: `I-${unique()}`, make, availableStock, expirationDate: inSixtyDays(), ...TERMS },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function createDeal(body: object): Promise<DealView> {
  const response = await apiFetch<DealView & ApiErrorBody>('/deals', { token: as('broker'), body: { ...TERMS, ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** The admin's edit form saved with a new status (closed is the admins'). */
function setStatus(deal: DealView, status: string) {
  return apiFetch<DealView & ApiErrorBody>(`/deals/${deal.id}`, {
    token: as('admin'),
    method: 'PATCH',
    body: { ...deal, status },
  });
}

async function setStatusOk(deal: DealView, status: string): Promise<DealView> {
  const response = await setStatus(deal, status);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function vehicleOf(id: string): Promise<MarketplaceVehicleDetail> {
  const response = await apiFetch<MarketplaceVehicleDetail>(`/marketplace/vehicles/${id}`, { token: as('admin') });
  expect(response.status).toBe(200);
  return response.body;
}

async function marketplace(query: Record<string, string>) {
  const response = await apiFetch<MarketplaceListResponse>(`/marketplace/vehicles?${new URLSearchParams(query)}`, {
    token: as('broker'),
  });
  expect(response.status).toBe(200);
  return response.body;
}

const makeCount = (list: MarketplaceListResponse, make: string) => list.makes.find((entry) => entry.make === make)?.count ?? 0;

describe('the marketplace holds listings only', () => {
  it('leaves a client deal out of GET /marketplace (cards, make counts, search, its page) and lists a deal added to it', async () => {
    const make = uniqueMake();
    const { dealershipId, clientId } = await fixtures();

    const clientDeal = await createDeal({ make, clientId, dealershipId, status: 'active' });
    const closed = await setStatusOk(clientDeal, 'closed');

    const list = await marketplace({ make });
    expect(list.items).toEqual([]);
    expect(makeCount(list, make)).toBe(0);
    expect((await marketplace({ q: make })).items).toEqual([]);
    const page = await apiFetch(`/marketplace/vehicles/${closed.id}`, { token: as('admin') });
    expect(page.status).toBe(404);

    const listed = await createDeal({ make, clientId, dealershipId, addToMarketplace: true });
    const after = await marketplace({ make });
    expect(after.items.map((item) => item.id)).toEqual([listed.id]);
    expect(makeCount(after, make)).toBe(1);
  });

  it('refuses a client deal as the vehicle a deal is created from', async () => {
    const { dealershipId, clientId } = await fixtures();
    const clientDeal = await createDeal({ make: uniqueMake(), clientId, dealershipId });

    const response = await apiFetch<ApiErrorBody>('/deals', {
      token: as('broker'),
      body: { ...TERMS, make: 'Any', clientId, dealershipId, sourceVehicleId: clientDeal.id },
    });

    expect(response.status).toBe(400);
  });
});

describe("a client deal from a listing moves the listing's pending deals and stock", () => {
  it('counts open deals as pending, takes a unit on close ("Last One!" at 1, out of the active tab at 0) and gives it back on reopen', async () => {
    const make = uniqueMake();
    const { dealershipId, clientId } = await fixtures();
    const vehicle = await addVehicle(make, 2);

    const first = await createDeal({ make, clientId, dealershipId, sourceVehicleId: vehicle.id });
    const second = await createDeal({ make, clientId, dealershipId, sourceVehicleId: vehicle.id, status: 'pending' });
    expect(await vehicleOf(vehicle.id)).toMatchObject({ pendingDealCount: 2, availableStock: 2 });

    const firstClosed = await setStatusOk(first, 'closed');
    expect(await vehicleOf(vehicle.id)).toMatchObject({ pendingDealCount: 1, availableStock: 1 });
    expect((await marketplace({ make })).items.map((item) => [item.id, item.availableStock])).toEqual([[vehicle.id, 1]]);

    const secondClosed = await setStatusOk(second, 'closed');
    expect(await vehicleOf(vehicle.id)).toMatchObject({ pendingDealCount: 0, availableStock: 0 });
    const soldOut = await marketplace({ make });
    expect(soldOut.items).toEqual([]);
    expect(makeCount(soldOut, make)).toBe(0);

    await setStatusOk(secondClosed, 'active');
    expect(await vehicleOf(vehicle.id)).toMatchObject({ pendingDealCount: 1, availableStock: 1 });
    expect((await marketplace({ make })).items.map((item) => item.id)).toEqual([vehicle.id]);

    expect((await apiFetch(`/deals/${firstClosed.id}`, { token: as('admin'), method: 'DELETE' })).status).toBe(200);
    expect(await vehicleOf(vehicle.id)).toMatchObject({ pendingDealCount: 1, availableStock: 2 });
  });

  it('lets parallel closes take exactly the units there are: the rest are refused with 409, none lost', async () => {
    const make = uniqueMake();
    const { dealershipId, clientId } = await fixtures();
    const vehicle = await addVehicle(make, 3);
    const deals = await Promise.all(
      Array.from({ length: 5 }, () =>
        createDeal({ make, clientId, dealershipId, sourceVehicleId: vehicle.id, status: 'active' }),
      ),
    );

    const closes = await Promise.all(deals.map((deal) => setStatus(deal, 'closed')));

    const closed = closes.filter((response) => response.status === 200).map((response) => response.body);
    const refused = closes.filter((response) => response.status !== 200);
    expect(closed).toHaveLength(3);
    expect(refused.map((response) => [response.status, response.body.error.message])).toEqual([
      [409, VEHICLE_SOLD_OUT_MESSAGE],
      [409, VEHICLE_SOLD_OUT_MESSAGE],
    ]);
    expect(await vehicleOf(vehicle.id)).toMatchObject({ availableStock: 0, pendingDealCount: 2 });

    const reopens = await Promise.all(closed.map((deal) => setStatus(deal, 'active')));

    expect(reopens.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(await vehicleOf(vehicle.id)).toMatchObject({ availableStock: 3, pendingDealCount: 5 });
  });
});
