/**
 * The marketplace vehicle routes through the local API (docs/api.md, "Marketplace vehicles"): every rule and message of
 * the add form, stock-number uniqueness under concurrency, who sees and changes which vehicle, mass assignment,
 * the list's counts, search and paging, views, pending deals and the image upload policy.
 *
 * Each test adds vehicles of its own make, so that its counts do not depend on other tests running alongside.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import {
  ARCHIVED_ADMIN_ONLY_MESSAGE,
  DEALERSHIP_LOCKED_MESSAGE,
  EDIT_NOT_ALLOWED_MESSAGE,
  IMAGE_UPLOAD_EXPIRED_MESSAGE,
  INVALID_CURSOR_MESSAGE,
  STOCK_NUMBER_TAKEN_MESSAGE,
  type CreateMarketplaceVehicleRequest,
  type MarketplaceListResponse,
  type MarketplaceVehicleDetail,
  type MarketplaceVehicleView,
  type RecordViewResponse,
  type StockNumberAvailability,
  type VehicleImageUploadResponse,
} from '@shared/marketplace/api';
import { MAX_IMAGE_BYTES } from '@shared/constants';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC date `days` from now (dates are judged at the request's time). */
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
/** A make no other test uses (letters first: makes are letters, digits, spaces and hyphens). */
const uniqueMake = () => `Mk${unique()}`;

function vehicle(overrides: Partial<CreateMarketplaceVehicleRequest> = {}): CreateMarketplaceVehicleRequest {
  return {
    stockNumber: `T-${unique()}`,
    year: 2026,
    make: 'Toyota',
    model: 'RAV4',
    monthlyPayment: 399.5,
    termMonths: 36,
    expirationDate: daysFromNow(60),
    ...overrides,
  };
}

const as = (caller: SignedInCaller) => principals.tokenOf(caller);

async function add(caller: SignedInCaller, body: object) {
  return apiFetch<MarketplaceVehicleView & ApiErrorBody>('/marketplace/vehicles', { token: as(caller), body });
}

