/**
 * GET /deals through the local API (docs/api.md, "Deals list"): grouping by client name with
 * "Unassigned" last, newest first inside a group, exact group counts under the filters, the status and make
 * filters, the search over make, model and client name, cursor paging, the listed statuses only, the dealer's
 * dealership scope, and the card's fields per role.
 *
 * Deals are written through the deals store (the one write path); each test gives its deals a make no other test
 * uses, so the make filter or a search isolates them from the demo data and from each other.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import type { DealStatus } from '@shared/deals/enums';
import { DEAL_LIST_INVALID_CURSOR_MESSAGE, type DealListResponse } from '@shared/deals/list-api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
const as = (caller: SignedInCaller) => principals.tokenOf(caller);
/** Letters only (makes and names allow no digits in names): a word no other test or seed record has. */
const uniqueWord = (prefix: string) =>
  `${prefix}${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

async function addClient(fullName: string) {
  const { client } = await data().clients.create(
    { fullName, email: `${randomUUID()}@example.com`, profileId: 'list-test-broker' },
    day(1),
  );
  return client;
}

async function addDeal(
  make: string,
  createdOn: number,
  overrides: Partial<DealFields> & { client?: { id: string; fullName: string } } = {},
) {
  const { client, ...fields } = overrides;
  const { deal } = await data().deals.create(
    {
      brokerId: 'list-test-broker',
      year: 2026,
      make,
      model: 'Sportage',
      trim: 'EX',
      dealType: 'lease',
      status: 'pending',
      monthlyPayment: 419,
      downPayment: 2500,
      termMonths: 36,
      mileageAllowance: 12000,
      apr: 4.9,
      isArchived: false,
      creditAppFormType: 'generic',
      ...(client ? { clientId: client.id, clientName: client.fullName } : {}),
      ...fields,
    },
    day(createdOn),
  );
  return deal;
}

const list = (caller: SignedInCaller, query: Record<string, string>) =>
  apiFetch<DealListResponse>(`/deals?${new URLSearchParams(query).toString()}`, { token: as(caller) });

const ids = (body: DealListResponse) => body.items.map((item) => item.id);
const errorOf = (body: unknown) => (body as ApiErrorBody).error;

describe('grouping, order and counts', () => {
  it('groups by client name without regard to case, "Unassigned" last, newest first inside a group, with exact counts', async () => {
    const make = uniqueWord('Grp');
    const bea = await addClient('Bea Quill');
    const ann = await addClient('ann Vole');
    const beaDeal = await addDeal(make, 3, { client: bea });
    const annOld = await addDeal(make, 1, { client: ann });
    const annNew = await addDeal(make, 5, { client: ann, status: 'active' });
    const unassignedOld = await addDeal(make, 2);
    const unassignedNew = await addDeal(make, 4, { status: 'closed' });
    // Not listed: the deals list shows available, pending, active and closed only.
    for (const status of ['finalized', 'expired', 'not_sold'] satisfies DealStatus[])
      await addDeal(make, 6, { client: ann, status });

    const response = await list('broker', { make });

    expect(response.status).toBe(200);
    expect(ids(response.body)).toEqual([annNew.id, annOld.id, beaDeal.id, unassignedNew.id, unassignedOld.id]);
    expect(response.body.groups).toEqual([
      { key: ann.id, name: 'ann Vole', count: 2 },
      { key: bea.id, name: 'Bea Quill', count: 1 },
      { key: 'unassigned', name: 'Unassigned', count: 2 },
    ]);
    expect(response.body.items[0]).toMatchObject({ clientId: ann.id, clientName: 'ann Vole', status: 'active' });
    expect(response.body.items.at(-1)).toMatchObject({ clientId: null, clientName: null });
    expect(response.body.makes).toContainEqual({ make, count: 5 });
    expect(response.body.nextCursor).toBeNull();
  });

  it('counts each group under the status filter and under a search, not only on the page', async () => {
    const make = uniqueWord('Cnt');
    const client = await addClient('Cora Wren');
    for (let n = 1; n <= 3; n++) await addDeal(make, n, { client });
    await addDeal(make, 4, { client, status: 'closed' });

    const pending = await list('broker', { make, status: 'pending', limit: '2' });
    const searched = await list('broker', { q: `${make} wren`, limit: '1' });

    expect(pending.body.items).toHaveLength(2);
    expect(pending.body.items.every((item) => item.status === 'pending')).toBe(true);
    expect(pending.body.groups).toEqual([{ key: client.id, name: 'Cora Wren', count: 3 }]);
    expect(searched.body.items).toHaveLength(1);
    expect(searched.body.groups).toEqual([{ key: client.id, name: 'Cora Wren', count: 4 }]);
  });
});

describe('filters and search', () => {
  it('filters by each listed status', async () => {
    const make = uniqueWord('Sts');
    const byStatus = new Map<string, string>();
    for (const [n, status] of (['available', 'pending', 'active', 'closed'] as const).entries()) {
      byStatus.set(status, (await addDeal(make, n + 1, { status })).id);
    }

    for (const [status, id] of byStatus) {
      const response = await list('admin', { make, status });
      expect(ids(response.body), status).toEqual([id]);
    }
    expect((await list('admin', { make, status: 'all' })).body.items).toHaveLength(4);
    expect((await list('admin', { status: 'finalized' })).status).toBe(400);
  });

  it('finds deals by the start of a word of the make, the model or the client name, every word having to match', async () => {
    const make = uniqueWord('Srch');
    const surname = uniqueWord('Finch');
    const client = await addClient(`Dana ${surname}`);
    const crv = await addDeal(make, 1, { client, model: 'CR-V Hybrid' });
    const pilot = await addDeal(make, 2, { model: 'Pilot' });

    expect(ids((await list('broker', { q: make.slice(0, 6) })).body)).toEqual([crv.id, pilot.id]);
    expect(ids((await list('broker', { q: `${make} hyb` })).body)).toEqual([crv.id]);
    expect(ids((await list('broker', { q: `${surname.toUpperCase()}` })).body)).toEqual([crv.id]);
    expect(ids((await list('broker', { q: `dana ${surname.slice(0, 5)}` })).body)).toEqual([crv.id]);
    expect(ids((await list('broker', { q: `${make} pil`, status: 'pending' })).body)).toEqual([pilot.id]);
    expect(ids((await list('broker', { q: `${make} pil`, status: 'closed' })).body)).toEqual([]);
    // Middle of a word: no match.
    expect(ids((await list('broker', { q: `${make} ybrid` })).body)).toEqual([]);
  });

  it('filters by make without regard to case and lists every make, sorted, for the make filter', async () => {
    const make = uniqueWord('Mk');
    const deal = await addDeal(make, 1);

    const response = await list('broker', { make: make.toUpperCase() });

    expect(ids(response.body)).toEqual([deal.id]);
    const makes = response.body.makes.map((entry) => entry.make.toLowerCase());
    expect(makes).toEqual([...makes].sort());
  });
});

describe('a search by a word a deal is not listed under', () => {
  it("finds the deal through the next word's listing, and pages there", async () => {
    // Long enough in every word that the token cap leaves the client's middle name (the longest word) out of the
    // deal's listings (docs/data-model.md, "Token listings"): the search reads its listing, finds nothing, and reads
    // the first name's.
    const middle = uniqueWord('Mnlong');
    const client = await addClient(`Alexandra ${middle} Montgomery`);
    const long = {
      client,
      model: `Range ${uniqueWord('Md')} Sport`,
      vin: `SALWR2SU5M${randomUUID().replace(/-/g, '').slice(0, 7).toUpperCase()}`,
      // A client deal (a deal with a stock number and without the flag reads as a listing: shared/marketplace/inventory.ts).
      listing: false,
    };
    const stockNumber = () => `LR-${randomUUID().replace(/\D/g, '').slice(0, 6).padEnd(6, '7')}`;
    const first = await addDeal(`${uniqueWord('Mk')} Rover`, 1, { ...long, stockNumber: stockNumber() });
    const second = await addDeal(`${uniqueWord('Mk')} Rover`, 2, { ...long, stockNumber: stockNumber() });

    const page1 = await list('broker', { q: `alexandra ${middle}`, limit: '1' });
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(ids(page1.body)).toEqual([second.id]);
    expect(page1.body.groups).toEqual([expect.objectContaining({ key: client.id, count: 2 })]);
    const page2 = await list('broker', { q: `alexandra ${middle}`, limit: '1', cursor: page1.body.nextCursor! });
    expect(page2.status, JSON.stringify(page2.body)).toBe(200);
    expect(ids(page2.body)).toEqual([first.id]);
    // Their VIN by its last 6 and last 8 characters.
    for (const q of [long.vin.slice(-6), long.vin.slice(-8)]) {
      expect(ids((await list('broker', { q })).body), q).toEqual([second.id, first.id]);
    }
  });
});

describe('paging', () => {
  it('pages by cursor through every deal once, in order, with the group count on every page', async () => {
    const make = uniqueWord('Pg');
    const client = await addClient('Page Turner');
    const created = [];
    for (let n = 1; n <= 5; n++) created.push(await addDeal(make, n, n % 2 ? { client } : {}));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { make, limit: '2', ...(cursor ? { cursor } : {}) };
      const response = await list('broker', query);
      expect(response.status).toBe(200);
      for (const group of response.body.groups) expect(group.count).toBe(group.key === client.id ? 3 : 2);
      seen.push(...ids(response.body));
      cursor = response.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);

    const clientDeals = created.filter((_, n) => n % 2 === 0).reverse();
    const unassigned = created.filter((_, n) => n % 2 === 1).reverse();
    expect(seen).toEqual([...clientDeals, ...unassigned].map((deal) => deal.id));
  });

  it('refuses a malformed cursor and a cursor of another filter (400)', async () => {
    const make = uniqueWord('Cur');
    await addDeal(make, 1);
    await addDeal(make, 2);
    const first = await list('broker', { make, limit: '1' });

    const garbage = await list('broker', { make, cursor: 'garbage' });
    const otherFilter = await list('broker', { make, status: 'closed', cursor: first.body.nextCursor! });

    expect(garbage.status).toBe(400);
    expect(errorOf(garbage.body).message).toBe(DEAL_LIST_INVALID_CURSOR_MESSAGE);
    expect(otherFilter.status).toBe(400);
  });
});

describe('scope and roles', () => {
  it("shows a dealer their own dealership's deals only, and its makes only", async () => {
    const make = uniqueWord('Dlr');
    const own = await addDeal(make, 1, { dealershipId: principals.records.dealership });
    const other = await addDeal(make, 2, { dealershipId: principals.records.otherDealership });

    const dealer = await list('dealer', { make });
    const searched = await list('dealer', { q: make });
    const otherDealer = await list('otherDealer', { make });
    const broker = await list('broker', { make });

    expect(ids(dealer.body)).toEqual([own.id]);
    expect(ids(searched.body)).toEqual([own.id]);
    expect(dealer.body.makes).toContainEqual({ make, count: 1 });
    expect(ids(otherDealer.body)).toEqual([other.id]);
    expect(ids(broker.body)).toEqual([other.id, own.id]);
  });

  it('refuses consumers (403)', async () => {
    expect((await list('consumer', {})).status).toBe(403);
  });

  it('drops a deleted deal and a deal that leaves the listed statuses, and counts follow', async () => {
    const make = uniqueWord('Gone');
    const kept = await addDeal(make, 1);
    const deleted = await addDeal(make, 2);
    const finalized = await addDeal(make, 3);

    await data().deals.delete(deleted);
    await data().deals.replace(finalized, { ...finalized, status: 'finalized' });
    const response = await list('admin', { make });

    expect(ids(response.body)).toEqual([kept.id]);
    expect(response.body.groups).toEqual([{ key: 'unassigned', name: 'Unassigned', count: 1 }]);
    expect(response.body.makes).toContainEqual({ make, count: 1 });
  });

  it.each(['admin', 'broker', 'dealer'] as const)('answers %s with the card fields only', async (caller) => {
    const make = uniqueWord('Keys');
    const client = await addClient('Kay Keys');
    await addDeal(make, 1, {
      client,
      dealershipId: principals.records.dealership,
      brokerFeeDealer: 500,
      heardAboutUs: 'Referral',
      notes: 'private',
    });

    const response = await list(caller, { make });

    expect(response.body.items).toHaveLength(1);
    expect(response.body.canDelete).toBe(caller === 'admin');
    expectResponseKeys(response.body, {
      items: [
        {
          id: true,
          year: true,
          make: true,
          model: true,
          trim: true,
          status: true,
          monthlyPayment: true,
          downPayment: true,
          termMonths: true,
          mileageAllowance: true,
          apr: true,
          clientId: true,
          clientName: true,
          createdAt: true,
        },
      ],
      groups: [{ key: true, name: true, count: true }],
      nextCursor: true,
      makes: [{ make: true, count: true }],
      canDelete: true,
    });
  });
});
