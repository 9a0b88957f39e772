/**
 * CSV import and export at scale (docs/bench.md, "CSV import and export"), through the services the handlers run,
 * on DynamoDB Local:
 * - import 5,000 clients: 100 requests (POST /client-imports/{id}/rows) of 50 rows each, every client written whole
 *   by the clients store. Judged: every request well inside API Gateway's 30 s, and the capacity of a chunk flat
 *   from the first chunk to the last (a chunk costs its rows, never the clients already there);
 * - export 50,000 clients (an admin's GET /exports/clients, pages of 500): judged the same way, each page within
 *   30 s and its capacity flat from the first page to the last (a page reads the page). The export never holds more
 *   than a page in the function: the browser joins the pages.
 * The 50,000 clients are written as the store writes them (the client and its every-client listing entry, the one
 * the admin's export reads), with BatchWriteItem.
 */
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import type { Identity } from '@functions/lib/auth-context';
import { createData, type Data } from '@functions/lib/data';
import { clientEntity } from '@functions/lib/data/entities/client';
import { clientSearchEntryEntity } from '@functions/lib/data/entities/client-search-entry';
import { clientSearchEntries } from '@functions/lib/data/stores/clients';
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
const IMPORTED = 5_000;
const EXPORTED = 50_000;
const API_LIMIT_MS = 30_000;
const MAX_GROWTH = 0.1;
const NOW = new Date('2026-03-02T12:00:00.000Z');

const admin: Identity = { userId: 'bench-admin', email: 'bench.admin@leasedesk.com', role: 'admin' };
const broker: Identity = { userId: 'bench-broker', email: 'bench.broker@leasedesk.com', role: 'broker' };

const round = (value: number) => Math.round(value * 10) / 10;
const growthOf = (first: number, last: number) => (first > 0 ? last / first - 1 : 0);
const percent = (growth: number) => `${growth >= 0 ? '+' : ''}${Math.round(growth * 100)}%`;

function transfersData(data: Data): TransfersData {
  return { clients: data.clients, leads: data.leads, deals: data.dealExports, imports: data.clientImports, users: data.users };
}

/** Bench clients and their every-client listing entries, written as the store writes them. */
async function loadClients(doc: DynamoDBDocumentClient, data: Data, count: number): Promise<void> {
  const client = clientEntity(data.table);
  const entry = clientSearchEntryEntity(data.table);
  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const record = {
      id: `benchexport${String(i).padStart(6, '0')}`,
      fullName: `Bench Exported ${i}`,
      email: `exported${i}@example.com`,
      phone: '+15555550100',
      notes: i % 10 === 0 ? '=formula, "quoted"' : undefined,
      profileId: `bench-broker-${i % 20}`,
      createdAt: NOW.toISOString(),
    };
    items.push(client.build(PutItemCommand).item(record).params().Item!);
    items.push(entry.build(PutItemCommand).item(clientSearchEntries(record)[0]!).params().Item!);
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

    // Import 5,000 clients in chunks, as the import screen sends them.
    let started = Date.now();
    const file = Array.from({ length: IMPORTED }, (_, i) => ({
      fullName: `Bench Imported ${String.fromCharCode(97 + (i % 26))}`,
      email: `imported${i}@example.com`,
      phone: `+1 303 55${String(i).padStart(5, '0')}`,
      notes: 'From the bench',
    }));
    const job = await startImport(
      broker,
      { fileHash: 'b'.repeat(64), fileName: 'bench.csv', total: IMPORTED, onDuplicate: 'skip' },
      transfers,
      NOW,
    );
    const chunkMs: number[] = [];
    const chunkCu: number[] = [];
    let created = 0;
    for (let start = 0; start < IMPORTED; start += IMPORT_CHUNK_ROWS) {
      const began = performance.now();
      const { usage, result } = await meter.measure(() =>
        importRows(broker, job.id, { start, rows: file.slice(start, start + IMPORT_CHUNK_ROWS) }, transfers, NOW),
      );
      chunkMs.push(performance.now() - began);
      chunkCu.push(usage.capacityUnits);
      created += result.results.filter((row) => row.outcome === 'created').length;
    }
    log(`transfers: imported ${created} clients in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const importGrowth = growthOf(chunkCu[0]!, chunkCu.at(-1)!);
    rows.push({
      budget: 'CSV import',
      subject: `import ${IMPORTED.toLocaleString('en-US')} clients (${chunkMs.length} requests of ${IMPORT_CHUNK_ROWS} rows)`,
      measured: `worst request ${round(Math.max(...chunkMs) / 1000)} s; CU first -> last chunk ${round(chunkCu[0]!)} -> ${round(chunkCu.at(-1)!)} (${percent(importGrowth)})`,
      limit: `each request < ${API_LIMIT_MS / 1000} s; <= +${MAX_GROWTH * 100}% CU`,
      pass: created === IMPORTED && Math.max(...chunkMs) < API_LIMIT_MS && importGrowth <= MAX_GROWTH,
      note: `${created} created; median request ${round(median(chunkMs))} ms; total ${((Date.now() - started) / 1000).toFixed(1)} s (DynamoDB Local)`,
    });

    // Export 50,000 clients (the admin's export reads every client), page by page as the browser asks.
    started = Date.now();
    await loadClients(doc, data, EXPORTED);
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
      pass: exported >= EXPORTED + IMPORTED && Math.max(...pageMs) < API_LIMIT_MS && exportGrowth <= MAX_GROWTH,
      note: `${(bytes / 1024 / 1024).toFixed(1)} MB of CSV; median page ${round(median(pageMs))} ms; total ${((Date.now() - started) / 1000).toFixed(1)} s with the load`,
    });
    return rows;
  } finally {
    await dynamodb.stop();
  }
}
