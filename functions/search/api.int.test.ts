/**
 * GET /search through the local API (docs/api.md, "Global search"): each role gets the kinds and the records it may
 * open (a dealer never another dealership's deal or vehicle, a broker never another broker's lead), a client is
 * found by e-mail and phone, a deal by VIN and stock number, a lead by name, e-mail and phone; consumers and brokers
 * waiting for approval are refused, an empty search is a 400.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import type { ClientView } from '@shared/clients/api';
import type { ApiErrorBody } from '@shared/errors';
import { SEARCH_QUERY_REQUIRED_MESSAGE, type SearchResponse } from '@shared/search/api';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
const data = () => createData();
/** Letters only: a word no other test or seed record has. */
const uniqueWord = (prefix: string) =>
  `${prefix}${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}`;
/** A VIN-shaped identifier no other record has (17 letters and digits; the index does not check its digit). */
const uniqueVin = () => `5YJ${randomUUID().replace(/-/g, '').slice(0, 14).toUpperCase()}`;
const uniqueDigits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');

const search = (q: string, caller: SignedInCaller) =>
  apiFetch<SearchResponse>(`/search?${new URLSearchParams({ q }).toString()}`, { token: principals.tokenOf(caller) });

async function found(q: string, caller: SignedInCaller): Promise<SearchResponse> {
  const response = await search(q, caller);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}
const idsOf = (hits: { id: string }[]) => hits.map((hit) => hit.id);

// The records every test searches for, each with words only it has.
const model = uniqueWord('Model');
let client: ClientView;
const clientPhone = `303${uniqueDigits(7)}`;
let dealerDeal: { id: string; vin: string; stockNumber: string };
let otherDealerDeal: { id: string };
let dealerVehicle: string;
let otherDealerVehicle: string;
const leadName = uniqueWord('Leadname');
const leadPhone = `720${uniqueDigits(7)}`;
let poolLead: string;
let otherBrokersLead: string;

async function addDeal(fields: Partial<DealFields>): Promise<string> {
  const { deal } = await data().deals.create(
    {
      brokerId: principals.of.broker.userId,
      year: 2026,
      make: 'Volvo',
      model,
      dealType: 'lease',
      status: 'pending',
      monthlyPayment: 499,
      downPayment: 0,
      termMonths: 36,
      isArchived: false,
      creditAppFormType: 'generic',
      ...fields,
    } as DealFields,
    new Date(),
  );
  return deal!.id;
}

