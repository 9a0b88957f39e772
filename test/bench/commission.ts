/**
 * A commission statement must not grow with the book (docs/bench.md, "Commission statement"). A broker's statement of a
 * month (GET /brokers/{id}/commission) reads the broker's ledger months up to it (one Query), that month's entries
 * (one Query) and the broker's head (one GetItem), plus the broker's name (constant: one profile, one user). This
 * measures those ledger reads on DynamoDB Local for a broker with a year of ledger months, first with one entry in
 * each other month and then with a full book: 150 entries in each other month, and 40 other brokers with 100 entries
 * each in the statement's own month. The broker's months and the month's own entries are the same in both, so what
 * changes is only the book around them: capacity units, DynamoDB calls and the entries answered, and wall time (median
 * and worst of RUNS, after a warm-up).
 *
 * Capacity is the budget (within 10%): the entries Query's partition is the broker's month, the months Query's is the
 * broker's months, so neither reads another month's entries nor another broker's. Wall times are reported, not judged.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { commissionEntryEntity, commissionMonthEntity, type CommissionEntryItem } from '@functions/domain/commission/entities';
import { commissionLedger } from '@functions/domain/commission/ledger';
import { createToolboxTable } from '@functions/lib/data/table';
import { dynamoDbClient, ensureTable, startDynamoDb } from '@infra/local/dynamodb';
import { silentLog } from '@infra/local/log';
import { isListening } from '@infra/local/ports';
import { installCapacityMeter, type CapacityMeter } from './capacity-meter';
import { median, type BudgetRow } from './report';

const PORT = 8619 + Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0);
const TABLE = 'leasedesk-bench-commission';
const RUNS = 15;
const MAX_GROWTH = 0.1;
const BROKER = 'bench-broker';
/** The statement's month, and the broker's twelve months before it. */
const MONTH = '2026-06';
const EARLIER_MONTHS = Array.from({ length: 12 }, (_, index) => {
  const date = new Date(Date.UTC(2025, 5 + index, 1));
  return date.toISOString().slice(0, 7);
});
/** The statement's own entries: more than a screen shows at once, as many in both books. */
const IN_MONTH = 20;
const PER_EARLIER_MONTH = 150;
const OTHER_BROKERS = 40;
const PER_OTHER_BROKER = 100;
const PARALLEL_PUTS = 25;

function entry(brokerId: string, month: string, index: number): CommissionEntryItem {
  const dealId = `BENCH${brokerId}${month.replace('-', '')}${String(index).padStart(4, '0')}`;
  return {
    entryId: `${dealId}#0001`,
    kind: 'booking',
    brokerId,
    month,
    amountCents: 12_500,
    createdAt: `${month}-15T12:00:00.000Z`,
    createdBy: 'bench',
    dealId,
    sequence: 1,
    clientName: `Client ${dealId}`,
    vehicle: '2026 Honda Accord',
    dealClosedAt: `${month}-15T12:00:00.000Z`,
    feeCents: 125_000,
    commissionType: 'percentage',
    commissionValue: 10,
  };
}

interface Measured {
  units: number;
  calls: number;
  entries: number;
  months: number;
  medianMs: number;
  worstMs: number;
}

type Ledger = ReturnType<typeof commissionLedger>;

/** The statement's ledger reads, as the statement service runs them (side by side). */
const statementReads = (ledger: Ledger) =>
  Promise.all([ledger.monthsOfBroker(BROKER, MONTH), ledger.entriesOf(BROKER, MONTH), ledger.head(BROKER)]);

