/**
 * CSV import and export at scale (docs/bench.md, "CSV import and export"), through the services the handlers run,
 * on DynamoDB Local:
 * - import chunks (POST /client-imports/{id}/rows, 50 rows each, every client written whole by the clients store)
 *   with 1,000 clients in the book, then the same kind of chunks with 11,000: judged on the median capacity of a
 *   chunk at 1k vs 11k (a chunk costs its rows, never the book: its look-ups are keyed) and every request well inside
 *   the function's 10 s timeout. A tenth of the rows carry a book client's e-mail and a tenth a book client's phone,
 *   so the duplicate look-ups find something;
 * - export 50,000 clients (an admin's GET /exports/clients, pages of 500): judged the same way, each page within
 *   30 s and its capacity flat from the first page to the last (a page reads the page). The export never holds more
 *   than a page in the function: the browser joins the pages.
 * The book's clients are written as the store writes them (the client, its every-client listing entry, the one the
 * admin's export reads, its e-mail claim and its phone entry, the ones the import's look-ups read), with
 * BatchWriteItem.
 */
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import type { Identity } from '@functions/lib/auth-context';
import { createData, type Data } from '@infra/data/create-data';
import { clientEntity } from '@functions/domain/clients/client';
import { clientSearchEntryEntity } from '@functions/domain/clients/client-search-entry';
import { clientEmailEntity } from '@functions/domain/clients/client-email';
import { clientPhoneEntity } from '@functions/domain/clients/client-phone';
import { emailKey } from '@functions/domain/clients/clients';
import { clientSearchEntries } from '@functions/domain/clients/client-search';
import { normalizedPhone } from '@shared/clients/phone';
import { importRows, startImport } from '@functions/transfers/client-import';
import type { TransfersData } from '@functions/transfers/data';
import { exportClients } from '@functions/transfers/exports';
import { dynamoDbClient, ensureTable, startDynamoDb } from '@infra/local/dynamodb';
import { silentLog } from '@infra/local/log';
import { isListening } from '@infra/local/ports';
import { IMPORT_CHUNK_ROWS, EXPORT_PAGE_ROWS } from '@shared/transfers/api';
import { installCapacityMeter } from './capacity-meter';
import { median, type BudgetRow } from './report';

const PORT = 8614 + Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0);
const TABLE = 'leasedesk-bench-transfers';
/** Rows imported at each book size: 20 chunks. */
const IMPORTED = 1_000;
const SMALL_BOOK = 1_000;
const LARGE_BOOK = 11_000;
const EXPORTED = 50_000;
const API_LIMIT_MS = 30_000;
/** The transfers function's timeout (infra/constructs/feature-function.ts). */
const FUNCTION_TIMEOUT_MS = 10_000;
const MAX_GROWTH = 0.1;
const NOW = new Date('2026-03-02T12:00:00.000Z');

const admin: Identity = { userId: 'bench-admin', email: 'bench.admin@leasedesk.com', role: 'admin' };
const broker: Identity = { userId: 'bench-broker', email: 'bench.broker@leasedesk.com', role: 'broker' };

const round = (value: number) => Math.round(value * 10) / 10;
const growthOf = (first: number, last: number) => (first > 0 ? last / first - 1 : 0);
const percent = (growth: number) => `${growth >= 0 ? '+' : ''}${Math.round(growth * 100)}%`;

function transfersData(data: Data): TransfersData {
  return {
    clients: data.clients,
    leads: data.leads,
    deals: data.dealExports,
    imports: data.clientImports,
    users: data.users,
    settings: data.settings,
  };
}

/** The book's client number `i`: its e-mail and phone are its own (the import's duplicate rows reuse some). */
const bookClient = (i: number) => ({
  id: `benchexport${String(i).padStart(6, '0')}`,
  fullName: `Bench Exported ${i}`,
  email: `exported${i}@example.com`,
  phone: `+1 720 5${String(i).padStart(6, '0')}`,
  notes: i % 10 === 0 ? '=formula, "quoted"' : undefined,
  profileId: `bench-broker-${i % 20}`,
  createdAt: NOW.toISOString(),
});