async function addOk(caller: SignedInCaller, body: object): Promise<MarketplaceVehicleView> {
  const response = await add(caller, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function list(caller: SignedInCaller, query: Record<string, string> = {}) {
  return apiFetch<MarketplaceListResponse & ApiErrorBody>(`/marketplace/vehicles?${new URLSearchParams(query)}`, {
    token: as(caller),
  });
}

async function patch(caller: SignedInCaller, id: string, body: object) {
  return apiFetch<MarketplaceVehicleView & ApiErrorBody>(`/marketplace/vehicles/${id}`, {
    token: as(caller),
    method: 'PATCH',
    body,
  });
}

const makeCount = (response: MarketplaceListResponse, make: string) =>
  response.makes.find((entry) => entry.make.toLowerCase() === make.toLowerCase())?.count ?? 0;

describe('adding a marketplace vehicle', () => {
  it('stores every field with the defaults (lease, available, 12000 mi/yr, APR 0, stock 1) and the caller as broker', async () => {
    const created = await addOk(
      'broker',
      vehicle({ trim: 'XLE', msrp: 35_000, totalDueAtSigning: 2_999.99, incentives: ['costco'] }),
    );

    expect(created).toMatchObject({
      year: 2026,
      make: 'Toyota',
      model: 'RAV4',
      trim: 'XLE',
      msrp: 35_000,
      totalDueAtSigning: 2_999.99,
      monthlyPayment: 399.5,
      downPayment: 0,
      termMonths: 36,
      mileageAllowance: 12_000,
      apr: 0,
      availableStock: 1,
      incentives: ['costco'],
      isArchived: false,
      brokerId: principals.of.broker.userId,
      viewCount: 0,
      pendingDealCount: 0,
      canEdit: true,
    });
    const stored = await createData().deals.get(created.id);
    expect(stored).toMatchObject({ dealType: 'lease', status: 'available' });
  });

  it.each([
    [{ stockNumber: '' }, 'Stock number is required'],
    [{ year: 1899 }, 'Year must be between 1900 and 2100'],
    [{ year: 2101 }, 'Year must be between 1900 and 2100'],
    [{ make: '' }, 'Make is required'],
    [{ model: '' }, 'Model is required'],
    [{ msrp: 0 }, 'MSRP must be greater than 0'],
    [{ totalDueAtSigning: -1 }, 'Total due at signing cannot be negative'],
    [{ termMonths: 0 }, 'Term must be a positive whole number of months'],
    [{ monthlyPayment: 0 }, 'Monthly payment must be greater than 0'],
    [{ availableStock: 0 }, 'Available stock must be a whole number from 1 to 999'],
    [{ availableStock: 1.5 }, 'Available stock must be a whole number from 1 to 999'],
    [{ availableStock: 1000 }, 'Available stock must be a whole number from 1 to 999'],
    [{ expirationDate: '' }, 'Expiration date is required'],
    // A vehicle is never added already expired, nor for more than 2 years.
    [{ expirationDate: daysFromNow(-2) }, 'Expiration date cannot be in the past'],
    [{ expirationDate: daysFromNow(2 * 366 + 2) }, 'Expiration date must be within 2 years'],
    [{ stockNumber: 'LD 1001' }, 'Stock number can only contain letters, numbers, and hyphens'],
    [{ stockNumber: 'LD-1001<script>' }, 'Stock number can only contain letters, numbers, and hyphens'],
    [{ stockNumber: 'S'.repeat(31) }, 'Stock number must be less than 30 characters'],
    [{ make: 'Toy\u202Eota' }, 'Make cannot contain control or text-direction characters'],
    [{ trim: 'XLE\u0000' }, 'Trim cannot contain control or text-direction characters'],
    // A North American VIN must carry its check digit (49 CFR 565): the message names the one expected.
    [{ vin: '1XPTD40X0JD456115' }, 'VIN check digit is wrong: the 9th character should be 6. Check the VIN for a typo'],
  ])('refuses %j with 400 %j', async (change, message) => {
    const response = await add('broker', vehicle(change as Partial<CreateMarketplaceVehicleRequest>));

    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'bad_request', message });
  });

  it('stores notes without control or text-direction characters', async () => {
    const created = await addOk('broker', vehicle({ notes: 'One\u202E owner\nno\u0000 accidents' }));

    expect(created.notes).toBe('One owner\nno accidents');
  });

  it('ignores what a broker may not set: archived, another broker, counts, status, mileage and APR', async () => {
    const created = await addOk('broker', {
      ...vehicle(),
      isArchived: true,
      brokerId: principals.of.otherBroker.userId,
      viewCount: 999,
      pendingDealCount: 7,
      status: 'closed',
      mileageAllowance: 5,
      apr: 9.9,
      conciergeFee: 1500,
      id: 'chosen-id',
    });

    expect(created).toMatchObject({
      isArchived: false,
      brokerId: principals.of.broker.userId,
      viewCount: 0,
      pendingDealCount: 0,
      mileageAllowance: 12_000,
      apr: 0,
    });
    expect(created.id).not.toBe('chosen-id');
    const stored = await createData().deals.get(created.id);
    expect(stored?.status).toBe('available');
    expect(stored?.conciergeFee).toBeUndefined();
  });

  it('keeps stock numbers unique without regard to case or spaces: 409 "This stock number is already in use"', async () => {
    const stockNumber = `Dup-${unique()}`;
    await addOk('broker', vehicle({ stockNumber }));

    const again = await add('otherBroker', vehicle({ stockNumber: ` ${stockNumber.toLowerCase()} ` }));

    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'conflict', message: STOCK_NUMBER_TAKEN_MESSAGE });
  });

  it('lets exactly one of two concurrent adds with one stock number win; the other gets 409', async () => {
    const stockNumber = `Race-${unique()}`;
    const make = uniqueMake();

    const responses = await Promise.all([
      add('broker', vehicle({ stockNumber, make })),
      add('otherBroker', vehicle({ stockNumber, make })),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(responses.find((response) => response.status === 409)?.body.error.message).toBe(STOCK_NUMBER_TAKEN_MESSAGE);
    expect(makeCount((await list('admin', { make })).body, make)).toBe(1);
  });

  it('answers the live check: taken, free, and free for the vehicle that holds it', async () => {
    const created = await addOk('broker', vehicle());
    const check = (stockNumber: string, except?: string) =>
      apiFetch<StockNumberAvailability>(
        `/marketplace/stock-numbers/${encodeURIComponent(stockNumber)}${except ? `?exceptVehicleId=${except}` : ''}`,
        { token: as('broker') },
      );

    expect((await check(created.stockNumber!.toLowerCase())).body).toEqual({ available: false });
    expect((await check(`Free-${unique()}`)).body).toEqual({ available: true });
    expect((await check(created.stockNumber!, created.id)).body).toEqual({ available: true });
  });

  it('locks a dealer to their own dealership: 403 for another one, their own when they name none', async () => {
    const refused = await add('dealer', vehicle({ dealershipId: principals.records.otherDealership }));
    const own = await addOk('dealer', vehicle());

    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: DEALERSHIP_LOCKED_MESSAGE });
    expect(own.dealershipId).toBe(principals.records.dealership);
    expect(own.brokerId).toBe(principals.of.dealer.userId);
  });
});

