/**
 * CSV import and export through the local API (docs/api.md "CSV import and export", docs/decisions.md):
 * - exports: a broker exports only their own clients, deals and leads (in the shared book and in own book), an admin
 *   everything, page by page, as CSV with the BOM and the header on the first page;
 * - the client import: a duplicate in the file and one of an existing client, skipped or updating it; another user's
 *   import is 404; a chunk cut off in the middle leaves every client whole and the cursor where it was, and sending
 *   it again (resume) finishes it without writing anything twice;
 * - an export of clients re-imports cleanly.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import type { Identity } from '@functions/lib/auth-context';
import type { ClientView } from '@shared/clients/api';
import { CLIENT_FORM_REQUIRED_MESSAGE } from '@shared/clients/schemas';
import type { ApiErrorBody } from '@shared/errors';
import {
  DUPLICATE_SKIPPED_MESSAGE,
  IMPORT_NOT_FOUND_MESSAGE,
  ROW_IMPORTED_BEFORE_MESSAGE,
  type ClientMatchesResponse,
  type ExportPage,
  type ImportJob,
  type ImportRowsResponse,
} from '@shared/transfers/api';
import { autoMapColumns, CLIENT_CSV_HEADER, mappedValues, type ClientImportValues } from '@shared/transfers/client-rows';
import { CSV_BOM, parseCsv } from '@shared/transfers/csv';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { findRoute } from '@shared/api/routes';
import { formatPhone } from '@shared/format';
import { TOO_MANY_REQUESTS_MESSAGE } from '@functions/lib/rate-limit';
import { apiFetch, createUser, signIn, TEST_PASSWORD } from '@test/support/stack';
import { importRows } from './client-import';
import type { TransfersData } from './data';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
});
afterAll(() => setClientBook('shared'));

const as = (caller: SignedInCaller) => principals.tokenOf(caller);
const unique = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8);
const uniqueEmail = () => `csv.${randomUUID()}@example.com`;
/** A phone no other test has: random area code and exchange (the tests' fixed phones use 555). */
const uniquePhone = () => {
  const digits = (length: number) => Array.from({ length }, () => Math.floor(Math.random() * 10)).join('');
  return `+1 (${2 + Math.floor(Math.random() * 8)}${digits(2)}) ${6 + Math.floor(Math.random() * 4)}${digits(2)}-${digits(4)}`;
};
const errorOf = (body: unknown) => (body as ApiErrorBody).error;

