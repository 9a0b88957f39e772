/**
 * Lender programs and lease deals for the desk's browser tests (program-desk, program-compare), made through the API
 * as an admin's import screen and a broker's deal form would: a lender, a month's program imported chunk by chunk, a
 * row of every trim of a test's own vehicle, and a lease deal of the demo broker for that vehicle. Also the deal
 * saves a page sends (every desk test checks that Enter in a desk panel's field saves nothing).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDays } from '@shared/calendar';
import type { ClientView } from '@shared/clients/api';
import type { DealView } from '@shared/deals/api';
import type { DealershipListResponse } from '@shared/dealerships/api';
import { PROGRAM_CHUNK_ROWS, type Lender, type ProgramVersion } from '@shared/programs/api';
import { localDate } from '@shared/programs/desk';
import type { ProgramImportValues } from '@shared/programs/rows';
import type { Principals } from '@test/support/principals';
import { apiFetch } from '@test/support/stack';
import { uniqueLetters } from './unique';

export async function expectOk<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

/** A make no other test uses: the match answers this test's rows only. */
export const uniqueMake = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 8)}`;

/** A new lender, named `name` and something unique. */
export function createLender(principals: Principals, name: string): Promise<Lender> {
  return expectOk(
    apiFetch<Lender>('/programs/lenders', {
      token: principals.tokenOf('admin'),
      body: { name: `${name} ${uniqueLetters()} ${randomUUID().slice(0, 4)}` },
    }),
    201,
  );
}

/** Imports a month's rows through the API as the import screen does: start, then every chunk. */
export async function importMonth(
  principals: Principals,
  lender: Lender,
  month: string,
  rows: ProgramImportValues[],
): Promise<void> {
  const token = principals.tokenOf('admin');
  const path = `/programs/lenders/${lender.id}/versions`;
  let version = await expectOk(
    apiFetch<ProgramVersion>(path, {
      token,
      body: {
        month,
        fileHash: createHash('sha256').update(JSON.stringify(rows)).digest('hex'),
        fileName: `${month}.csv`,
        total: rows.length,
      },
    }),
  );
  while (version.status !== 'ready') {
    const chunk = await expectOk(
      apiFetch<{ version: ProgramVersion }>(`${path}/${month}/rows`, {
        token,
        body: { start: version.cursor, rows: rows.slice(version.cursor, version.cursor + PROGRAM_CHUNK_ROWS) },
      }),
    );
    version = chunk.version;
  }
}

/** A row of every trim of the test's vehicle, 36 months and 10,000 miles, in effect from a month ago for a year. */
export function programRow(make: string, residual: string, overrides: ProgramImportValues = {}): ProgramImportValues {
  const today = localDate(new Date());
  return {
    year: '2027',
    make,
    model: 'Desk',
    trim: '',
    termMonths: '36',
    milesPerYear: '10000',
    residualPercent: residual,
    buyRateMoneyFactor: '0.0012',
    maxMarkup: '0.0004',
    acquisitionFee: '650',
    acquisitionFeeTaxable: 'no',
    incentives: 'Lease cash: 1000: lease cash + loyalty; Loyalty: 500: loyalty + lease cash',
    effectiveFrom: addDays(today, -31),
    effectiveTo: addDays(today, 365),
    ...overrides,
  };
}

/** A lease deal of the demo broker for the program's vehicle. */
export async function leaseDeal(principals: Principals, make: string): Promise<DealView> {
  const token = principals.tokenOf('broker');
  const who = uniqueLetters();
  const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token }));
  const client = await expectOk(
    apiFetch<ClientView>('/clients', {
      token,
      body: { fullName: `Program ${who}`, email: `program.${who.toLowerCase()}@example.com` },
    }),
    201,
  );
  return expectOk(
    apiFetch<DealView>('/deals', {
      token,
      body: {
        clientId: client.id,
        dealershipId: dealerships.dealerships[0]!.id,
        year: 2027,
        make,
        model: 'Desk',
        dealType: 'lease',
        monthlyPayment: 450,
        downPayment: 0,
        termMonths: 36,
        mileageAllowance: 10000,
        moneyFactor: 0.00185,
        apr: 4.44,
        status: 'available',
      },
    }),
    201,
  );
}

/**
 * The saves of a deal the page sends from now on (PATCH /deals/{id}): a step that must not save the deal (Enter in a
 * field of a desk's panel) is checked by the count once the deal is saved on purpose.
 */
export function recordDealSaves(page: Page, dealId: string): { count: () => number } {
  let saves = 0;
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && new URL(request.url()).pathname === `/deals/${dealId}`) saves += 1;
  });
  return { count: () => saves };
}
