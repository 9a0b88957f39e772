/**
 * Lender programs through the local API (docs/api.md "Programs", docs/decisions.md "Programs"):
 * - an admin adds a lender and imports a month's program from the example CSV in chunks; the month lists and its rows
 *   read back; an approved broker reads them and cannot write;
 * - impossible values are refused with the row and the field named, nothing written;
 * - a new month is a new version, the earlier one stays readable; the same month again is refused;
 * - a chunk sent twice (resume) writes nothing twice;
 * - the match answers the rows of the vehicle, term and mileage in effect on the date, a trim-blank row for every trim,
 *   regions judged; 2,000 rows import.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import {
  LENDER_NAME_TAKEN_MESSAGE,
  PROGRAM_CHUNK_ROWS,
  VERSION_EXISTS_MESSAGE,
  type Lender,
  type MatchResponse,
  type ProgramVersion,
  type VersionRowsResponse,
  type VersionsResponse,
} from '@shared/programs/api';
import { autoMapProgramColumns, programValues, type ProgramImportValues } from '@shared/programs/rows';
import { parseCsv } from '@shared/transfers/csv';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const errorOf = (body: unknown) => (body as ApiErrorBody).error;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The example file's rows, mapped by their headers as the import screen maps them. */
function exampleRows(): ProgramImportValues[] {
  const [header, ...records] = parseCsv(readFileSync('docs/examples/programs.csv', 'utf8'));
  const mapping = autoMapProgramColumns(header!);
  return records.map((record) => programValues(record, mapping));
}