async function addClient(caller: SignedInCaller, fields: Record<string, unknown> = {}): Promise<ClientView> {
  const response = await apiFetch<ClientView>('/clients', {
    token: as(caller),
    body: { fullName: `Csv ${unique()}`, email: uniqueEmail(), ...fields },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Every page of an export joined, as the web does. */
async function exportAll(kind: 'clients' | 'deals' | 'leads', caller: SignedInCaller): Promise<string> {
  let text = '';
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await apiFetch<ExportPage>(`/exports/${kind}${query}`, { token: as(caller) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    text += response.body.csv;
    cursor = response.body.nextCursor;
  } while (cursor);
  return text;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function startImport(caller: SignedInCaller, file: string, total: number, onDuplicate: 'skip' | 'update' = 'skip') {
  const response = await apiFetch<ImportJob>('/client-imports', {
    token: as(caller),
    body: { fileHash: sha256(file), fileName: 'clients.csv', total, onDuplicate },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const sendRows = (caller: SignedInCaller, id: string, start: number, rows: ClientImportValues[]) =>
  apiFetch<ImportRowsResponse>(`/client-imports/${id}/rows`, { token: as(caller), body: { start, rows } });

describe('exports', () => {
  it("a broker's clients export holds their own clients only, whatever the book; an admin's holds everyone's", async () => {
    const mine = await addClient('broker', { notes: '=1+2' });
    const theirs = await addClient('otherBroker');

    for (const book of ['shared', 'own'] as const) {
      await setClientBook(book);
      const csv = await exportAll('clients', 'broker');
      expect(csv.startsWith(`${CSV_BOM}${CLIENT_CSV_HEADER.join(',')}\r\n`)).toBe(true);
      expect(csv).toContain(mine.email);
      expect(csv).not.toContain(theirs.email);
    }
    await setClientBook('shared');
    const all = await exportAll('clients', 'admin');
    expect(all).toContain(mine.email);
    expect(all).toContain(theirs.email);
    // Formula-safe: a note that a spreadsheet would run is written as text.
    expect(all).toContain("'=1+2");
  });

  it("a broker's deals and leads exports hold their own only; an admin's hold everyone's", async () => {
    const [brokerDeals, otherDeals, adminDeals] = await Promise.all([
      exportAll('deals', 'broker'),
      exportAll('deals', 'otherBroker'),
      exportAll('deals', 'admin'),
    ]);
    expect(brokerDeals).toContain(principals.records.dealerVehicle);
    expect(brokerDeals).not.toContain(principals.records.otherDealerVehicle);
    expect(otherDeals).toContain(principals.records.otherDealerVehicle);
    expect(adminDeals).toContain(principals.records.dealerVehicle);
    expect(adminDeals).toContain(principals.records.otherDealerVehicle);

    const [brokerLeads, otherLeads, adminLeads] = await Promise.all([
      exportAll('leads', 'broker'),
      exportAll('leads', 'otherBroker'),
      exportAll('leads', 'admin'),
    ]);
    expect(brokerLeads).toContain(principals.records.brokerLead);
    expect(brokerLeads).not.toContain(principals.records.poolLead);
    expect(otherLeads).not.toContain(principals.records.brokerLead);
    expect(adminLeads).toContain(principals.records.brokerLead);
    expect(adminLeads).toContain(principals.records.poolLead);
  });

  it('refuses a cursor it did not make (400)', async () => {
    const response = await apiFetch('/exports/clients?cursor=bm9wZQ', { token: as('broker') });
    expect(response.status).toBe(400);
  });
});

describe('the client import', () => {
  it('imports new clients, skips a duplicate of an existing client and one within the file, and reports bad rows', async () => {
    const existing = await addClient('broker');
    const phone = uniquePhone();
    const rows: ClientImportValues[] = [
      { fullName: `New ${unique()}`, email: uniqueEmail(), phone },
      { fullName: `Again ${unique()}`, email: existing.email!.toUpperCase() },
      { fullName: `Same phone ${unique()}`, email: uniqueEmail(), phone: phone.replace(/\D/g, '') },
      { fullName: `Bad ${unique()}`, email: 'not-an-email' },
      { email: uniqueEmail() },
    ];

    const matches = await apiFetch<ClientMatchesResponse>('/client-imports/matches', {
      token: as('broker'),
      body: { rows: rows.map(({ email, phone: rowPhone }) => ({ email, phone: rowPhone })) },
    });
    expect(matches.body.matches).toEqual([{ index: 1, clientId: existing.id, fullName: existing.fullName, by: 'email' }]);

    const job = await startImport('broker', JSON.stringify(rows), rows.length);
    expect(job).toMatchObject({ cursor: 0, status: 'running', total: 5 });
    const response = await sendRows('broker', job.id, 0, rows);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.results.map((result) => result.outcome)).toEqual([
      'created',
      'skipped',
      'skipped',
      'invalid',
      'invalid',
    ]);
    expect(response.body.results[1]!.message).toBe(DUPLICATE_SKIPPED_MESSAGE);
    expect(response.body.results[4]!.message).toBe(CLIENT_FORM_REQUIRED_MESSAGE);
    expect(response.body.job).toMatchObject({
      cursor: 5,
      status: 'done',
      counts: { created: 1, updated: 0, skipped: 2, invalid: 2 },
    });

    // The new client is a whole client: listed, searchable by phone, its e-mail claimed, owned by the importer.
    const search = await apiFetch<{ clients: ClientView[] }>(`/clients?q=${phone.replace(/\D/g, '').slice(1)}`, {
      token: as('broker'),
    });
    expect(search.body.clients.map((client) => client.email)).toEqual([rows[0]!.email]);
    expect(search.body.clients[0]!.profileId).toBe(principals.of.broker.userId);
    // The existing client is untouched.
    const after = await apiFetch<ClientView>(`/clients/${existing.id}`, { token: as('broker') });
    expect(after.body.fullName).toBe(existing.fullName);

    // Sent again, the chunk writes nothing (idempotent).
    const again = await sendRows('broker', job.id, 0, rows);
    expect(again.body).toMatchObject({ results: [], job: { counts: { created: 1 } } });
    // The same rows imported again later (a new run of the finished job): nothing is written twice.
    const rerun = await startImport('broker', JSON.stringify(rows), rows.length);
    expect(rerun).toMatchObject({ id: job.id, cursor: 0, status: 'running' });
    const second = await sendRows('broker', job.id, 0, rows);
    expect(second.body.results.map((result) => [result.outcome, result.message])).toEqual([
      ['skipped', ROW_IMPORTED_BEFORE_MESSAGE],
      ['skipped', DUPLICATE_SKIPPED_MESSAGE],
      ['skipped', DUPLICATE_SKIPPED_MESSAGE],
      ['invalid', expect.any(String)],
      ['invalid', CLIENT_FORM_REQUIRED_MESSAGE],
    ]);
  });

  it("updates the existing client's non-blank fields under the update policy, never another broker's", async () => {
    const mine = await addClient('broker');
    const theirs = await addClient('otherBroker');
    const rows = [
      { fullName: 'Renamed Person', email: mine.email!, address: '1 Import Way' },
      { fullName: 'Other Person', email: theirs.email!, address: '2 Import Way' },
    ];
    const job = await startImport('broker', JSON.stringify(rows), rows.length, 'update');
    const response = await sendRows('broker', job.id, 0, rows);
    expect(response.body.results.map((result) => result.outcome)).toEqual(['updated', 'skipped']);

    const updated = await apiFetch<ClientView>(`/clients/${mine.id}`, { token: as('broker') });
    expect(updated.body).toMatchObject({ fullName: mine.fullName, address: '1 Import Way' });
    const untouched = await apiFetch<ClientView>(`/clients/${theirs.id}`, { token: as('admin') });
    expect(untouched.body.address).toBeNull();
  });

  it("answers 404 for another user's import and 409 for rows past the cursor", async () => {
    const rows = [{ fullName: `Solo ${unique()}`, email: uniqueEmail() }];
    const job = await startImport('broker', JSON.stringify(rows), 2);
    const foreign = await sendRows('otherBroker', job.id, 0, rows);
    expect(foreign.status).toBe(404);
    expect(errorOf(foreign.body).message).toBe(IMPORT_NOT_FOUND_MESSAGE);
    const ahead = await sendRows('broker', job.id, 1, rows);
    expect(ahead.status).toBe(409);
  });

  it('cut off in the middle of a chunk, leaves each client whole and the cursor unmoved; resuming finishes without duplicates', async () => {
    const data = createData();
    const rows = Array.from({ length: 4 }, () => ({
      fullName: `Resume ${unique()}`,
      email: uniqueEmail(),
      phone: uniquePhone(),
    }));
    const job = await startImport('broker', JSON.stringify(rows), rows.length);
    let creates = 0;
    const failing: TransfersData = {
      clients: {
        ...data.clients,
        create: async (...args: Parameters<typeof data.clients.create>) => {
          if (++creates === 3) throw new Error('Lambda timed out');
          return data.clients.create(...args);
        },
      },
      leads: data.leads,
      deals: data.dealExports,
      imports: data.clientImports,
      users: data.users,
      settings: data.settings,
    };
    const identity: Identity = { userId: principals.of.broker.userId, email: principals.of.broker.email, role: 'broker' };

    await expect(importRows(identity, job.id, { start: 0, rows }, failing, new Date())).rejects.toThrow('Lambda timed out');
    expect((await data.clientImports.get(job.id))?.cursor).toBe(0);
    for (const [index, row] of rows.entries()) {
      const id = await data.clients.idByEmail(row.email);
      expect(id !== null, `row ${index} written`).toBe(index < 2);
      if (id) expect(await data.clients.idsByPhone(row.phone)).toEqual([id]);
    }

    // Resume: the screen starts the same file again (same job, same cursor) and sends the chunk again.
    const resumed = await startImport('broker', JSON.stringify(rows), rows.length);
    expect(resumed).toMatchObject({ id: job.id, cursor: 0 });
    const response = await sendRows('broker', job.id, 0, rows);
    expect(response.body.results.map((result) => result.outcome)).toEqual(['created', 'created', 'created', 'created']);
    expect(response.body.job).toMatchObject({ status: 'done', counts: { created: 4 } });
    for (const row of rows) expect(await data.clients.idsByPhone(row.phone)).toHaveLength(1);
  });

  it('re-imports an export of clients cleanly: every row maps and validates, and each is found as the existing client', async () => {
    const client = await addClient('otherBroker', {
      fullName: 'José O’Brien-Smith',
      phone: '+1 415 555 0100',
      address: '1 Main St, Apt "B"',
      creditScore: 720,
      dateOfBirth: '1980-02-29',
      preferredMakes: 'Toyota, Škoda',
      notes: '=cmd|x\nline two',
    });
    const [header, ...records] = parseCsv(await exportAll('clients', 'otherBroker'));
    const mapping = autoMapColumns(header!);
    const row = records.map((record) => mappedValues(record, mapping)).find((values) => values.email === client.email);
    expect(row).toEqual({
      fullName: 'José O’Brien-Smith',
      email: client.email,
      phone: formatPhone(client.phone!),
      address: '1 Main St, Apt "B"',
      creditScore: '720',
      dateOfBirth: '1980-02-29',
      preferredMakes: 'Toyota, Škoda',
      notes: '=cmd|x\nline two',
    });

    const job = await startImport('otherBroker', `${client.id}-reimport`, 1, 'update');
    const response = await sendRows('otherBroker', job.id, 0, [row!]);
    expect(response.body.results).toEqual([{ index: 0, outcome: 'updated', message: null }]);
    const after = await apiFetch<ClientView>(`/clients/${client.id}`, { token: as('otherBroker') });
    expect(after.body).toEqual(client);
  });
});

describe('own book: an import names only the clients the caller could open', () => {
  const matchesOf = async (caller: SignedInCaller, rows: { email?: string; phone?: string }[]) => {
    const response = await apiFetch<ClientMatchesResponse>('/client-imports/matches', { token: as(caller), body: { rows } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.matches.map(({ index, clientId, by }) => [index, clientId, by]);
  };

  it("the preview's matches name a broker's own clients only (another broker's is as absent as GET finds it); an admin's name every client", async () => {
    await setClientBook('own');
    try {
      const sharedPhone = uniquePhone();
      const theirs = await addClient('otherBroker', { phone: uniquePhone() });
      const theirsOnPhone = await addClient('otherBroker', { phone: sharedPhone });
      const mine = await addClient('broker', { phone: sharedPhone });
      expect((await apiFetch(`/clients/${theirs.id}`, { token: as('broker') })).status).toBe(404);
      const rows = [{ email: mine.email! }, { email: theirs.email! }, { phone: theirs.phone! }, { phone: sharedPhone }];

      expect(await matchesOf('broker', rows)).toEqual([
        [0, mine.id, 'email'],
        [3, mine.id, 'phone'],
      ]);
      expect(await matchesOf('admin', rows)).toEqual([
        [0, mine.id, 'email'],
        [1, theirs.id, 'email'],
        [2, theirs.id, 'phone'],
        [3, theirsOnPhone.id, 'phone'],
      ]);
    } finally {
      await setClientBook('shared');
    }
  });

  it("the import creates a row whose phone only another broker's client holds; a row with its e-mail is skipped as a plain duplicate", async () => {
    await setClientBook('own');
    try {
      const theirs = await addClient('otherBroker', { phone: uniquePhone() });
      const rows = [
        { fullName: `Same phone ${unique()}`, email: uniqueEmail(), phone: theirs.phone! },
        { fullName: `Same email ${unique()}`, email: theirs.email! },
      ];
      const job = await startImport('broker', JSON.stringify(rows), rows.length, 'update');
      const response = await sendRows('broker', job.id, 0, rows);
      expect(response.body.results.map(({ outcome, message }) => [outcome, message])).toEqual([
        ['created', null],
        ['skipped', DUPLICATE_SKIPPED_MESSAGE],
      ]);
      const untouched = await apiFetch<ClientView>(`/clients/${theirs.id}`, { token: as('admin') });
      expect(untouched.body).toEqual(theirs);
    } finally {
      await setClientBook('shared');
    }
  });

  it("counts a caller's duplicate checks: past the route's limit in its window, 429 with Retry-After, for that caller only", async () => {
    const { email } = await createUser('admin');
    const token = (await signIn(email, TEST_PASSWORD)).idToken;
    const limit = findRoute('POST /client-imports/matches')!.callerLimit!;
    const check = (bearer: string) =>
      apiFetch<ClientMatchesResponse | ApiErrorBody>('/client-imports/matches', {
        token: bearer,
        body: { rows: [{ phone: uniquePhone() }] },
      });
    for (let sent = 0; sent < limit.requests; sent++) expect((await check(token)).status).toBe(200);

    const refused = await check(token);
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).message).toBe(TOO_MANY_REQUESTS_MESSAGE);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await check(as('admin')!)).status).toBe(200);
  });
});