describe('who sees and changes a vehicle', () => {
  it("answers a dealer asking for another dealership's vehicle with 404, and their own with the page", async () => {
    const other = await apiFetch<ApiErrorBody>(`/marketplace/vehicles/${principals.records.otherDealerVehicle}`, {
      token: as('dealer'),
    });
    const own = await apiFetch<MarketplaceVehicleDetail>(`/marketplace/vehicles/${principals.records.dealerVehicle}`, {
      token: as('dealer'),
    });

    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
    expect(own.status).toBe(200);
    expect(own.body.dealership?.id).toBe(principals.records.dealership);
  });

  it("lists only the dealer's own dealership's vehicles", async () => {
    const make = uniqueMake();
    await addOk('broker', vehicle({ make, dealershipId: principals.records.dealership }));
    await addOk('broker', vehicle({ make, dealershipId: principals.records.otherDealership }));
    await addOk('broker', vehicle({ make }));

    const dealer = (await list('dealer', { make })).body;
    const broker = (await list('broker', { make })).body;

    expect(dealer.items.map((item) => item.dealershipId)).toEqual([principals.records.dealership]);
    expect(makeCount(dealer, make)).toBe(1);
    expect(broker.items).toHaveLength(3);
    expect(makeCount(broker, make)).toBe(3);
  });

  it('lets admins and the adder edit, archive and unarchive; another broker gets 403', async () => {
    const created = await addOk('broker', vehicle());

    const stranger = await patch('otherBroker', created.id, { notes: 'mine now' });
    const edited = await patch('broker', created.id, { notes: 'Fresh arrival', availableStock: 3 });
    const archived = await patch('admin', created.id, { isArchived: true });

    expect(stranger.status).toBe(403);
    expect(stranger.body.error.message).toBe(EDIT_NOT_ALLOWED_MESSAGE);
    expect(edited.body).toMatchObject({ notes: 'Fresh arrival', availableStock: 3 });
    expect(archived.body.isArchived).toBe(true);
    // An archived vehicle is hidden from other brokers, still there for the one who added it.
    expect((await apiFetch(`/marketplace/vehicles/${created.id}`, { token: as('otherBroker') })).status).toBe(404);
    expect((await apiFetch(`/marketplace/vehicles/${created.id}`, { token: as('broker') })).status).toBe(200);
  });

  it("records the vehicle's creation and a change of its terms in the deal's activity trail", async () => {
    const created = await addOk('broker', vehicle({ monthlyPayment: 399 }));

    expect((await patch('broker', created.id, { monthlyPayment: 429, notes: 'Price up' })).status).toBe(200);

    const detail = await apiFetch<{ activity: { kind: string; actor: { id: string }; changes: unknown[] }[] }>(
      `/deals/${created.id}`,
      { token: as('admin') },
    );
    expect(detail.status).toBe(200);
    const [latest, first] = detail.body.activity;
    expect(detail.body.activity).toHaveLength(2);
    expect(latest).toMatchObject({ kind: 'updated', actor: { id: principals.of.broker.userId } });
    // Notes are not a recorded field: only the payment shows.
    expect(latest!.changes).toEqual([{ field: 'monthlyPayment', before: 399, after: 429 }]);
    expect(first).toMatchObject({ kind: 'created' });
    expect(first!.changes).toContainEqual({ field: 'monthlyPayment', before: null, after: 399 });
  });

  it('ignores brokerId and counts in an edit', async () => {
    const created = await addOk('broker', vehicle());

    const edited = await patch('broker', created.id, {
      brokerId: principals.of.otherBroker.userId,
      viewCount: 50,
      status: 'closed',
    });

    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ brokerId: principals.of.broker.userId, viewCount: 0 });
    expect((await createData().deals.get(created.id))?.status).toBe('available');
  });

  it('refuses an edit to a stock number another vehicle holds with 409', async () => {
    const first = await addOk('broker', vehicle());
    const second = await addOk('broker', vehicle());

    const response = await patch('broker', second.id, { stockNumber: first.stockNumber });

    expect(response.status).toBe(409);
    expect(response.body.error.message).toBe(STOCK_NUMBER_TAKEN_MESSAGE);
  });

  it('keeps the archived tab for admins: 403 for a broker', async () => {
    const response = await list('broker', { tab: 'archived' });

    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(ARCHIVED_ADMIN_ONLY_MESSAGE);
  });
});

