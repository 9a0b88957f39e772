/**
 * The deals list must stay quick with 5,000 deals in the table (docs/bench.md, "Deals list and clients"). The deals
 * list screen is one call (GET /deals); this measures that call, through the service its handler runs, on DynamoDB
 * Local holding 100 deals and then 5,000 (client deals in every status with their clients and deals list entries,
 * written as the store writes them): the capacity units of one call and its wall time (median and worst of RUNS calls,
 * after a warm-up). Every page measured is full at both sizes, so the two figures compare like with like.
 *
 * Capacity is the budget (within 10%: a page reads the page, never the table). Wall times on a shared two-core
 * machine are reported for reading, not judged: the ratio between the two sizes measured side by side is what
 * holds.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { listDeals } from '@functions/deals/list';
import type { Identity } from '@functions/lib/auth-context';
import { createData, type Data } from '@infra/data/create-data';
import { createToolboxTable } from '@functions/lib/data/table';
import { dynamoDbClient, ensureTable, startDynamoDb } from '@infra/local/dynamodb';
import { silentLog } from '@infra/local/log';
import { isListening } from '@infra/local/ports';
import { dealListQuerySchema } from '@shared/deals/list-api';
import { loadBulk, type BulkCounts } from './bulk-data';
import { installCapacityMeter, type CapacityMeter } from './capacity-meter';
import { median, type BudgetRow } from './report';

const PORT = 8612 + Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0);
const TABLE = 'leasedesk-bench-deals-list';
const SMALL = 100;
const LARGE = 5_000;
const RUNS = 15;
const MAX_GROWTH = 0.1;
const NOW = new Date('2026-03-02T12:00:00.000Z');

const counts = (deals: number): BulkCounts => ({
  dealerships: 10,
  vehicles: 0,
  clientDeals: deals,
  clients: deals,
  viewClaims: 0,
  viewDays: 0,
});

const broker: Identity = { userId: 'bench-broker', email: 'bench.broker@leasedesk.com', role: 'broker' };
const SCREENS: { name: string; query: Record<string, string> }[] = [
  { name: 'GET /deals (broker, first screen: a page of 24)', query: {} },
  { name: 'GET /deals (broker, search "bench client 4")', query: { q: 'bench client 4' } },
  // Pages of 5 so that they are full at 100 deals too (about 14 active, 6 listed Toyotas): a page costs its size.
  { name: 'GET /deals (broker, status active, a page of 5)', query: { status: 'active', limit: '5' } },
  { name: 'GET /deals (broker, make Toyota, a page of 5)', query: { make: 'Toyota', limit: '5' } },
];

interface Measured {
  capacityUnits: number;
  calls: number;
  medianMs: number;
  worstMs: number;
}

async function measure(meter: CapacityMeter, data: Data, query: Record<string, string>): Promise<Measured> {
  const parsed = dealListQuerySchema.parse(query);
  await listDeals(broker, parsed, data); // warm-up: connections, entity construction
  const { usage } = await meter.measure(() => listDeals(broker, parsed, data));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await listDeals(broker, parsed, data);
    times.push(performance.now() - started);
  }
  return {
    capacityUnits: usage.capacityUnits,
    calls: Object.values(usage.operations).reduce((a, b) => a + b, 0),
    medianMs: median(times),
    worstMs: Math.max(...times),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function benchDealsList(log: (line: string) => void): Promise<BudgetRow[]> {
  if (await isListening(PORT)) throw new Error(`Port ${PORT} (bench DynamoDB Local) is already in use`);
  const dynamodb = await startDynamoDb({ port: PORT, log: silentLog });
  try {
    const raw = dynamoDbClient(`http://localhost:${PORT}`);
    const meter = installCapacityMeter(raw);
    const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    const data = createData({ client: doc, table: TABLE });
    const toolboxTable = createToolboxTable(doc, TABLE);
    await ensureTable(raw, TABLE);

    let started = Date.now();
    await loadBulk(doc, TABLE, toolboxTable, counts(0), counts(SMALL), NOW);
    log(`deals-list: ${SMALL} deals in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const small: Measured[] = [];
    for (const screen of SCREENS) small.push(await measure(meter, data, screen.query));

    started = Date.now();
    await loadBulk(doc, TABLE, toolboxTable, counts(SMALL), counts(LARGE), NOW);
    log(`deals-list: ${LARGE} deals in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const large: Measured[] = [];
    for (const screen of SCREENS) large.push(await measure(meter, data, screen.query));

    return SCREENS.map((screen, index) => {
      const [before, after] = [small[index]!, large[index]!];
      const growth = before.capacityUnits > 0 ? after.capacityUnits / before.capacityUnits - 1 : 0;
      return {
        budget: 'deals list at 5,000 deals',
        subject: screen.name,
        measured: `${round(before.capacityUnits)} -> ${round(after.capacityUnits)} CU (${growth >= 0 ? '+' : ''}${Math.round(growth * 100)}%)`,
        limit: `<= +${MAX_GROWTH * 100}% CU, 1 API call`,
        pass: growth <= MAX_GROWTH,
        note: `${SMALL} -> ${LARGE} deals; DynamoDB calls ${before.calls} -> ${after.calls}; median ${round(before.medianMs)} -> ${round(after.medianMs)} ms, worst ${round(before.worstMs)} -> ${round(after.worstMs)} ms (${RUNS} runs, DynamoDB Local)`,
      };
    });
  } finally {
    await dynamodb.stop();
  }
}