beforeAll(async () => {
  principals = await loadPrincipals();
  // Names whose first letters are this run's own: the search reads a word's listing by its first 4 letters, and the
  // suite's other clients ("Client ...", "Bench Client ...") crowd the common ones.
  const clientName = `${uniqueWord('Zy')} ${uniqueWord('Qu')}`;
  const created = await apiFetch<ClientView>('/clients', {
    token: principals.tokenOf('broker'),
    body: { fullName: clientName, email: `${uniqueWord('search')}@example.com`, phone: clientPhone },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  client = created.body;

  const vin = uniqueVin();
  const stockNumber = `SR-${uniqueDigits(6)}`;
  dealerDeal = {
    id: await addDeal({
      dealershipId: principals.records.dealership,
      clientId: client.id,
      clientName: client.fullName,
      vin,
      stockNumber,
      // A client deal (a deal without the flag but with a stock number reads as a listing: shared/marketplace/inventory.ts).
      listing: false,
    }),
    vin,
    stockNumber,
  };
  otherDealerDeal = {
    id: await addDeal({
      dealershipId: principals.records.otherDealership,
      brokerId: principals.of.otherBroker.userId,
      listing: false,
    }),
  };
  // Marketplace vehicles are listings (shared/marketplace/inventory.ts); client deals never show as vehicles.
  dealerVehicle = await addDeal({
    dealershipId: principals.records.dealership,
    status: 'available',
    availableStock: 2,
    listing: true,
  });
  otherDealerVehicle = await addDeal({
    dealershipId: principals.records.otherDealership,
    status: 'available',
    availableStock: 2,
    brokerId: principals.of.otherBroker.userId,
    listing: true,
  });

  const lead = (id: string, firstName: string, phone: string, extra: Record<string, unknown> = {}) =>
    data().leads.create({
      id,
      firstName,
      lastName: leadName,
      email: `${uniqueWord(firstName.toLowerCase())}@example.com`,
      phone,
      zipCode: '94107',
      vehiclePreference: 'help',
      createdAt: new Date().toISOString(),
      status: 'new',
      ...extra,
    } as never);
  poolLead = `search-lead-${randomUUID()}`;
  otherBrokersLead = `search-lead-${randomUUID()}`;
  expect(await lead(poolLead, 'Poolie', leadPhone)).toBe(true);
  expect(
    await lead(otherBrokersLead, 'Otherie', `720${uniqueDigits(7)}`, {
      assignedBrokerId: principals.of.otherBroker.userId,
      assignedBrokerName: 'Owen Otherbroker',
    }),
  ).toBe(true);
});

describe('GET /search: what each role finds', () => {
  it('finds a client by name, e-mail and phone however it is typed', async () => {
    const [first, last] = client.fullName.split(' ');
    for (const q of [
      first!,
      `${last!.slice(0, 5)} ${first!.slice(0, 4)}`,
      client.email!,
      `(${clientPhone.slice(0, 3)}) ${clientPhone.slice(3, 6)}-${clientPhone.slice(6)}`,
    ]) {
      const body = await found(q, 'broker');
      expect(idsOf(body.clients), q).toContain(client.id);
    }
    const hit = (await found(client.email!, 'admin')).clients.find((candidate) => candidate.id === client.id);
    expect(hit).toMatchObject({ title: client.fullName, path: `/clients?q=${encodeURIComponent(client.email!)}` });
  });

  it('finds a deal by VIN (whole, its start, its last 6 or last 8), by stock number and by its client', async () => {
    const vinParts = [
      dealerDeal.vin,
      dealerDeal.vin.slice(0, 8).toLowerCase(),
      dealerDeal.vin.slice(-6),
      dealerDeal.vin.slice(-8),
    ];
    for (const q of [...vinParts, dealerDeal.stockNumber, client.fullName]) {
      const body = await found(q, 'broker');
      expect(idsOf(body.deals), q).toContain(dealerDeal.id);
    }
    const hit = (await found(dealerDeal.stockNumber, 'admin')).deals[0];
    expect(hit).toMatchObject({ id: dealerDeal.id, path: `/deals/${dealerDeal.id}` });
    expect(hit?.detail).toContain(`Stock # ${dealerDeal.stockNumber}`);
  });

  it("finds a client by its phone's last 4 and last 7 digits", async () => {
    for (const q of [clientPhone.slice(-4), clientPhone.slice(-7), `${clientPhone.slice(-7, -4)}-${clientPhone.slice(-4)}`]) {
      expect(idsOf((await found(q, 'broker')).clients), q).toContain(client.id);
    }
  });

  it("finds a deal by its VIN's last 4 and by its stock number's start", async () => {
    // A start's listing holds every deal whose stock number starts so, in client-name order (5 hits are shown): its
    // client sorts first.
    const stockDigits = uniqueDigits(6);
    const vin = uniqueVin();
    const id = await addDeal({
      clientName: `Aaaa ${uniqueWord('Ab')}`,
      vin,
      stockNumber: `LD-${stockDigits}`,
      listing: false,
    });
    expect(idsOf((await found(vin.slice(-4), 'broker')).deals), vin.slice(-4)).toContain(id);
    for (const q of [`LD-${stockDigits.slice(0, 2)}`, `ld-${stockDigits.slice(0, 1)}`]) {
      expect(idsOf((await found(q, 'admin')).deals), q).toContain(id);
    }
  });

  it('finds a deal with a long client name, a stock number and a two-word make and model by its make, and by its other words', async () => {
    const [makeWord, modelWord, middleName] = [uniqueWord('Mk'), uniqueWord('Md'), uniqueWord('Mn')];
    const id = await addDeal({
      make: `${makeWord} Rover`,
      model: `Range ${modelWord} Sport`,
      clientName: `Alexandra ${middleName} Montgomery`,
      vin: uniqueVin(),
      stockNumber: `LR-${uniqueDigits(6)}`,
      listing: false,
    });
    // The cap leaves the model's second word and the client's middle name out of the deal's listings: with another
    // of its words, each is found through that word's listing (read when the left-out word's finds nothing).
    for (const q of [
      makeWord,
      `${makeWord.slice(0, 3)} ${modelWord.slice(0, 3)}`,
      `range ${modelWord}`,
      `alexandra ${middleName}`,
    ]) {
      expect(idsOf((await found(q, 'broker')).deals), q).toContain(id);
    }
  });

  it('finds a vehicle and a not-sold deal by their whole stock number, each as its kind, any case', async () => {
    const [vehicleStock, dealStock] = [`LD-${uniqueDigits(7)}`, `NS-${uniqueDigits(7)}`];
    const vehicle = await addDeal({
      stockNumber: vehicleStock,
      status: 'available',
      availableStock: 1,
      dealershipId: principals.records.dealership,
      listing: true,
    });
    const notSold = await addDeal({
      stockNumber: dealStock,
      status: 'not_sold',
      notSoldReason: 'Not ready to purchase at this time',
      listing: false,
    });

    const byVehicleStock = await found(vehicleStock.toLowerCase(), 'broker');
    expect(idsOf(byVehicleStock.vehicles)[0]).toBe(vehicle);
    expect(idsOf(byVehicleStock.deals)).not.toContain(vehicle);
    const byDealStock = await found(dealStock, 'admin');
    expect(idsOf(byDealStock.deals)[0]).toBe(notSold);
    expect(byDealStock.deals[0]?.detail).toContain('Not Sold');
    // Still only what the caller may open: another dealership's dealer gets neither.
    const otherDealer = await found(vehicleStock, 'otherDealer');
    expect([...idsOf(otherDealer.vehicles), ...idsOf(otherDealer.deals)]).not.toContain(vehicle);
  });

  it('finds a deal by a model of 2 characters, the listing of that word', async () => {
    // Its client sorts first among the deals of that word (a listing is in client-name order; 5 hits are shown).
    const id = await addDeal({ make: 'BMW', model: 'Z4', clientName: `Aaaaaa ${uniqueWord('Zq')}`, listing: false });
    expect(idsOf((await found('z4', 'broker')).deals)).toContain(id);
    expect(idsOf((await found('bmw z4', 'admin')).deals)).toContain(id);
  });

  it("shows a dealer their own dealership's deals and vehicles, never another dealership's, and no clients or leads", async () => {
    const mine = await found(`volvo ${model}`, 'dealer');
    expect(idsOf(mine.deals)).toContain(dealerDeal.id);
    expect(idsOf(mine.deals)).not.toContain(otherDealerDeal.id);
    expect(idsOf(mine.vehicles)).toContain(dealerVehicle);
    expect(idsOf(mine.vehicles)).not.toContain(otherDealerVehicle);
    expect(idsOf(mine.deals)).not.toContain(otherDealerVehicle);

    const theirs = await found(model, 'otherDealer');
    expect(idsOf(theirs.vehicles)).toContain(otherDealerVehicle);
    expect(idsOf(theirs.vehicles)).not.toContain(dealerVehicle);
    expect(idsOf(theirs.deals)).not.toContain(dealerDeal.id);

    const byVin = await found(dealerDeal.vin, 'otherDealer');
    expect(byVin.deals).toEqual([]);
    expect((await found(client.email!, 'dealer')).clients).toEqual([]);
    expect((await found(leadName, 'dealer')).leads).toEqual([]);
  });

  it("shows brokers and admins every dealership's vehicles", async () => {
    for (const caller of ['broker', 'admin'] as const) {
      const body = await found(model, caller);
      expect(idsOf(body.vehicles), caller).toEqual(expect.arrayContaining([dealerVehicle, otherDealerVehicle]));
      expect(body.vehicles.find((hit) => hit.id === dealerVehicle)?.path).toBe(`/marketplace/${dealerVehicle}`);
    }
  });

  it("finds leads by name, e-mail and phone: admins every lead, a broker their inbox's only", async () => {
    const admins = await found(leadName, 'admin');
    expect(idsOf(admins.leads)).toEqual(expect.arrayContaining([poolLead, otherBrokersLead]));

    const brokers = await found(leadName, 'broker');
    expect(idsOf(brokers.leads)).toContain(poolLead);
    expect(idsOf(brokers.leads)).not.toContain(otherBrokersLead);
    expect(idsOf((await found(leadName, 'otherBroker')).leads)).toContain(otherBrokersLead);

    const byPhone = await found(`${leadPhone.slice(0, 3)}-${leadPhone.slice(3, 6)}-${leadPhone.slice(6)}`, 'broker');
    expect(idsOf(byPhone.leads)).toEqual([poolLead]);
    expect(byPhone.leads[0]).toMatchObject({ path: `/leads/${poolLead}`, title: `Poolie ${leadName}` });
    // By the phone's last 4 and last 7 digits, as a client is.
    for (const q of [leadPhone.slice(-4), leadPhone.slice(-7), `${leadPhone.slice(-7, -4)}-${leadPhone.slice(-4)}`]) {
      expect(idsOf((await found(q, 'broker')).leads), q).toContain(poolLead);
    }

    // The leads inbox needs a licence: an approved broker without one finds no leads (but clients still).
    const unlicensed = await found(leadName, 'unlicensedBroker');
    expect(unlicensed.leads).toEqual([]);
  });
});

describe('GET /search: a crowded prefix', () => {
  /** 4 random letters: a token listing only this run writes to. */
  const runPrefix = () => Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const letters = (n: number) => String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26));

  it('finds the one client matching the whole query behind 55 others sharing its 4-letter token', async () => {
    const prefix = runPrefix();
    const crowd = Array.from({ length: 55 }, (_, n) => `${prefix}a${letters(n)} Crowd`);
    const surname = uniqueWord('Qx');
    // Name order puts the crowd ("{prefix}a..") before the match ("{prefix}z.."): the whole listing must be read past it.
    const matchName = `${prefix}zeta ${surname}`;
    const create = (fullName: string) =>
      apiFetch<ClientView>('/clients', {
        token: principals.tokenOf('broker'),
        body: { fullName, email: `${uniqueWord('crowd')}@example.com` },
      });
    for (let start = 0; start < crowd.length; start += 8) {
      const responses = await Promise.all(crowd.slice(start, start + 8).map(create));
      for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBe(201);
    }
    const match = await create(matchName);
    expect(match.status, JSON.stringify(match.body)).toBe(201);

    // The longest word ("{prefix}zeta", 8 letters) picks the listing of its first 4 letters, which all 56 share.
    const body = await found(`${prefix}zeta ${surname.slice(0, 3)}`, 'admin');
    expect(idsOf(body.clients)).toEqual([match.body.id]);
  });
});

