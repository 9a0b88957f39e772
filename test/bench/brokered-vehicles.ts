/**
 * The brokered-vehicle log's range read must not grow with the log (docs/bench.md, "Brokered-vehicle log"). An admin
 * reads one month of closings (GET /admin/brokered-vehicles, and its CSV export); this measures both, through the
 * services their handlers run, on DynamoDB Local holding that month's lines only and then the same month among four
 * years of lines (the months before and after it): the capacity units of one call, its DynamoDB calls and the lines it
 * answers, and its wall time (median and worst of RUNS calls, after a warm-up).
 *
 * Capacity is the budget (within 10%): the one Query's sort-key range is the month's closing days, so the other months'
 * lines, in the same index partition, are never read. Wall times on a shared machine are reported, not judged.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { brokeredVehiclesPage, exportBrokeredVehicles } from '@functions/brokers/brokered-vehicles';
import { brokeredVehicleEntity, type BrokeredVehicleItem } from '@functions/domain/brokered-vehicles/entities';
import { brokeredVehicleLog } from '@functions/domain/brokered-vehicles/log';
import { createToolboxTable } from '@functions/lib/data/table';
import { dynamoDbClient, ensureTable, startDynamoDb } from '@infra/local/dynamodb';
import { silentLog } from '@infra/local/log';
import { isListening } from '@infra/local/ports';
import { addDays } from '@shared/calendar';
import { installCapacityMeter, type CapacityMeter } from './capacity-meter';
import { median, type BudgetRow } from './report';

const PORT = 8618 + Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0);
const TABLE = 'leasedesk-bench-brokered-vehicles';
const RUNS = 15;
const MAX_GROWTH = 0.1;
/** The month read: 40 closings, more than a page of the screen (50) would hold, less than one of the CSV (500). */
const FROM = '2026-06-01';
const TO = '2026-06-30';
const IN_RANGE = 40;
/** The other lines: 4 closings a day for two years before the month and two years after. */
const PER_DAY = 4;
const YEARS_AROUND = 2;
const PARALLEL_PUTS = 25;

function line(day: string, index: number): BrokeredVehicleItem {
  const dealId = `BENCH${day.replace(/-/g, '')}${String(index).padStart(4, '0')}`;
  const hour = String(8 + (index % 10)).padStart(2, '0');
  return {
    dealId,
    closedAt: `${day}T${hour}:15:00.000Z`,
    brokerId: 'bench-broker',
    brokerName: 'Bench Broker',
    clientName: `Client ${dealId}`,
    vin: `1HGCM82633A${String(index).padStart(6, '0')}`,
    vehicle: '2026 Honda Accord',
    dealershipId: 'bench-dealership',
    dealershipName: 'Bench Motors',
    feeCents: 150_000,
    loggedAt: `${day}T20:00:00.000Z`,
    updatedAt: `${day}T20:00:00.000Z`,
  };
}

interface Measured {
  pageUnits: number;
  pageCalls: number;
  exportUnits: number;
  exportCalls: number;
  lines: number;
  rows: number;
  medianMs: number;
  worstMs: number;
}

type Data = { brokeredVehicles: ReturnType<typeof brokeredVehicleLog> };