describe('the marketplace list', () => {
  it('keeps the tab and make counts right after add, archive and unarchive', async () => {
    const make = uniqueMake();
    const counts = async () => {
      const [active, archived] = await Promise.all([list('admin', { make }), list('admin', { make, tab: 'archived' })]);
      return { active: makeCount(active.body, make), archived: makeCount(archived.body, make) };
    };
    const before = (await list('admin')).body.counts;

    const first = await addOk('broker', vehicle({ make }));
    await addOk('broker', vehicle({ make }));
    expect(await counts()).toEqual({ active: 2, archived: 0 });

    await patch('admin', first.id, { isArchived: true });
    expect(await counts()).toEqual({ active: 1, archived: 1 });
    const afterArchive = (await list('admin')).body.counts;
    expect(afterArchive.archived).toBeGreaterThanOrEqual(before.archived + 1);

    await patch('broker', first.id, { isArchived: false });
    expect(await counts()).toEqual({ active: 2, archived: 0 });
  });

  it('moves a vehicle between make groups when its make is edited', async () => {
    const [from, to] = [uniqueMake(), uniqueMake()];
    const created = await addOk('broker', vehicle({ make: from }));

    await patch('broker', created.id, { make: to });

    const all = (await list('admin')).body;
    expect(makeCount(all, from)).toBe(0);
    expect(makeCount(all, to)).toBe(1);
  });

  it('pages by cursor in make-then-model order, with view and pending counts inline', async () => {
    const make = uniqueMake();
    for (const model of ['Zeta', 'Alpha', 'Mid']) await addOk('broker', vehicle({ make, model }));

    const first = (await list('broker', { make, limit: '2' })).body;
    const second = (await list('broker', { make, limit: '2', cursor: first.nextCursor! })).body;

    expect(first.items.map((item) => item.model)).toEqual(['Alpha', 'Mid']);
    expect(second.items.map((item) => item.model)).toEqual(['Zeta']);
    expect(first.items[0]).toHaveProperty('viewCount', 0);
    expect(first.items[0]).toHaveProperty('pendingDealCount', 0);
  });

  it('refuses a cursor that is not one of its own with 400', async () => {
    const response = await list('broker', { cursor: 'not-a-cursor' });

    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(INVALID_CURSOR_MESSAGE);
  });

  it('searches every vehicle by make, model or year, by word starts, alone or with the make filter', async () => {
    const model = `Qz${unique()}`;
    const make = uniqueMake();
    const created = await addOk('broker', vehicle({ make, model: `${model} Hybrid`, year: 2031 }));

    const ids = async (query: Record<string, string>) => (await list('broker', query)).body.items.map((item) => item.id);

    expect(await ids({ q: model.slice(0, 5).toLowerCase() })).toContain(created.id);
    expect(await ids({ q: model })).toContain(created.id);
    expect(await ids({ q: `2031 ${model.slice(0, 4)} hyb` })).toEqual([created.id]);
    expect(await ids({ q: make })).toEqual([created.id]);
    expect(await ids({ q: model, make })).toEqual([created.id]);
    expect(await ids({ q: `${model} coupe` })).toEqual([]);
  });
});

