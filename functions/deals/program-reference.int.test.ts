/**
 * A deal desked from a lender program keeps the row it was desked with (docs/decisions.md, "Programs"; docs/api.md,
 * "Deals"): the server checks the row exists and the markup is within its maximum, keeps the lender's name, buy rate
 * and most markup as the row had them, and a later month's import leaves the deal's saved numbers as they were.
 */
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { CreateDealRequest, DealDetail, DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import { PROGRAM_CHUNK_ROWS, type Lender, type ProgramVersion } from '@shared/programs/api';
import { PROGRAM_DESK_MESSAGES } from '@shared/programs/desk';
import type { ProgramImportValues } from '@shared/programs/rows';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);

async function addLender(): Promise<Lender> {
  const response = await apiFetch<Lender>('/programs/lenders', {
    token: as('admin'),
    body: { name: `Desk Lender ${unique()}` },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Imports a month's rows as the import screen does (start, then every chunk). */
async function importMonth(lender: Lender, month: string, rows: ProgramImportValues[]): Promise<ProgramVersion> {
  const start = await apiFetch<ProgramVersion>(`/programs/lenders/${lender.id}/versions`, {
    token: as('admin'),
    body: {
      month,
      fileHash: createHash('sha256').update(JSON.stringify(rows)).digest('hex'),
      fileName: 'programs.csv',
      total: rows.length,
    },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  let version = start.body;
  while (version.status !== 'ready') {
    const chunk = await apiFetch<{ version: ProgramVersion }>(`/programs/lenders/${lender.id}/versions/${month}/rows`, {
      token: as('admin'),
      body: { start: version.cursor, rows: rows.slice(version.cursor, version.cursor + PROGRAM_CHUNK_ROWS) },
    });
    expect(chunk.status, JSON.stringify(chunk.body)).toBe(200);
    version = chunk.body.version;
  }
  return version;
}

const programRow = (make: string, residual: string, buyRate: string): ProgramImportValues => ({
  year: '2027',
  make,
  model: 'Desk',
  trim: '',
  termMonths: '36',
  milesPerYear: '10000',
  residualPercent: residual,
  buyRateMoneyFactor: buyRate,
  maxMarkup: '0.0004',
  acquisitionFee: '650',
  acquisitionFeeTaxable: 'no',
  incentives: 'Lease cash: 1000: lease cash + loyalty; Loyalty: 500: loyalty + lease cash',
  effectiveFrom: '2026-01-01',
  effectiveTo: '2027-12-31',
});

/** The deal a desk filled from the row: residual 60%, buy rate 0.0012 + markup 0.0002, the fee, lease cash + loyalty. */
function deskedDeal(make: string, lender: Lender, program: object = {}): Partial<CreateDealRequest> {
  return {
    year: 2027,
    make,
    model: 'Desk',
    dealType: 'lease',
    monthlyPayment: 398.1,
    downPayment: 0,
    termMonths: 36,
    mileageAllowance: 10000,
    apr: 3.36,
    moneyFactor: 0.0014,
    desking: {
      msrp: 40_000,
      sellingPrice: 38_000,
      residualPercent: 60,
      moneyFactor: 0.0014,
      termMonths: 36,
      rebates: 1500,
      fees: [{ name: 'Acquisition fee', amount: 650, capitalized: true, taxable: false }],
      taxRatePercent: 8,
    },
    program: {
      lenderId: lender.id,
      month: '2026-12',
      rowIndex: 0,
      markup: 0.0002,
      incentiveKinds: ['loyalty'],
      state: 'ca',
      deskedOn: '2026-12-05',
      overridden: [],
      ...program,
    },
  } as Partial<CreateDealRequest>;
}

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

async function create(body: object, parties?: Awaited<ReturnType<typeof fixtures>>) {
  return apiFetch<DealView & ApiErrorBody>('/deals', {
    token: as('broker'),
    body: { ...(parties ?? (await fixtures())), ...body },
  });
}

describe('the program a deal was desked with', () => {
  it('is kept with the lender, month, row, markup, ticked incentives and overrides, and answered with its label', async () => {
    const lender = await addLender();
    const make = `Make${unique()}`;
    await importMonth(lender, '2026-12', [programRow(make, '60', '0.0012')]);

    const created = await create(deskedDeal(make, lender, { overridden: ['moneyFactor', 'moneyFactor'] }));

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const expected = {
      lenderId: lender.id,
      month: '2026-12',
      rowIndex: 0,
      markup: 0.0002,
      incentiveKinds: ['loyalty'],
      state: 'CA',
      deskedOn: '2026-12-05',
      overridden: ['moneyFactor'],
      lenderName: lender.name,
      buyRate: 0.0012,
      maxMarkup: 0.0004,
      programLabel: `${lender.name}, December 2026 program`,
    };
    expect(created.body.program).toEqual(expected);
    const detail = await apiFetch<DealDetail>(`/deals/${created.body.id}`, { token: as('broker') });
    expect(detail.body.deal.program).toEqual(expected);
  });

  it('naming a row that does not exist, or a markup above the row maximum, is a 400 and saves nothing', async () => {
    const lender = await addLender();
    const make = `Make${unique()}`;
    await importMonth(lender, '2026-12', [programRow(make, '60', '0.0012')]);

    const parties = await fixtures();

    const noRow = await create(deskedDeal(make, lender, { rowIndex: 1 }), parties);
    const noMonth = await create(deskedDeal(make, lender, { month: '2027-02' }), parties);
    const noLender = await create(deskedDeal(make, lender, { lenderId: 'no-such-lender' }), parties);
    const tooMuch = await create(deskedDeal(make, lender, { markup: 0.0005 }), parties);

    for (const refused of [noRow, noMonth, noLender]) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error.fields).toEqual({ program: PROGRAM_DESK_MESSAGES.rowNotFound });
    }
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.fields).toEqual({ 'program.markup': 'Markup can be at most 0.00040 on this program' });
    expect(await createData().deals.listByClient(parties.clientId)).toEqual([]);
  });

  it("a later month's import leaves a saved deal's numbers and program as they were, and a save keeps them", async () => {
    const lender = await addLender();
    const make = `Make${unique()}`;
    await importMonth(lender, '2026-12', [programRow(make, '60', '0.0012')]);
    const created = await create(deskedDeal(make, lender));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const saved = created.body;

    await importMonth(lender, '2027-01', [programRow(make, '55', '0.0016')]);

    const after = (await apiFetch<DealDetail>(`/deals/${saved.id}`, { token: as('broker') })).body.deal;
    expect(after).toMatchObject({
      monthlyPayment: saved.monthlyPayment,
      moneyFactor: saved.moneyFactor,
      desking: saved.desking,
      program: saved.program,
    });
    const resaved = await apiFetch<DealView>(`/deals/${saved.id}`, {
      token: as('broker'),
      method: 'PATCH',
      body: { ...after, notes: 'Called the client' },
    });
    expect(resaved.status, JSON.stringify(resaved.body)).toBe(200);
    expect(resaved.body).toMatchObject({ desking: saved.desking, program: saved.program, monthlyPayment: saved.monthlyPayment });
  });

  it('a save with no program clears it', async () => {
    const lender = await addLender();
    const make = `Make${unique()}`;
    await importMonth(lender, '2026-12', [programRow(make, '60', '0.0012')]);
    const created = await create(deskedDeal(make, lender));
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const cleared = await apiFetch<DealView>(`/deals/${created.body.id}`, {
      token: as('broker'),
      method: 'PATCH',
      body: { ...created.body, program: null },
    });

    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.program).toBeNull();
  });
});
