/**
 * Lender programs in Chromium (docs/decisions.md, "Programs"): an admin adds a lender and imports a month's program of
 * 2,000 rows from a CSV file made here (columns guessed from the headers, every row checked, chunks with a progress
 * bar) and sees the month as the newest version with its rows; a file with impossible values lists each problem
 * naming its row and field and imports nothing (and a link to an unknown lender offers no import); an unfinished
 * import resumes when the same file is chosen again after a reload; an approved broker finds a vehicle's program
 * from the navigation.
 */
import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROGRAM_CHUNK_ROWS, type Lender, type ProgramVersion } from '@shared/programs/api';
import { autoMapProgramColumns, PROGRAM_CSV_HEADER, programValues, type ProgramCsvField } from '@shared/programs/rows';
import { parseCsv } from '@shared/transfers/csv';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';
import { expectAccessible, expectPath, expectToast, useWebApp } from './browser';
import { signInAs } from './session';
import { uniqueLetters } from './unique';

const openApp = useWebApp();

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});

type ProgramCells = Partial<Record<ProgramCsvField, string>>;

/** A make no other test uses, so a match sees only this file's rows. */
const uniqueMake = () => `Make${randomUUID().replace(/-/g, '').slice(0, 10)}`;

/** `count` program rows of `make`: models, terms and mileages varied, every value possible. */
function programRows(make: string, count: number): ProgramCells[] {
  return Array.from({ length: count }, (_, index) => ({
    year: String(2024 + (index % 4)),
    make,
    model: `Model ${Math.floor(index / 4) % 50}`,
    trim: index % 3 === 0 ? '' : `Trim ${index % 5}`,
    termMonths: String([24, 36, 39, 48][Math.floor(index / 200) % 4]),
    milesPerYear: String([7500, 10000, 12000, 15000, 20000][Math.floor(index / 200) % 5]),
    residualPercent: '58',
    buyRateMoneyFactor: '0.00185',
    maxMarkup: '0.0004',
    acquisitionFee: '650',
    acquisitionFeeTaxable: 'no',
    incentives: 'Winter cash: 1000: lease cash + loyalty',
    effectiveFrom: '2026-12-01',
    effectiveTo: '2026-12-31',
  }));
}

