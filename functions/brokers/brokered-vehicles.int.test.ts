/**
 * The brokered-vehicle log through the local API (docs/decisions.md, "Brokered-vehicle log"): closing a deal writes
 * one line in the deal's transaction; reopening and closing it again rewrites that line (never a second); archiving
 * and deleting the deal leave it; admins read a range of closing days and export it as formula-safe CSV; a bad range
 * is a 400 naming the problem; nobody but an admin reads it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { DealFields } from '@functions/domain/deals/deals';
import { addDays } from '@shared/calendar';
import { withVinCheckDigit } from '@shared/vehicles/vin';
import { BROKERED_VEHICLE_CSV_HEADER, BROKERED_VEHICLE_MESSAGES } from '@shared/brokers/brokered-vehicles';
import type { BrokeredVehiclesResponse } from '@shared/brokers/brokered-vehicles-api';
import type { DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { CSV_BOM, parseCsv } from '@shared/transfers/csv';
import type { ExportPage } from '@shared/transfers/api';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const data = () => createData();
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);
const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const brokerName = async () => (await data().users.get(principals.of.broker.userId))!.fullName;
const today = () => new Date().toISOString().slice(0, 10);
type Line = BrokeredVehiclesResponse['lines'][number];

/** A pending deal of the demo broker with a client, a dealership and a VIN, created by an admin through the API. */
async function pendingDeal(clientName = `Client ${unique().replace(/\d/g, 'x')}`) {
  const now = new Date();
  const { dealership } = await data().dealerships.create({ name: `Dealer ${unique()}`, location: 'Denver, CO' }, now);
  const { client } = await data().clients.create(
    { fullName: clientName, email: `c-${unique()}@example.com`, profileId: 'test' },
    now,
  );
  const vin = withVinCheckDigit(`1HGCM8263${unique().toUpperCase().replace(/[IOQ]/g, 'X').slice(0, 8)}`);
  const response = await apiFetch<DealView>('/deals', {
    token: as('admin'),
    body: {
      clientId: client.id,
      dealershipId: dealership.id,
      brokerId: principals.of.broker.userId,
      year: 2026,
      make: 'Honda',
      model: 'Accord',
      vin,
      monthlyPayment: 359,
      downPayment: 1999,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.5,
      status: 'pending',
      brokerFeeDealer: 1000,
      brokerFeeClient: 500.5,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { deal: response.body, clientName, vin, dealershipName: dealership.name };
}

async function patchOk(deal: DealView, changes: object): Promise<DealView> {
  const response = await apiFetch<DealView>(`/deals/${deal.id}`, {
    token: as('admin'),
    method: 'PATCH',
    body: { ...deal, ...changes },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const query = (from: string, to: string, cursor?: string) =>
  `from=${from}&to=${to}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

/** Every line of a range, page after page. */
async function linesOf(from: string, to: string): Promise<Line[]> {
  const lines: Line[] = [];
  let cursor: string | undefined;
  do {
    const response = await apiFetch<BrokeredVehiclesResponse>(`/admin/brokered-vehicles?${query(from, to, cursor)}`, {
      token: as('admin'),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    lines.push(...response.body.lines);
    cursor = response.body.nextCursor ?? undefined;
  } while (cursor);
  return lines;
}

/** The range's whole CSV, joined from its pages as the screen joins them. */
async function csvOf(from: string, to: string): Promise<string> {
  let csv = '';
  let cursor: string | undefined;
  do {
    const response = await apiFetch<ExportPage>(`/admin/brokered-vehicles/export?${query(from, to, cursor)}`, {
      token: as('admin'),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    csv += response.body.csv;
    cursor = response.body.nextCursor ?? undefined;
  } while (cursor);
  return csv;
}

const linesOfDeal = async (dealId: string) =>
  (await linesOf(addDays(today(), -1), addDays(today(), 1))).filter((line) => line.dealId === dealId);

describe('logging a brokered vehicle when its deal closes', () => {
  it('writes one line with the closing date, client, VIN, dealership, fee and broker, and only admins see its keys', async () => {
    const { deal, clientName, vin, dealershipName } = await pendingDeal();
    expect(await linesOfDeal(deal.id)).toEqual([]);

    const closed = await patchOk(deal, { status: 'closed' });

    const lines = await linesOfDeal(deal.id);
    expect(lines).toEqual([
      {
        dealId: deal.id,
        closedAt: closed.dealClosedAt,
        clientName,
        vin,
        vehicle: '2026 Honda Accord',
        dealershipName,
        feeCents: 150_050,
        brokerName: await brokerName(),
      },
    ]);
    const page = await apiFetch(`/admin/brokered-vehicles?${query(today(), today())}`, { token: as('admin') });
    expectResponseKeys(page.body, {
      lines: [
        {
          dealId: true,
          closedAt: true,
          clientName: true,
          vin: true,
          vehicle: true,
          dealershipName: true,
          feeCents: true,
          brokerName: true,
        },
      ],
      nextCursor: true,
    });
  });

  it('keeps one line when the deal is reopened and closed again: the line moves to the new close, first-logged time kept', async () => {
    const { deal } = await pendingDeal();
    const closed = await patchOk(deal, { status: 'closed' });
    const first = await data().brokeredVehicles.get(deal.id);

    const reopened = await patchOk(closed, { status: 'active' });
    expect(await linesOfDeal(deal.id)).toHaveLength(1);
    const reclosed = await patchOk(reopened, { status: 'closed', brokerFeeClient: 700 });

    const lines = await linesOfDeal(deal.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ closedAt: reclosed.dealClosedAt, feeCents: 170_000 });
    expect(reclosed.dealClosedAt).not.toBe(closed.dealClosedAt);
    const stored = await data().brokeredVehicles.get(deal.id);
    expect(stored?.loggedAt).toBe(first?.loggedAt);
    expect(stored!.updatedAt > first!.updatedAt).toBe(true);
  });

  it('keeps the line when the deal is archived and when it is deleted', async () => {
    const { deal } = await pendingDeal();
    await patchOk(deal, { status: 'closed' });
    const before = await linesOfDeal(deal.id);
    expect(before).toHaveLength(1);

    const stored = (await data().deals.get(deal.id))!;
    await data().deals.replace(stored, { ...stored, isArchived: true });
    expect(await linesOfDeal(deal.id)).toEqual(before);

    const removed = await apiFetch(`/deals/${deal.id}`, { token: as('admin'), method: 'DELETE' });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await data().deals.get(deal.id)).toBeNull();
    expect(await linesOfDeal(deal.id)).toEqual(before);
  });

  it('writes no line for a deal that never closes', async () => {
    const { deal } = await pendingDeal();
    await patchOk(deal, { status: 'active' });
    expect(await linesOfDeal(deal.id)).toEqual([]);
  });
});

/** A day of the past no other test closes deals on: a random one between 1990 and 2019. */
function pastDay(): string {
  const day = Math.floor(Math.random() * 30 * 365);
  return addDays('1990-01-02', day);
}

/** A client deal stored closed at `closedAt` (through the deals store, which logs it as a close does). */
async function closedAt(closedAtTime: string, clientName = `Client ${unique().replace(/\d/g, 'x')}`) {
  const fields: DealFields = {
    brokerId: principals.of.broker.userId,
    clientName,
    listing: false,
    year: 2020,
    make: 'Toyota',
    model: 'Camry',
    vin: `4T1B11HK${unique().toUpperCase().slice(0, 9)}`,
    dealType: 'lease',
    status: 'closed',
    monthlyPayment: 300,
    downPayment: 1000,
    termMonths: 36,
    isArchived: false,
    creditAppFormType: 'generic',
    brokerFeeDealer: 250,
    dealClosedAt: closedAtTime,
  };
  const { deal } = await data().deals.create(fields, new Date());
  return deal;
}

describe('reading the log by a range of closing days', () => {
  it('takes the lines closed from the first day 00:00 to the last day 23:59:59 (UTC), oldest first', async () => {
    const day = pastDay();
    const dayBefore = await closedAt(`${addDays(day, -1)}T23:59:59.999Z`);
    const start = await closedAt(`${day}T00:00:00.000Z`);
    const end = await closedAt(`${day}T23:59:59.999Z`);
    const dayAfter = await closedAt(`${addDays(day, 1)}T00:00:00.000Z`);
    const ours = new Set([dayBefore.id, start.id, end.id, dayAfter.id]);

    const one = await linesOf(day, day);
    expect(one.filter((line) => ours.has(line.dealId)).map((line) => line.dealId)).toEqual([start.id, end.id]);
    expect(one.every((line) => line.closedAt.startsWith(day))).toBe(true);

    const three = await linesOf(addDays(day, -1), addDays(day, 1));
    expect(three.filter((line) => ours.has(line.dealId)).map((line) => line.dealId)).toEqual([
      dayBefore.id,
      start.id,
      end.id,
      dayAfter.id,
    ]);
    const times = three.map((line) => line.closedAt);
    expect(times).toEqual([...times].sort());
  });

  it('exports the range as CSV: the header, one row per line, and a formula-like client name as text', async () => {
    const day = pastDay();
    const hostile = `=HYPERLINK("http://evil.example/${unique()}","Click")`;
    const deal = await closedAt(`${day}T12:00:00.000Z`, hostile);

    const csv = await csvOf(day, day);

    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toContain(`"'${hostile.replace(/"/g, '""')}"`);
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual(BROKERED_VEHICLE_CSV_HEADER);
    expect(rows.find((row) => row.at(-1) === deal.id)).toEqual([
      day,
      hostile,
      deal.vin,
      '2020 Toyota Camry',
      '',
      '250.00',
      await brokerName(),
      deal.id,
    ]);
  });

  it.each([
    ['no range', '', BROKERED_VEHICLE_MESSAGES.fromRequired],
    ['a malformed start', 'from=2026-13-01&to=2026-12-31', BROKERED_VEHICLE_MESSAGES.fromInvalid],
    ['a malformed end', 'from=2026-01-01&to=31/12/2026', BROKERED_VEHICLE_MESSAGES.toInvalid],
    ['an end before the start', 'from=2026-05-02&to=2026-05-01', BROKERED_VEHICLE_MESSAGES.toBeforeFrom],
    ['a range over 366 days', 'from=2026-01-01&to=2027-01-02', BROKERED_VEHICLE_MESSAGES.rangeTooLong],
  ])('refuses %s with 400 naming the problem, on the page and on the export', async (_name, search, message) => {
    for (const path of ['/admin/brokered-vehicles', '/admin/brokered-vehicles/export']) {
      const response = await apiFetch<ApiErrorBody>(`${path}?${search}`, { token: as('admin') });
      expect(response.status, path).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
  });

  it("refuses a cursor of another range, or one that is not ours, with 400 'Invalid cursor'", async () => {
    const day = pastDay();
    const cursor = Buffer.from(
      JSON.stringify([`brokered-vehicles#${day}#${day}`, `${addDays(day, 5)}T00:00:00.000Z#X`]),
    ).toString('base64url');
    for (const search of [query(day, day, cursor), query(addDays(day, -1), day, cursor), query(day, day, 'garbage')]) {
      const response = await apiFetch<ApiErrorBody>(`/admin/brokered-vehicles?${search}`, { token: as('admin') });
      expect(response.status, search).toBe(400);
      expect(response.body.error.message).toBe('Invalid cursor');
    }
  });

  it.each(['broker', 'unlicensedBroker', 'dealer', 'consumer'] as const)(
    "refuses %s (403): the log is the admins'",
    async (caller) => {
      for (const path of ['/admin/brokered-vehicles', '/admin/brokered-vehicles/export']) {
        const response = await apiFetch<ApiErrorBody>(`${path}?${query(today(), today())}`, { token: as(caller) });
        expect(response.status, `${path} as ${caller}`).toBe(403);
        expect(response.body).not.toHaveProperty('lines');
        expect(response.body).not.toHaveProperty('csv');
      }
    },
  );
});