/** Book clients `from` to `to` (exclusive) with their listing entry, e-mail claim and phone entry. */
async function loadClients(doc: DynamoDBDocumentClient, data: Data, from: number, to: number): Promise<void> {
  const client = clientEntity(data.table);
  const entry = clientSearchEntryEntity(data.table);
  const claim = clientEmailEntity(data.table);
  const phone = clientPhoneEntity(data.table);
  const items: Record<string, unknown>[] = [];
  for (let i = from; i < to; i++) {
    const record = bookClient(i);
    items.push(client.build(PutItemCommand).item(record).params().Item!);
    items.push(entry.build(PutItemCommand).item(clientSearchEntries(record)[0]!).params().Item!);
    items.push(
      claim
        .build(PutItemCommand)
        .item({ email: emailKey(record.email), clientId: record.id })
        .params().Item!,
    );
    items.push(
      phone
        .build(PutItemCommand)
        .item({ digits: normalizedPhone(record.phone)!, clientId: record.id, phone: record.phone })
        .params().Item!,
    );
  }
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  for (let next = 0; next < batches.length; next += 6) {
    await Promise.all(
      batches.slice(next, next + 6).map(async (batch) => {
        let requests = batch.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length > 0) {
          const { UnprocessedItems } = await doc.send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } }));
          requests = (UnprocessedItems?.[TABLE] ?? []) as typeof requests;
        }
      }),
    );
  }
}

/**
 * An import file of IMPORTED rows (`run` keeps the files' e-mails apart): most rows new, every tenth with the e-mail of
 * a book client and every tenth (another) with a book client's phone, all among the first SMALL_BOOK clients.
 */
function importFile(run: string) {
  return Array.from({ length: IMPORTED }, (_, i) => ({
    fullName: `Bench Imported ${String.fromCharCode(97 + (i % 26))}`,
    email: i % 10 === 3 ? bookClient(i % SMALL_BOOK).email : `imported-${run}-${i}@example.com`,
    phone:
      i % 10 === 7 ? bookClient((i * 7) % SMALL_BOOK).phone : `+1 303 5${run === 'small' ? 1 : 2}${String(i).padStart(5, '0')}`,
    notes: 'From the bench',
  }));
}