describe('the tab counts', () => {
  /** The tab badges of a list answer. */
  const tabs = async (caller: SignedInCaller, query: Record<string, string>) => {
    const response = await list(caller, query);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.counts;
  };

  it('count only the chosen make in both tabs, without regard to case', async () => {
    const make = uniqueMake();
    const archived = await addOk('broker', vehicle({ make }));
    await addOk('broker', vehicle({ make }));
    await addOk('broker', vehicle({ make }));
    expect((await patch('admin', archived.id, { isArchived: true })).status).toBe(200);

    expect(await tabs('admin', { make })).toEqual({ active: 2, archived: 1 });
    expect(await tabs('admin', { make, tab: 'archived' })).toEqual({ active: 2, archived: 1 });
    expect(await tabs('admin', { make: make.toUpperCase() })).toEqual({ active: 2, archived: 1 });
    expect(await tabs('broker', { make })).toEqual({ active: 2, archived: 0 });
    // A make no vehicle has counts nothing; no filter counts every make.
    expect(await tabs('admin', { make: uniqueMake() })).toEqual({ active: 0, archived: 0 });
    const all = (await list('admin', {})).body;
    expect(all.counts.active).toBe(all.makes.reduce((sum, entry) => sum + entry.count, 0));
    expect(all.counts.active).toBeGreaterThanOrEqual(2);
  });

  it('count the search in both tabs, alone and with the make filter: one word (a token) and several words', async () => {
    const word = `Qx${unique().slice(0, 5)}`;
    const [first, second] = [uniqueMake(), uniqueMake()];
    await addOk('broker', vehicle({ make: first, model: `${word} One` }));
    const archived = await addOk('broker', vehicle({ make: first, model: `${word} Two` }));
    await addOk('broker', vehicle({ make: second, model: `${word} Two` }));
    await addOk('broker', vehicle({ make: second, model: 'Unrelated' }));
    expect((await patch('admin', archived.id, { isArchived: true })).status).toBe(200);

    for (const tab of ['active', 'archived']) {
      // One word, read from its token's counts.
      expect(await tabs('admin', { tab, q: word })).toEqual({ active: 2, archived: 1 });
      expect(await tabs('admin', { tab, q: word, make: first })).toEqual({ active: 1, archived: 1 });
      expect(await tabs('admin', { tab, q: word, make: second })).toEqual({ active: 1, archived: 0 });
      // Several words, counted over the longest word's listing.
      expect(await tabs('admin', { tab, q: `${word} two` })).toEqual({ active: 1, archived: 1 });
      expect(await tabs('admin', { tab, q: `${word} two`, make: first })).toEqual({ active: 0, archived: 1 });
      expect(await tabs('admin', { tab, q: `two ${word}`, make: second })).toEqual({ active: 1, archived: 0 });
      expect(await tabs('admin', { tab, q: `${word} coupe` })).toEqual({ active: 0, archived: 0 });
    }
    // The make, not the search, of a vehicle: "unrelated" finds the fourth only.
    expect(await tabs('admin', { q: 'unrelated', make: second })).toEqual({ active: 1, archived: 0 });
    expect(await tabs('broker', { q: word })).toEqual({ active: 2, archived: 0 });
    expect(await tabs('broker', { q: `${word} two`, make: second })).toEqual({ active: 1, archived: 0 });
  });

  it('count the search past a token (a word longer than 8 characters) in both tabs', async () => {
    const word = `Qt${unique()}`;
    const make = uniqueMake();
    await addOk('broker', vehicle({ make, model: word }));
    const archived = await addOk('broker', vehicle({ make, model: word }));
    await addOk('broker', vehicle({ make, model: `${word.slice(0, 8)}Other` }));
    expect((await patch('admin', archived.id, { isArchived: true })).status).toBe(200);

    expect(await tabs('admin', { q: word })).toEqual({ active: 1, archived: 1 });
    expect(await tabs('admin', { q: word, make, tab: 'archived' })).toEqual({ active: 1, archived: 1 });
    expect(await tabs('admin', { q: word.slice(0, 8) })).toEqual({ active: 2, archived: 1 });
  });

  it("count a dealer's own dealership only, under the make filter and the search", async () => {
    const word = `Qu${unique().slice(0, 5)}`;
    const make = uniqueMake();
    await addOk('broker', vehicle({ make, model: word, dealershipId: principals.records.dealership }));
    await addOk('broker', vehicle({ make, model: `${word} Two`, dealershipId: principals.records.dealership }));
    await addOk('broker', vehicle({ make, model: word, dealershipId: principals.records.otherDealership }));

    expect(await tabs('dealer', { make })).toEqual({ active: 2, archived: 0 });
    expect(await tabs('dealer', { q: word })).toEqual({ active: 2, archived: 0 });
    expect(await tabs('dealer', { q: `${word} two`, make })).toEqual({ active: 1, archived: 0 });
    expect(await tabs('broker', { q: word, make })).toEqual({ active: 3, archived: 0 });
  });
});