async function measure(meter: CapacityMeter, data: Data): Promise<Measured> {
  const range = { from: FROM, to: TO };
  await brokeredVehiclesPage(range, data); // warm-up: connections, entity construction
  const page = await meter.measure(() => brokeredVehiclesPage(range, data));
  const exported = await meter.measure(() => exportBrokeredVehicles(range, data));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await brokeredVehiclesPage(range, data);
    times.push(performance.now() - started);
  }
  const calls = (usage: { operations: Record<string, number> }) => Object.values(usage.operations).reduce((a, b) => a + b, 0);
  return {
    pageUnits: page.usage.capacityUnits,
    pageCalls: calls(page.usage),
    exportUnits: exported.usage.capacityUnits,
    exportCalls: calls(exported.usage),
    lines: page.result.lines.length,
    rows: exported.result.rows,
    medianMs: median(times),
    worstMs: Math.max(...times),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
const growthOf = (small: number, large: number) => (small > 0 ? large / small - 1 : 0);
const percent = (growth: number) => `${growth >= 0 ? '+' : ''}${Math.round(growth * 100)}%`;

export async function benchBrokeredVehicles(log: (line: string) => void): Promise<BudgetRow[]> {
  if (await isListening(PORT)) throw new Error(`Port ${PORT} (bench DynamoDB Local) is already in use`);
  const dynamodb = await startDynamoDb({ port: PORT, log: silentLog });
  try {
    const raw = dynamoDbClient(`http://localhost:${PORT}`);
    const meter = installCapacityMeter(raw);
    const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    await ensureTable(raw, TABLE);
    const table = createToolboxTable(doc, TABLE);
    const entity = brokeredVehicleEntity(table);
    const data: Data = { brokeredVehicles: brokeredVehicleLog(table) };
    const put = async (items: BrokeredVehicleItem[]) => {
      for (let start = 0; start < items.length; start += PARALLEL_PUTS)
        await Promise.all(
          items.slice(start, start + PARALLEL_PUTS).map((item) => entity.build(PutItemCommand).item(item).send()),
        );
    };

    const monthDays = Array.from({ length: 30 }, (_, index) => addDays(FROM, index));
    await put(Array.from({ length: IN_RANGE }, (_, index) => line(monthDays[index % monthDays.length]!, index)));
    const small = await measure(meter, data);

    const around: BrokeredVehicleItem[] = [];
    for (let day = addDays(FROM, -365 * YEARS_AROUND); day < FROM; day = addDays(day, 1))
      for (let index = 0; index < PER_DAY; index++) around.push(line(day, index));
    for (let day = addDays(TO, 1); day <= addDays(TO, 365 * YEARS_AROUND); day = addDays(day, 1))
      for (let index = 0; index < PER_DAY; index++) around.push(line(day, index));
    const started = Date.now();
    await put(around);
    const total = IN_RANGE + around.length;
    log(`brokered-vehicles: ${around.length} more lines in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const large = await measure(meter, data);

    const pageGrowth = growthOf(small.pageUnits, large.pageUnits);
    const exportGrowth = growthOf(small.exportUnits, large.exportUnits);
    return [
      {
        budget: `brokered-vehicle log at ${total.toLocaleString('en-US')} lines`,
        subject: 'GET /admin/brokered-vehicles and its CSV export (one month)',
        measured: `page ${round(small.pageUnits)} -> ${round(large.pageUnits)} CU (${percent(pageGrowth)}), CSV ${round(small.exportUnits)} -> ${round(large.exportUnits)} CU (${percent(exportGrowth)})`,
        limit: `<= +${MAX_GROWTH * 100}% CU, 1 DynamoDB call each`,
        pass:
          pageGrowth <= MAX_GROWTH &&
          exportGrowth <= MAX_GROWTH &&
          large.pageCalls === 1 &&
          large.exportCalls === 1 &&
          small.lines === IN_RANGE &&
          large.lines === IN_RANGE &&
          large.rows === IN_RANGE,
        note: `${IN_RANGE} -> ${total} lines (the month's ${IN_RANGE} among ${YEARS_AROUND * 2} years around it); lines answered ${small.lines} -> ${large.lines}, CSV rows ${small.rows} -> ${large.rows}; DynamoDB calls ${small.pageCalls} -> ${large.pageCalls}; median ${round(small.medianMs)} -> ${round(large.medianMs)} ms, worst ${round(small.worstMs)} -> ${round(large.worstMs)} ms (${RUNS} runs, DynamoDB Local)`,
      },
    ];
  } finally {
    await dynamodb.stop();
  }
}