export async function benchTransfers(log: (line: string) => void): Promise<BudgetRow[]> {
  if (await isListening(PORT)) throw new Error(`Port ${PORT} (bench DynamoDB Local) is already in use`);
  const dynamodb = await startDynamoDb({ port: PORT, log: silentLog });
  try {
    const raw = dynamoDbClient(`http://localhost:${PORT}`);
    const meter = installCapacityMeter(raw);
    const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    const data = createData({ client: doc, table: TABLE });
    const transfers = transfersData(data);
    await ensureTable(raw, TABLE);
    const rows: BudgetRow[] = [];

    // Import chunks with 1,000 clients in the book, then with 11,000.
    let started = Date.now();
    const chunks = async (run: 'small' | 'large') => {
      const file = importFile(run);
      const job = await startImport(
        broker,
        { fileHash: (run === 'small' ? 'a' : 'b').repeat(64), fileName: `${run}.csv`, total: IMPORTED, onDuplicate: 'skip' },
        transfers,
        NOW,
      );
      const ms: number[] = [];
      const cu: number[] = [];
      let cursor = 0;
      let created = 0;
      while (cursor < IMPORTED) {
        const began = performance.now();
        const { usage, result } = await meter.measure(() =>
          importRows(broker, job.id, { start: cursor, rows: file.slice(cursor, cursor + IMPORT_CHUNK_ROWS) }, transfers, NOW),
        );
        ms.push(performance.now() - began);
        // A request cut short by its time budget did fewer rows: its capacity is scaled to a full chunk.
        cu.push((usage.capacityUnits * IMPORT_CHUNK_ROWS) / Math.max(1, result.results.length));
        created += result.results.filter((row) => row.outcome === 'created').length;
        cursor = result.job.cursor;
      }
      return { ms, cu, created };
    };
    await loadClients(doc, data, 0, SMALL_BOOK);
    const small = await chunks('small');
    await loadClients(doc, data, SMALL_BOOK, LARGE_BOOK);
    const large = await chunks('large');
    log(`transfers: imported at 1k and 11k clients in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const importGrowth = growthOf(median(small.cu), median(large.cu));
    const worstMs = Math.max(...small.ms, ...large.ms);
    const expected = Math.round(IMPORTED * 0.8);
    rows.push({
      budget: 'CSV import',
      subject: `import chunks of ${IMPORT_CHUNK_ROWS} rows at ${SMALL_BOOK.toLocaleString('en-US')} vs ${LARGE_BOOK.toLocaleString('en-US')} clients (${small.ms.length} + ${large.ms.length} requests)`,
      measured: `CU per chunk (median) ${round(median(small.cu))} -> ${round(median(large.cu))} (${percent(importGrowth)}); worst request ${round(worstMs / 1000)} s`,
      limit: `<= +${MAX_GROWTH * 100}% CU; each request < ${FUNCTION_TIMEOUT_MS / 1000} s`,
      pass:
        small.created === expected && large.created === expected && worstMs < FUNCTION_TIMEOUT_MS && importGrowth <= MAX_GROWTH,
      note: `${small.created} + ${large.created} created (a fifth of the rows are duplicates of the book); median request ${round(median(small.ms))} -> ${round(median(large.ms))} ms (DynamoDB Local)`,
    });

    // Export 50,000 book clients and the imported ones (the admin's export reads every client), page by page.
    started = Date.now();
    await loadClients(doc, data, LARGE_BOOK, EXPORTED);
    log(`transfers: ${EXPORTED} clients loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const pageMs: number[] = [];
    const pageCu: number[] = [];
    const pageRows: number[] = [];
    let exported = 0;
    let bytes = 0;
    let cursor: string | undefined;
    do {
      const began = performance.now();
      const { usage, result } = await meter.measure(() => exportClients(admin, cursor, transfers));
      pageMs.push(performance.now() - began);
      pageCu.push(usage.capacityUnits);
      pageRows.push(result.rows);
      exported += result.rows;
      bytes += Buffer.byteLength(result.csv);
      cursor = result.nextCursor ?? undefined;
    } while (cursor);
    // The last pages may be short (or empty, after a page that ended exactly at the end): compare full pages.
    const fullPages = pageCu.filter((_, index) => pageRows[index] === EXPORT_PAGE_ROWS);
    const exportGrowth = growthOf(fullPages[0]!, fullPages.at(-1)!);
    rows.push({
      budget: 'CSV export',
      subject: `export ${exported.toLocaleString('en-US')} clients (admin, ${pageMs.length} pages of ${EXPORT_PAGE_ROWS})`,
      measured: `worst page ${round(Math.max(...pageMs) / 1000)} s; CU first -> last full page ${round(fullPages[0]!)} -> ${round(fullPages.at(-1)!)} (${percent(exportGrowth)})`,
      limit: `each request < ${API_LIMIT_MS / 1000} s; <= +${MAX_GROWTH * 100}% CU`,
      pass: exported >= EXPORTED + 2 * IMPORTED * 0.8 && Math.max(...pageMs) < API_LIMIT_MS && exportGrowth <= MAX_GROWTH,
      note: `${(bytes / 1024 / 1024).toFixed(1)} MB of CSV; median page ${round(median(pageMs))} ms; total ${((Date.now() - started) / 1000).toFixed(1)} s with the load`,
    });
    return rows;
  } finally {
    await dynamodb.stop();
  }
}