describe('GET /search: more than 1,000 entries sharing a prefix', () => {
  const runPrefix = () => Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const letters = (n: number) => String.fromCharCode(97 + Math.floor(n / 676), 97 + (Math.floor(n / 26) % 26), 97 + (n % 26));
  const CROWD = 1_100;

  it('finds the client behind 1,100 others sharing its first 4 letters: a 6-letter search reads only its own listing', async () => {
    const prefix = runPrefix();
    const now = new Date();
    // Written through the clients store (the same transaction as POST /clients, without 1,100 HTTP round trips).
    const crowd = Array.from({ length: CROWD }, (_, n) => `${prefix}a${letters(n)} Crowd`);
    for (let start = 0; start < crowd.length; start += 20) {
      await Promise.all(
        crowd
          .slice(start, start + 20)
          .map((fullName) => data().clients.create({ fullName, profileId: principals.of.broker.userId }, now)),
      );
    }
    // Name order puts the crowd ("{prefix}a..") before the match ("{prefix}z.."): under the old 4-letter listing the
    // match was entry 1,101, past the 1,000 a search reads.
    const surname = uniqueWord('Qx');
    const { client: match } = await data().clients.create(
      { fullName: `${prefix}zeta ${surname}`, profileId: principals.of.broker.userId },
      now,
    );

    expect(idsOf((await found(`${prefix}ze`, 'admin')).clients)).toEqual([match.id]);
    expect(idsOf((await found(`${prefix}zeta ${surname.slice(0, 3)}`, 'admin')).clients)).toEqual([match.id]);
    // The crowd itself: a 5-letter search of it reads its own listing and answers the first in name order.
    const crowded = await found(`${prefix}a`, 'admin');
    expect(crowded.clients.map((hit) => hit.title)).toEqual(crowd.slice(0, 5));
  }, 180_000);
});

describe('GET /search: who may search', () => {
  it('refuses consumers and brokers waiting for approval (403)', async () => {
    for (const caller of ['consumer', 'pendingBroker'] as const) {
      const response = await search(client.fullName, caller);
      expect(response.status, caller).toBe(403);
    }
  });

  it('answers an empty search with a 400 naming the field', async () => {
    const response = await search('   ', 'broker');
    expect(response.status).toBe(400);
    expect((response.body as unknown as ApiErrorBody).error.fields?.q).toBe(SEARCH_QUERY_REQUIRED_MESSAGE);
  });
});