describe("a search's group counts", () => {
  /** The search's per-make counts of a response, for the given makes only (other tests' vehicles aside). */
  const matchesOf = (response: MarketplaceListResponse, ...makes: string[]) =>
    Object.fromEntries(makes.map((make) => [make, response.matches?.find((entry) => entry.make === make)?.count ?? 0]));

  it('count every match per make, not only the page: one word, several words, a word longer than a token', async () => {
    const word = `Qy${unique().slice(0, 5)}`;
    const [first, second] = [uniqueMake(), uniqueMake()];
    await addOk('broker', vehicle({ make: first, model: `${word} One` }));
    await addOk('broker', vehicle({ make: first, model: `${word} Two` }));
    await addOk('broker', vehicle({ make: second, model: `${word}extended Two` }));
    await addOk('broker', vehicle({ make: second, model: 'Unrelated' }));

    const oneWord = (await list('broker', { q: word.toLowerCase(), limit: '1' })).body;
    expect(oneWord.items).toHaveLength(1);
    expect(matchesOf(oneWord, first, second)).toEqual({ [first]: 2, [second]: 1 });
    // Words match word starts: "<word> two" is also "<word>extended Two".
    expect(matchesOf((await list('broker', { q: `${word} two` })).body, first, second)).toEqual({ [first]: 1, [second]: 1 });
    expect(matchesOf((await list('broker', { q: `${word} one` })).body, first, second)).toEqual({ [first]: 1, [second]: 0 });
    expect(matchesOf((await list('broker', { q: `${word}extended` })).body, first, second)).toEqual({ [first]: 0, [second]: 1 });
    // The make filter narrows the page, not the counts.
    expect(matchesOf((await list('broker', { q: word, make: first })).body, first, second)).toEqual({ [first]: 2, [second]: 1 });
    expect((await list('broker', {})).body.matches).toBeNull();
  });

  it('follow an archive, a make edit and a model edit', async () => {
    const word = `Qw${unique().slice(0, 5)}`;
    const [first, second] = [uniqueMake(), uniqueMake()];
    const kept = await addOk('broker', vehicle({ make: first, model: word }));
    const moved = await addOk('broker', vehicle({ make: first, model: word }));
    const search = async (tab = 'active') => matchesOf((await list('admin', { q: word, tab })).body, first, second);

    expect(await search()).toEqual({ [first]: 2, [second]: 0 });
    expect((await patch('admin', kept.id, { isArchived: true })).status).toBe(200);
    expect(await search()).toEqual({ [first]: 1, [second]: 0 });
    expect(await search('archived')).toEqual({ [first]: 1, [second]: 0 });
    expect((await patch('broker', moved.id, { make: second })).status).toBe(200);
    expect(await search()).toEqual({ [first]: 0, [second]: 1 });
    expect((await patch('broker', moved.id, { model: 'Renamed' })).status).toBe(200);
    expect(await search()).toEqual({ [first]: 0, [second]: 0 });
  });

  it("count a dealer's matches in their own dealership only", async () => {
    const word = `Qv${unique().slice(0, 5)}`;
    const make = uniqueMake();
    await addOk('broker', vehicle({ make, model: word, dealershipId: principals.records.dealership }));
    await addOk('broker', vehicle({ make, model: word, dealershipId: principals.records.otherDealership }));

    expect(matchesOf((await list('dealer', { q: word })).body, make)).toEqual({ [make]: 1 });
    expect(matchesOf((await list('broker', { q: word })).body, make)).toEqual({ [make]: 2 });
  });
});

describe('views and pending deals', () => {
  it('counts a view once per session and day and shows it on the card', async () => {
    const created = await addOk('broker', vehicle());
    const view = (sessionId: string) =>
      apiFetch<RecordViewResponse>(`/marketplace/vehicles/${created.id}/views`, { token: as('broker'), body: { sessionId } });

    expect((await view('session-aaaa-1')).body).toEqual({ counted: true });
    expect((await view('session-aaaa-1')).body).toEqual({ counted: false });
    expect((await view('session-bbbb-2')).body).toEqual({ counted: true });

    const page = await apiFetch<MarketplaceVehicleDetail>(`/marketplace/vehicles/${created.id}`, { token: as('broker') });
    expect(page.body.viewCount).toBe(2);
  });

  it("does not count a dealer's view of another dealership's vehicle (404)", async () => {
    const response = await apiFetch(`/marketplace/vehicles/${principals.records.otherDealerVehicle}/views`, {
      token: as('dealer'),
      body: { sessionId: 'session-cccc-3' },
    });

    expect(response.status).toBe(404);
  });

  it('counts client deals created from the vehicle while they are open', async () => {
    const make = uniqueMake();
    const created = await addOk('broker', vehicle({ make }));
    const data = createData();
    const now = new Date();
    const pendingCount = async () => (await list('broker', { make })).body.items[0]?.pendingDealCount;

    const { deal } = await data.deals.create(
      {
        sourceVehicleId: created.id,
        brokerId: principals.of.broker.userId,
        year: 2026,
        make: 'Client',
        model: 'Deal',
        dealType: 'lease',
        status: 'pending',
        monthlyPayment: 400,
        downPayment: 0,
        termMonths: 36,
        isArchived: false,
        creditAppFormType: 'generic',
      },
      now,
    );
    expect(await pendingCount()).toBe(1);

    await data.deals.replace(deal, { ...deal, status: 'not_sold' });
    expect(await pendingCount()).toBe(0);
  });
});

