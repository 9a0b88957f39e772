/**
 * A deal write is one DynamoDB transaction: the deal, its stock-number claim, every derived item (counters, broker
 * statistics, the deals list's and the marketplace's entries and counts, maturing entries), its activity, its system
 * tasks and the stock of the vehicle it takes a unit from. DynamoDB refuses a transaction of more than 100 items
 * (a 500 to the user, nothing written), so the heaviest edit the store allows must stay within them. This drives that
 * edit through the deals store against DynamoDB Local and counts the items of each transaction it sends:
 * a not-sold deal with a follow-up, created from the last unit of a marketplace vehicle, closed while its client,
 * dealership, broker, make, model, stock number and VIN all change, every text as long in search words as the
 * indexes allow (docs/data-model.md, "Transaction budget").
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { GLOBAL_SCOPE } from '@functions/domain/counters/counters';
import { searchTokens, SEARCH_TOKENS_MAX } from '@functions/domain/deals/deal-list-index';
import type { Deal } from '@functions/domain/deals/entities/deal';
import type { DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

/** DynamoDB's limit on the items of one TransactWriteItems. */
const DYNAMODB_TRANSACTION_ITEMS = 100;

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
/** Letters only (client names allow no digits), a different run of letters each time. */
const letters = (length: number) =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .padEnd(length, 'q')
    .slice(0, length);

/**
 * A word of `length` letters whose first two letters no other word of this file's heaviest write starts with: two
 * random words sharing a 3-letter start would share listings, and the deal would fall short of the token cap the
 * test means to reach. The starts avoid the fixed words' (Alexandra, Montgomery, Christopher, Worthington, Maybach,
 * Limousine, Royce, Phantom, Extended, STK, RRX, MKT) and the rest is random.
 */
const STARTS = 'ghijknotuvxyz';
let started = 0;
const distinctWord = (length: number) => {
  const index = started++;
  const start = STARTS[Math.floor(index / STARTS.length) % STARTS.length]! + STARTS[index % STARTS.length]!;
  return `${start}${letters(length - 2)}`;
};

const TERMS = {
  year: 2026,
  monthlyPayment: 689,
  downPayment: 3999,
  termMonths: 36,
  mileageAllowance: 10000,
  apr: 4.9,
  dealType: 'lease',
};

async function clientNamed(fullName: string): Promise<{ id: string; fullName: string }> {
  const { client } = await data().clients.create(
    { fullName, email: `budget.${randomUUID()}@example.com`, profileId: principals.of.broker.userId },
    new Date(),
  );
  return client;
}

async function dealership(): Promise<string> {
  const { dealership } = await data().dealerships.create({ name: `Budget ${letters(8)}`, location: 'Austin, TX' }, new Date());
  return dealership.id;
}

/**
 * A marketplace vehicle with one unit left, and a pending client deal created from it (it holds no unit yet), of the
 * vehicle's make and model.
 */