/** The rows as a CSV file with the example file's header. */
function csvOf(rows: ProgramCells[]): Buffer {
  const fields = Object.keys(autoMapProgramColumns(PROGRAM_CSV_HEADER)) as ProgramCsvField[];
  const lines = rows.map((row) => fields.map((field) => (row[field] ?? '').replace(/^(.*[,"].*)$/, '"$1"')).join(','));
  return Buffer.from([PROGRAM_CSV_HEADER.join(','), ...lines].join('\r\n'));
}

async function addLender(): Promise<Lender> {
  const response = await apiFetch<Lender>('/programs/lenders', {
    token: principals.tokenOf('admin'),
    body: { name: `Lender ${uniqueLetters()} ${randomUUID().slice(0, 6)}` },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Starts a month's import through the API as the screen does (same rows, same hash) and sends `chunks` chunks. */
async function importThroughApi(lender: Lender, month: string, file: Buffer, chunks: number): Promise<ProgramVersion> {
  const [header, ...records] = parseCsv(file.toString('utf8'));
  const mapping = autoMapProgramColumns(header!);
  const rows = records.map((record) => programValues(record, mapping));
  const fileHash = createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  const path = `/programs/lenders/${lender.id}/versions`;
  const started = await apiFetch<ProgramVersion>(path, {
    token: principals.tokenOf('admin'),
    body: { month, fileHash, fileName: 'programs.csv', total: rows.length },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  let version = started.body;
  for (let sent = 0; sent < chunks && version.status !== 'ready'; sent++) {
    const chunk = await apiFetch<{ version: ProgramVersion }>(`${path}/${month}/rows`, {
      token: principals.tokenOf('admin'),
      body: { start: version.cursor, rows: rows.slice(version.cursor, version.cursor + PROGRAM_CHUNK_ROWS) },
    });
    expect(chunk.status, JSON.stringify(chunk.body)).toBe(200);
    version = chunk.body.version;
  }
  return version;
}

describe('lender programs', () => {
  it('an admin adds a lender and imports a 2,000-row program in the browser; the month is the newest version', async () => {
    const { page } = await openApp();
    await signInAs(page, 'admin');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programs' }).click();
    await expectPath(page, '/programs');
    await page.getByRole('link', { name: 'Lenders and imports' }).click();
    await expectPath(page, '/admin/lenders');
    await page.getByRole('heading', { level: 1, name: 'Lenders' }).waitFor();
    expect(await page.title()).toBe('Lenders · LeaseDesk');

    // Added through the dialog: a blank name is refused on its field first.
    const name = `Lender ${uniqueLetters()} ${randomUUID().slice(0, 6)}`;
    await page.getByRole('button', { name: 'Add lender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add lender' });
    await dialog.getByRole('button', { name: 'Add lender' }).click();
    await dialog.getByText('Lender name is required').waitFor();
    await expect.poll(() => dialog.getByLabel('Lender name').evaluate((input) => input === document.activeElement)).toBe(true);
    await dialog.getByLabel('Lender name').fill(name);
    await dialog.getByRole('button', { name: 'Add lender' }).click();
    await expectToast(page, { title: 'Lender added', description: `${name} can now import its programs.`, variant: 'success' });
    await page.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `${name} programs` }).waitFor();
    await page.getByText('No programs yet').waitFor();

    await page.getByRole('link', { name: 'Import a month' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import a program' }).waitFor();
    expect(await page.title()).toBe('Import a program · LeaseDesk');
    const rows = programRows(uniqueMake(), 2000);
    await page.getByLabel('CSV file').setInputFiles({ name: 'december.csv', mimeType: 'text/csv', buffer: csvOf(rows) });
    // Every column guessed from the example header; the month from the rows' first effective date. Reading and
    // checking 2,000 rows in a development build on a busy machine takes a while: wait for the count.
    await page.getByText('2000 rows: 2000 ready, 0 with problems.').waitFor({ timeout: 90_000 });
    await page.getByRole('combobox', { name: 'Residual %' }).filter({ hasText: 'Residual %' }).waitFor();
    await expect.poll(() => page.getByLabel('Program month').inputValue()).toBe('2026-12');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Import 2000 rows' }).click();
    const finished = page.getByRole('status').filter({ hasText: 'Import finished' });
    await finished.getByText(`Import finished: ${name}, December 2026 program, 2000 rows.`).waitFor({ timeout: 120_000 });
    await page.getByText('Imported 2000 of 2000').waitFor();

    await finished.getByRole('link', { name: 'See the program' }).click();
    await page.getByRole('heading', { level: 1, name: `${name}, December 2026 program` }).waitFor();
    const table = page.getByRole('table', { name: 'Program rows' });
    await table.getByRole('rowheader', { name: `2024 ${rows[0]!.make} Model 0, all trims` }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).waitFor();

    await page.getByRole('link', { name: 'Back to the lender' }).click();
    const month = page.getByRole('table', { name: 'Programs by month' }).getByRole('row', { name: /December 2026/ });
    await month.getByText('Newest').waitFor();
    await month.getByText('2,000').waitFor();
  }, 240_000);

  it('lists each impossible value of a file naming its row and field, and imports nothing; an unknown lender has no import', async () => {
    const lender = await addLender();
    const rows = programRows(uniqueMake(), 6);
    rows[1] = { ...rows[1], residualPercent: '101' };
    rows[2] = { ...rows[2], buyRateMoneyFactor: '0.02' };
    rows[3] = { ...rows[3], effectiveFrom: '2026-12-10', effectiveTo: '2026-12-01' };
    rows[4] = { ...rows[4], year: 'next year' };

    const { page } = await openApp();
    // A stale link to a lender that does not exist says so, and offers no file that could never be imported.
    await signInAs(page, 'admin', '/admin/lenders/no-such-lender/import');
    await page.getByRole('alert').getByText('Lender not found', { exact: true }).waitFor();
    await expect(page.getByLabel('CSV file').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Try again' }).count()).resolves.toBe(0);
    await page.goto(`/admin/lenders/${lender.id}/import`);
    await page.getByLabel('CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: csvOf(rows) });
    await page.getByText('6 rows: 2 ready, 4 with problems.').waitFor();
    const problems = page.getByRole('list', { name: /A program is imported whole/ });
    await expect
      .poll(() => problems.getByRole('listitem').allTextContents())
      .toEqual([
        'Row 3, Residual %: Residual % must be more than 0 and at most 100',
        'Row 4, Buy rate MF: Buy rate MF must be from 0 to 0.01',
        'Row 5, Effective to: Effective to must be on or after Effective from',
        'Row 6, Model year: Model year must be a number',
      ]);
    const preview = page.getByRole('table', { name: 'Preview of the first rows' });
    await preview
      .getByRole('row', { name: /^3 / })
      .getByText('Residual %: Residual % must be more than 0 and at most 100')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Import 6 rows' }).isDisabled()).toBe(true);

    const versions = await apiFetch<{ versions: ProgramVersion[] }>(`/programs/lenders/${lender.id}/versions`, {
      token: principals.tokenOf('admin'),
    });
    expect(versions.body.versions).toEqual([]);
  }, 120_000);

  it('resumes an unfinished import when the same file is chosen again after a reload', async () => {
    const lender = await addLender();
    const file = csvOf(programRows(uniqueMake(), 250));
    // The first chunk went in before the tab was closed.
    const stopped = await importThroughApi(lender, '2027-01', file, 1);
    expect(stopped).toMatchObject({ status: 'importing', cursor: PROGRAM_CHUNK_ROWS });

    const { page } = await openApp();
    await signInAs(page, 'admin', `/admin/lenders/${lender.id}`);
    const month = page.getByRole('table', { name: 'Programs by month' }).getByRole('row', { name: /January 2027/ });
    await month.getByText(`${PROGRAM_CHUNK_ROWS} of 250`).waitFor();
    await month.getByRole('link', { name: 'Resume with the same file' }).click();
    await page.getByText(`The January 2027 import stopped at ${PROGRAM_CHUNK_ROWS} of 250 rows`).waitFor();
    await page.getByLabel('CSV file').setInputFiles({ name: 'programs.csv', mimeType: 'text/csv', buffer: file });
    // The month of the unfinished import, not the rows' (December): the same file resumes it.
    await expect.poll(() => page.getByLabel('Program month').inputValue()).toBe('2027-01');
    await page.getByRole('button', { name: 'Import 250 rows' }).click();
    await page.getByText(`Import finished: ${lender.name}, January 2027 program, 250 rows.`).waitFor({ timeout: 60_000 });

    const rows = await apiFetch<{ rows: unknown[]; nextCursor: string | null }>(
      `/programs/lenders/${lender.id}/versions/2027-01/rows`,
      { token: principals.tokenOf('admin') },
    );
    expect(rows.body.rows).toHaveLength(200);
    expect(rows.body.nextCursor).not.toBeNull();
  }, 120_000);

  it('an approved broker finds the programs of a vehicle from the navigation', async () => {
    const lender = await addLender();
    const make = uniqueMake();
    const rows = programRows(make, 8);
    await importThroughApi(lender, '2026-12', csvOf(rows), 1);

    const { page } = await openApp();
    await signInAs(page, 'broker');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Programs' }).click();
    await expectPath(page, '/programs');
    await page.getByRole('heading', { level: 1, name: 'Find programs' }).waitFor();
    expect(await page.title()).toBe('Find programs · LeaseDesk');
    await page.getByText('Give the vehicle, term, mileage, state and date to see its programs.').waitFor();

    // A missing field is refused on it, and the focus goes there.
    await page.getByRole('button', { name: 'Find programs' }).click();
    await page.getByText('Year must be a whole number from 1990 to 2100').waitFor();
    await expect.poll(() => page.getByLabel('Model year').evaluate((input) => input === document.activeElement)).toBe(true);

    await page.getByLabel('Model year').fill('2024');
    await page.getByLabel('Make').fill(make);
    await page.getByLabel('Model', { exact: true }).fill('Model 0');
    await page.getByLabel('Term (months)').fill('24');
    await page.getByLabel('Miles per year').fill('7500');
    await page.getByLabel('State').fill('ca');
    await page.getByLabel('Date').fill('2026-12-15');
    await page.getByRole('button', { name: 'Find programs' }).click();
    const found = page.getByRole('table', { name: 'Programs found' });
    const row = found.getByRole('row', { name: new RegExp(`2024 ${make} Model 0, all trims`) });
    await row.getByText(`${lender.name}, December 2026 program`).waitFor();
    await row.getByText('58%').waitFor();
    await row.getByText('Max MF 0.00225').waitFor();
    await row.getByText('Winter cash $1,000 (Lease cash; stacks with Loyalty)').waitFor();
    await expectAccessible(page);

    // Another mileage: no program, said so.
    await page.getByLabel('Miles per year').fill('30000');
    await page.getByRole('button', { name: 'Find programs' }).click();
    await page.getByText('No programs found').waitFor();
  }, 120_000);
});