describe('vehicle image upload', () => {
  const presign = (body: object) =>
    apiFetch<VehicleImageUploadResponse & ApiErrorBody>('/marketplace/images', { token: as('broker'), body });

  async function upload(target: VehicleImageUploadResponse, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries(target.fields)) form.append(name, name === 'Content-Type' ? contentType : value);
    form.append('file', new Blob([bytes], { type: contentType }), 'car.jpg');
    return fetch(target.url, { method: 'POST', body: form });
  }

  it('refuses to sign a 6 MB image or an HTML file', async () => {
    const tooBig = await presign({ fileName: 'car.jpg', contentType: 'image/jpeg', size: 6 * 1024 * 1024 });
    const html = await presign({ fileName: 'page.html', contentType: 'text/html', size: 100 });

    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.message).toBe('Image must be less than 5MB');
    expect(html.status).toBe(400);
    expect(html.body.error.message).toBe('Image must be a JPG, PNG, GIF or WebP file');
  });

  it('signs a policy that S3 itself holds to the type and 5 MB; the stored image is served at imageUrl', async () => {
    const target = (await presign({ fileName: 'car.jpg', contentType: 'image/jpeg', size: 1024 })).body;

    const oversized = await upload(target, new Uint8Array(MAX_IMAGE_BYTES + 1024 * 1024), 'image/jpeg');
    const asHtml = await upload(target, new TextEncoder().encode('<script>alert(1)</script>'), 'text/html');
    const image = new Uint8Array(1024).fill(7);
    const accepted = await upload(target, image, 'image/jpeg');

    expect(oversized.status).toBeGreaterThanOrEqual(400);
    expect(asHtml.status).toBeGreaterThanOrEqual(400);
    expect(accepted.status).toBeLessThan(300);
    const served = await fetch(target.imageUrl);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
  });

  it('is claimed by the vehicle saved with it: moved out of the expiring pending/ prefix to its final URL', async () => {
    const target = (await presign({ fileName: 'car.png', contentType: 'image/png', size: 512 })).body;
    const image = new Uint8Array(512).fill(9);
    expect((await upload(target, image, 'image/png')).status).toBeLessThan(300);
    expect(target.imageUrl).toMatch(/\/pending\/[0-9A-Z]+\.png$/);

    const created = await addOk('broker', vehicle({ imageUrl: target.imageUrl }));

    expect(created.imageUrl).toBe(target.imageUrl.replace('/pending/', '/'));
    const served = await fetch(created.imageUrl!);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
    // The pending URL no longer serves the image: s3rver's 404 through the dev server, CloudFront's SPA fallback
    // (index.html) through the production edge, as in AWS.
    const pending = await fetch(target.imageUrl);
    expect(pending.headers.get('content-type')).not.toMatch(/^image\//);
    expect(new Uint8Array(await pending.arrayBuffer())).not.toEqual(image);
    // Saving again with the image it already has changes nothing.
    const edited = await patch('broker', created.id, { imageUrl: created.imageUrl, model: 'Camry' });
    expect(edited.body.imageUrl).toBe(created.imageUrl);
  });

  it('refuses to save a vehicle with a pending image that is gone (expired, or never uploaded) with 400 on the image', async () => {
    const target = (await presign({ fileName: 'car.webp', contentType: 'image/webp', size: 512 })).body;

    const response = await add('broker', vehicle({ imageUrl: target.imageUrl }));

    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ imageUrl: IMAGE_UPLOAD_EXPIRED_MESSAGE });
  });
});