async function addLender(): Promise<Lender> {
  const response = await apiFetch<Lender>('/programs/lenders', {
    token: as('admin'),
    body: { name: `Test Lender ${randomUUID().slice(0, 8)}` },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Starts a month's import and sends every chunk, as the screen does. */
async function importMonth(lender: Lender, month: string, rows: ProgramImportValues[]): Promise<ProgramVersion> {
  const start = await apiFetch<ProgramVersion>(`/programs/lenders/${lender.id}/versions`, {
    token: as('admin'),
    body: { month, fileHash: sha256(JSON.stringify(rows)), fileName: 'programs.csv', total: rows.length },
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

const withDates = (rows: ProgramImportValues[], from: string, to: string) =>
  rows.map((row) => ({ ...row, effectiveFrom: from, effectiveTo: to }));

/** A make no other test uses, so a match sees only this test's rows. */
const uniqueMake = () => `Make${randomUUID().replace(/-/g, '').slice(0, 10)}`;

async function match(caller: SignedInCaller, query: Record<string, string>) {
  return apiFetch<MatchResponse>(`/programs/match?${new URLSearchParams(query).toString()}`, { token: as(caller) });
}

describe('lenders and monthly programs', () => {
  it('an admin imports the example file; the month and its rows read back for an approved broker', async () => {
    const lender = await addLender();
    const rows = exampleRows();
    const version = await importMonth(lender, '2026-12', rows);
    expect(version).toMatchObject({ status: 'ready', total: rows.length, cursor: rows.length });
    expect(version.label).toBe(`${lender.name}, December 2026 program`);

    const lenders = await apiFetch<{ lenders: Lender[] }>('/programs/lenders', { token: as('unlicensedBroker') });
    expect(lenders.body.lenders.map((each) => each.id)).toContain(lender.id);
    const versions = await apiFetch<VersionsResponse>(`/programs/lenders/${lender.id}/versions`, { token: as('broker') });
    expect(versions.body.versions.map((each) => each.month)).toEqual(['2026-12']);
    const page = await apiFetch<VersionRowsResponse>(`/programs/lenders/${lender.id}/versions/2026-12/rows`, {
      token: as('broker'),
    });
    expect(page.status).toBe(200);
    expect(page.body.rows).toHaveLength(rows.length);
    expect(page.body.rows[0]).toMatchObject({
      year: 2027,
      make: 'Toyota',
      model: 'RAV4',
      trim: '',
      termMonths: 36,
      milesPerYear: 10000,
      residualPercent: 62,
      buyRateMoneyFactor: 0.00185,
      acquisitionFee: { amount: 650, taxable: false },
      securityDeposits: { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0.00075 },
      onePay: { allowed: true, moneyFactor: 0.0012 },
    });
    expect(page.body.rows[0]!.incentives).toEqual([
      { name: 'Sample lease cash', amount: 1000, kind: 'lease_cash', stacksWith: ['loyalty'] },
      { name: 'Sample loyalty', amount: 500, kind: 'loyalty', stacksWith: ['lease_cash'] },
    ]);
  });

  it('a broker cannot add a lender or import a program (403)', async () => {
    const lender = await addLender();
    const denied = await apiFetch(`/programs/lenders/${lender.id}/versions`, {
      token: as('broker'),
      body: { month: '2026-12', fileHash: sha256('x'), fileName: 'p.csv', total: 1 },
    });
    expect(denied.status).toBe(403);
    expect((await apiFetch('/programs/lenders', { token: as('broker'), body: { name: 'Broker Lender' } })).status).toBe(403);
  });

  it('a lender name taken (without regard to case or punctuation) is refused with 409', async () => {
    const lender = await addLender();
    const again = await apiFetch('/programs/lenders', {
      token: as('admin'),
      body: { name: lender.name.toUpperCase().replace(/ /g, '-') },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(LENDER_NAME_TAKEN_MESSAGE);
  });

  it.each([
    ['residual over 100%', { residualPercent: '101' }, 'Row 3, Residual %: Residual % must be more than 0 and at most 100'],
    ['a money factor over 0.01', { buyRateMoneyFactor: '0.02' }, 'Row 3, Buy rate MF: Buy rate MF must be from 0 to 0.01'],
    [
      'effective to before effective from',
      { effectiveFrom: '2026-12-10', effectiveTo: '2026-12-01' },
      'Row 3, Effective to: Effective to must be on or after Effective from',
    ],
  ])('a chunk with %s is refused naming the row and the field, nothing written', async (_name, change, message) => {
    const lender = await addLender();
    const rows = exampleRows();
    rows[1] = { ...rows[1], ...change };
    const start = await apiFetch<ProgramVersion>(`/programs/lenders/${lender.id}/versions`, {
      token: as('admin'),
      body: { month: '2026-12', fileHash: sha256(JSON.stringify(rows)), fileName: 'bad.csv', total: rows.length },
    });
    const refused = await apiFetch(`/programs/lenders/${lender.id}/versions/2026-12/rows`, {
      token: as('admin'),
      body: { start: 0, rows },
    });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.body).message).toBe(message);
    const page = await apiFetch<VersionRowsResponse>(`/programs/lenders/${lender.id}/versions/2026-12/rows`, {
      token: as('admin'),
    });
    expect(page.body.rows).toEqual([]);
    expect(page.body.version.cursor).toBe(start.body.cursor);
  });

  it('a new month is a new version, the earlier stays readable; the same month again is refused', async () => {
    const lender = await addLender();
    await importMonth(lender, '2026-11', withDates(exampleRows(), '2026-11-01', '2026-11-30'));
    await importMonth(lender, '2026-12', exampleRows());
    const versions = await apiFetch<VersionsResponse>(`/programs/lenders/${lender.id}/versions`, { token: as('admin') });
    expect(versions.body.versions.map((each) => each.month)).toEqual(['2026-12', '2026-11']);
    const november = await apiFetch<VersionRowsResponse>(`/programs/lenders/${lender.id}/versions/2026-11/rows`, {
      token: as('broker'),
    });
    expect(november.body.rows[0]!.effectiveTo).toBe('2026-11-30');

    const rows = exampleRows().slice(0, 2);
    const again = await apiFetch(`/programs/lenders/${lender.id}/versions`, {
      token: as('admin'),
      body: { month: '2026-12', fileHash: sha256(JSON.stringify(rows)), fileName: 'again.csv', total: rows.length },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).message).toBe(VERSION_EXISTS_MESSAGE);
  });

  it('a chunk sent again (resume) writes nothing twice, and an unfinished month is not shown to brokers', async () => {
    const lender = await addLender();
    const rows = exampleRows();
    const body = { month: '2026-12', fileHash: sha256(JSON.stringify(rows)), fileName: 'p.csv', total: rows.length };
    await apiFetch(`/programs/lenders/${lender.id}/versions`, { token: as('admin'), body });
    const path = `/programs/lenders/${lender.id}/versions/2026-12/rows`;
    const first = await apiFetch<{ version: ProgramVersion }>(path, {
      token: as('admin'),
      body: { start: 0, rows: rows.slice(0, 3) },
    });
    expect(first.body.version).toMatchObject({ cursor: 3, status: 'importing' });
    expect((await apiFetch(path, { token: as('broker') })).status).toBe(404);

    const resumed = await apiFetch<ProgramVersion>(`/programs/lenders/${lender.id}/versions`, { token: as('admin'), body });
    expect(resumed.body.cursor).toBe(3);
    const twice = await apiFetch<{ version: ProgramVersion }>(path, { token: as('admin'), body: { start: 0, rows } });
    expect(twice.body.version).toMatchObject({ cursor: rows.length, status: 'ready' });
    const page = await apiFetch<VersionRowsResponse>(path, { token: as('broker') });
    expect(page.body.rows.map((row) => row.index)).toEqual(rows.map((_, index) => index));
  });
});

describe('GET /programs/match', () => {
  it('answers the rows in effect for the vehicle, term, mileage, state and date; a trim-blank row for every trim', async () => {
    const lender = await addLender();
    const make = uniqueMake();
    const base = {
      year: '2027',
      make,
      model: 'Sample SUV',
      termMonths: '36',
      milesPerYear: '10000',
      buyRateMoneyFactor: '0.002',
      maxMarkup: '0.0004',
    };
    const rows: ProgramImportValues[] = [
      { ...base, trim: '', residualPercent: '60', effectiveFrom: '2026-12-01', effectiveTo: '2026-12-31' },
      { ...base, trim: 'Limited', residualPercent: '58', effectiveFrom: '2026-12-01', effectiveTo: '2026-12-31' },
      { ...base, trim: 'Sport', residualPercent: '57', effectiveFrom: '2026-12-01', effectiveTo: '2026-12-31' },
      { ...base, trim: '', residualPercent: '59', effectiveFrom: '2026-12-01', effectiveTo: '2026-12-31', states: 'NY' },
      { ...base, trim: '', residualPercent: '55', effectiveFrom: '2026-12-01', effectiveTo: '2026-12-31', milesPerYear: '12000' },
      { ...base, trim: '', residualPercent: '54', effectiveFrom: '2026-12-01', effectiveTo: '2026-12-31', termMonths: '39' },
      { ...base, trim: '', residualPercent: '53', effectiveFrom: '2026-11-01', effectiveTo: '2026-11-30' },
      { ...base, trim: '', residualPercent: '52', effectiveFrom: '2026-12-20', effectiveTo: '2026-12-31' },
    ];
    await importMonth(lender, '2026-12', rows);

    const query = {
      year: '2027',
      make: make.toUpperCase(),
      model: 'sample  suv',
      trim: 'limited',
      termMonths: '36',
      milesPerYear: '10000',
      state: 'ca',
      date: '2026-12-15',
    };
    const response = await match('broker', query);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.matches.map((row) => row.residualPercent)).toEqual([60, 58]);
    expect(response.body.matches[0]).toMatchObject({
      lenderId: lender.id,
      lenderName: lender.name,
      month: '2026-12',
      programLabel: `${lender.name}, December 2026 program`,
      buyRateMoneyFactor: 0.002,
      maxMarkup: 0.0004,
      maxMoneyFactor: 0.0024,
    });
    expect((await match('unlicensedBroker', { ...query, state: 'NY' })).body.matches.map((row) => row.residualPercent)).toEqual([
      60, 58, 59,
    ]);
    expect((await match('admin', { ...query, trim: '' })).body.matches.map((row) => row.residualPercent)).toEqual([60, 58, 57]);
    expect((await match('admin', { ...query, date: '2026-12-25' })).body.matches.map((row) => row.residualPercent)).toEqual([
      60, 58, 52,
    ]);
    expect((await match('admin', { ...query, date: '2027-01-02' })).body.matches).toEqual([]);
  });

  it('refuses a query without its vehicle, term, mileage, state or date with 400', async () => {
    const response = await match('broker', {
      year: '2027',
      make: 'Toyota',
      model: 'RAV4',
      termMonths: '36',
      state: 'CA',
      date: '2026-12-15',
    });
    expect(response.status).toBe(400);
  });

  it('2,000 rows import in chunks and the match still reads one vehicle', async () => {
    const lender = await addLender();
    const make = uniqueMake();
    const rows: ProgramImportValues[] = Array.from({ length: 2000 }, (_, index) => ({
      year: String(2020 + (index % 8)),
      make,
      model: `Model ${Math.floor(index / 8) % 50}`,
      trim: index % 3 === 0 ? '' : `Trim ${index % 5}`,
      termMonths: String([24, 36, 39, 48][Math.floor(index / 400) % 4]),
      milesPerYear: String([7500, 10000, 12000, 15000, 20000][Math.floor(index / 400) % 5]),
      residualPercent: '55',
      buyRateMoneyFactor: '0.0021',
      effectiveFrom: '2026-12-01',
      effectiveTo: '2026-12-31',
    }));
    const version = await importMonth(lender, '2026-12', rows);
    expect(version).toMatchObject({ status: 'ready', cursor: 2000 });
    const expected = rows.filter(
      (row) => row.year === '2020' && row.model === 'Model 0' && row.termMonths === '24' && row.milesPerYear === '7500',
    ).length;
    const response = await match('broker', {
      year: '2020',
      make,
      model: 'Model 0',
      termMonths: '24',
      milesPerYear: '7500',
      state: 'CA',
      date: '2026-12-15',
    });
    expect(response.body.matches).toHaveLength(expected);
    expect(expected).toBeGreaterThan(0);
  }, 120_000);
});