async function measure(meter: CapacityMeter, ledger: Ledger): Promise<Measured> {
  await statementReads(ledger); // warm-up: connections, entity construction
  const measured = await meter.measure(() => statementReads(ledger));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await statementReads(ledger);
    times.push(performance.now() - started);
  }
  const [months, entries] = measured.result;
  return {
    units: measured.usage.capacityUnits,
    calls: Object.values(measured.usage.operations).reduce((a, b) => a + b, 0),
    entries: entries.length,
    months: months.length,
    medianMs: median(times),
    worstMs: Math.max(...times),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;
const percent = (growth: number) => `${growth >= 0 ? '+' : ''}${Math.round(growth * 100)}%`;

export async function benchCommission(log: (line: string) => void): Promise<BudgetRow[]> {
  if (await isListening(PORT)) throw new Error(`Port ${PORT} (bench DynamoDB Local) is already in use`);
  const dynamodb = await startDynamoDb({ port: PORT, log: silentLog });
  try {
    const raw = dynamoDbClient(`http://localhost:${PORT}`);
    const meter = installCapacityMeter(raw);
    const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    await ensureTable(raw, TABLE);
    const table = createToolboxTable(doc, TABLE);
    const entries = commissionEntryEntity(table);
    const months = commissionMonthEntity(table);
    const ledger = commissionLedger(table);
    const put = async (items: CommissionEntryItem[]) => {
      for (let start = 0; start < items.length; start += PARALLEL_PUTS)
        await Promise.all(
          items.slice(start, start + PARALLEL_PUTS).map((item) => entries.build(PutItemCommand).item(item).send()),
        );
    };
    const range = (count: number, from = 0) => Array.from({ length: count }, (_, index) => from + index);

    // The broker's thirteen ledger months (their sums are not what is measured) and a small book.
    await Promise.all(
      [...EARLIER_MONTHS, MONTH].map((month) =>
        months.build(PutItemCommand).item({ brokerId: BROKER, month, earnedCents: 12_500, entryCount: 1 }).send(),
      ),
    );
    await put([
      ...range(IN_MONTH).map((index) => entry(BROKER, MONTH, index)),
      ...EARLIER_MONTHS.map((month) => entry(BROKER, month, 0)),
    ]);
    const small = await measure(meter, ledger);
    const smallBook = IN_MONTH + EARLIER_MONTHS.length;

    const started = Date.now();
    const more = [
      ...EARLIER_MONTHS.flatMap((month) => range(PER_EARLIER_MONTH - 1, 1).map((index) => entry(BROKER, month, index))),
      ...range(OTHER_BROKERS).flatMap((broker) => range(PER_OTHER_BROKER).map((index) => entry(`other${broker}`, MONTH, index))),
    ];
    await put(more);
    log(`commission: ${more.length} more entries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const large = await measure(meter, ledger);
    const largeBook = smallBook + more.length;

    const growth = small.units > 0 ? large.units / small.units - 1 : 0;
    return [
      {
        budget: `commission statement at ${largeBook.toLocaleString('en-US')} entries`,
        subject: "GET /brokers/{id}/commission: one broker's month (its ledger reads)",
        measured: `${round(small.units)} -> ${round(large.units)} CU (${percent(growth)}), ${small.calls} -> ${large.calls} DynamoDB calls`,
        limit: `<= +${MAX_GROWTH * 100}% CU, 3 DynamoDB calls`,
        pass:
          growth <= MAX_GROWTH &&
          large.calls === 3 &&
          small.entries === IN_MONTH &&
          large.entries === IN_MONTH &&
          large.months === EARLIER_MONTHS.length + 1,
        note: `${smallBook} -> ${largeBook} entries (the broker's ${IN_MONTH} of the month; ${PER_EARLIER_MONTH} in each of ${EARLIER_MONTHS.length} earlier months; ${OTHER_BROKERS} other brokers with ${PER_OTHER_BROKER} each in the month); entries answered ${small.entries} -> ${large.entries}, months ${small.months} -> ${large.months}; median ${round(small.medianMs)} -> ${round(large.medianMs)} ms, worst ${round(small.worstMs)} -> ${round(large.worstMs)} ms (${RUNS} runs, DynamoDB Local); the name adds a constant two reads`,
      },
    ];
  } finally {
    await dynamodb.stop();
  }
}