async function lastUnitDeal(
  vehicle: { make: string; model: string; stockNumber: string },
  deal: { clientId: string; dealershipId: string },
): Promise<{ vehicleId: string; deal: DealView }> {
  const listed = await apiFetch<DealView & ApiErrorBody>('/marketplace/vehicles', {
    token: principals.tokenOf('broker'),
    body: {
      ...TERMS,
      ...vehicle,
      dealershipId: deal.dealershipId,
      availableStock: 1,
      expirationDate: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10),
    },
  });
  expect(listed.status, JSON.stringify(listed.body)).toBe(201);
  const created = await apiFetch<DealView & ApiErrorBody>('/deals', {
    token: principals.tokenOf('broker'),
    body: { ...TERMS, make: vehicle.make, model: vehicle.model, ...deal, sourceVehicleId: listed.body.id, status: 'pending' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { vehicleId: listed.body.id, deal: created.body };
}

describe('the heaviest deal write', () => {
  it(`is one transaction of at most ${DYNAMODB_TRANSACTION_ITEMS} items, and DynamoDB takes it`, async () => {
    const [fromDealership, toDealership] = await Promise.all([dealership(), dealership()]);
    // Words of six letters or more cost every prefix of 3 to 6 characters (4 listings), the make's first word of 4
    // letters 2: together exactly the token cap (checked below), which binds.
    const firstClient = await clientNamed(`Alexandra ${distinctWord(9)} Montgomery ${distinctWord(8)}`);
    const secondClient = await clientNamed(`Christopher ${distinctWord(9)} Worthington ${distinctWord(8)}`);
    const { vehicleId, deal: created } = await lastUnitDeal(
      {
        make: `${distinctWord(4)} ${distinctWord(8)}`,
        model: `Maybach ${distinctWord(8)} Limousine ${distinctWord(7)}`,
        stockNumber: `MKT-${distinctWord(6)}-${distinctWord(6)}`,
      },
      { clientId: firstClient.id, dealershipId: fromDealership },
    );
    const today = new Date().toISOString().slice(0, 10);
    const withFollowUp = await data().deals.replace((await data().deals.get(created.id))!, {
      ...(await data().deals.get(created.id))!,
      status: 'not_sold',
      notSoldReason: 'Not ready to purchase at this time',
      followUpDate: today,
      stockNumber: `STK-${distinctWord(6)}-${distinctWord(6)}`,
      vin: `1HGCM82633A${String(Date.now()).slice(-6)}`,
    });

    const after: Deal = {
      ...withFollowUp,
      status: 'closed',
      dealClosedAt: new Date().toISOString(),
      notSoldReason: undefined,
      followUpDate: undefined,
      clientId: secondClient.id,
      clientName: secondClient.fullName,
      dealershipId: toDealership,
      brokerId: principals.of.otherBroker.userId,
      make: `${distinctWord(4)} ${distinctWord(8)} Royce ${distinctWord(7)}`,
      model: `Phantom ${distinctWord(8)} Extended ${distinctWord(7)}`,
      stockNumber: `RRX-${distinctWord(6)}-${distinctWord(6)}`,
      vin: `SCA1S68544U${String(Date.now()).slice(-6)}`,
    };
    // The cap binds on both sides, and is reached.
    for (const deal of [withFollowUp, after]) expect(searchTokens(deal)).toHaveLength(SEARCH_TOKENS_MAX);

    const spy = mockClient(DynamoDBDocumentClient);
    spy.send.callThrough();
    let sizes: number[] = [];
    let stored: Deal;
    try {
      stored = await data().deals.replace(withFollowUp, after);
    } finally {
      sizes = spy.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems?.length ?? 0);
      spy.restore();
    }

    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes), `items per transaction: ${sizes.join(', ')}`).toBeLessThanOrEqual(DYNAMODB_TRANSACTION_ITEMS);
    // It committed: the deal is closed on the vehicle's last unit, which is gone from the vehicle.
    expect(stored).toMatchObject({ status: 'closed', clientId: secondClient.id, maturityDate: expect.any(String) });
    expect((await data().deals.get(vehicleId))?.availableStock).toBe(0);
  });
});

const patchAsAdmin = (deal: DealView, changes: object) =>
  apiFetch<DealView & ApiErrorBody>(`/deals/${deal.id}`, {
    token: principals.tokenOf('admin'),
    method: 'PATCH',
    body: { ...deal, ...changes },
  });

/**
 * A deal that starts or stops counting as a client deal while its vehicle sells out or gets its unit back changes
 * the same counter items as the vehicle does (the global and the dealership's): one update each, or DynamoDB refuses
 * the transaction ("multiple operations on one item") and the user gets a 500.
 */
describe('a deal and its vehicle changing the same counters', () => {
  it('closes a not-sold deal on the last unit of its vehicle, which sells out', async () => {
    const { vehicleId, deal } = await lastUnitDeal(
      { make: 'Volvo', model: 'XC60', stockNumber: `LU-${letters(6)}` },
      { clientId: (await clientNamed(`Lastunit ${letters(8)}`)).id, dealershipId: await dealership() },
    );
    const notSold = await patchAsAdmin(deal, {
      status: 'not_sold',
      notSoldReason: 'Not ready to purchase at this time',
      followUpDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(notSold.status, JSON.stringify(notSold.body)).toBe(200);
    const before = await data().counters.get(GLOBAL_SCOPE);

    const closed = await patchAsAdmin(notSold.body, { status: 'closed', notSoldReason: null, followUpDate: null });

    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((await data().deals.get(vehicleId))?.availableStock).toBe(0);
    // Both changes made, each once: one more client deal, one vehicle fewer in the marketplace.
    expect(await data().counters.get(GLOBAL_SCOPE)).toMatchObject({
      clientDeals: before.clientDeals + 1,
      marketplaceVehicles: before.marketplaceVehicles - 1,
    });
  });

  it('deletes a closed deal whose vehicle sold out, and the vehicle gets its unit back', async () => {
    const { vehicleId, deal } = await lastUnitDeal(
      { make: 'Volvo', model: 'XC60', stockNumber: `LU-${letters(6)}` },
      { clientId: (await clientNamed(`Lastunit ${letters(8)}`)).id, dealershipId: await dealership() },
    );
    const closed = await patchAsAdmin(deal, { status: 'closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect((await data().deals.get(vehicleId))?.availableStock).toBe(0);

    const deleted = await apiFetch(`/deals/${deal.id}`, { token: principals.tokenOf('admin'), method: 'DELETE' });

    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect((await data().deals.get(vehicleId))?.availableStock).toBe(1);
  });
});
