/**
 * The programs match must not grow with the catalog (docs/bench.md, "Lender programs"). A desk or a broker asks
 * GET /programs/match for one vehicle, term and mileage on a date; this measures that call, through the service its
 * handler runs, on DynamoDB Local holding 2 lender programs (the months in effect) and then 40 (the same lenders'
 * earlier months, 19 each, as a year and a half of monthly imports leaves them): the capacity units of one call, its
 * DynamoDB calls and the rows it answers, and its wall time (median and worst of RUNS calls, after a warm-up).
 *
 * The measured vehicle has a row in every program, earlier months included, so the larger catalog holds 20 times
 * the rows of that very vehicle, term and mileage: the one Query's sort-key range starts at the date and so never
 * reads a month that ended before it (docs/data-model.md, "Programs"). Capacity is the budget (within 10%); wall
 * times on a shared machine are reported, not judged.
 */
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { programStore, type StoredRow } from '@functions/programs/data/programs';
import type { ProgramsData } from '@functions/programs/data';
import { matchPrograms } from '@functions/programs/programs';
import { createToolboxTable } from '@functions/lib/data/table';
import { dynamoDbClient, ensureTable, startDynamoDb } from '@infra/local/dynamodb';
import { silentLog } from '@infra/local/log';
import { isListening } from '@infra/local/ports';
import { addMonths } from '@shared/calendar';
import { matchQuerySchema } from '@shared/programs/api';
import { installCapacityMeter, type CapacityMeter } from './capacity-meter';
import { median, type BudgetRow } from './report';

const PORT = 8616 + Number(process.env.LEASEDESK_TEST_PORT_OFFSET ?? 0);
const TABLE = 'leasedesk-bench-programs';
const LENDERS = 2;
/** Months per lender in the large catalog: the current one and 19 earlier. */
const MONTHS = 20;
const RUNS = 15;
const MAX_GROWTH = 0.1;
const CURRENT_MONTH = '2026-12';
const DATE = '2026-12-15';
const MODELS = 20;
const TERMS = [24, 36, 39, 48];
const MILES = [7500, 10000, 12000, 15000, 20000];
const MAKE = 'Benchmake';

/** "2026-02" -> "2026-02-28". */
function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number!, 0)).toISOString().slice(0, 10);
}

/** One lender's program for a month: every model, term and mileage, in effect for that month. */
function programOf(lender: number, month: string): StoredRow[] {
  const rows: StoredRow[] = [];
  for (let model = 0; model < MODELS; model++)
    for (const termMonths of TERMS)
      for (const milesPerYear of MILES)
        rows.push({
          lenderId: `bench-lender-${lender}`,
          lenderName: `Bench Lender ${lender}`,
          month,
          index: rows.length,
          year: 2027,
          make: MAKE,
          model: `Model ${model}`,
          trim: '',
          termMonths,
          milesPerYear,
          residualPercent: 58,
          buyRateMoneyFactor: 0.00185,
          maxMarkup: 0.0004,
          acquisitionFee: { amount: 650, taxable: false },
          securityDeposits: { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0.00075 },
          onePay: { allowed: false, moneyFactor: null },
          incentives: [{ name: 'Bench lease cash', amount: 1000, kind: 'lease_cash', stacksWith: ['loyalty'] }],
          states: [],
          zipPrefixes: [],
          effectiveFrom: `${month}-01`,
          effectiveTo: lastDayOf(month),
        });
  return rows;
}

const QUERY = matchQuerySchema.parse({
  year: '2027',
  make: MAKE,
  model: 'Model 7',
  termMonths: '36',
  milesPerYear: '10000',
  state: 'CA',
  date: DATE,
});

interface Measured {
  capacityUnits: number;
  calls: number;
  matches: number;
  medianMs: number;
  worstMs: number;
}

async function measure(meter: CapacityMeter, data: ProgramsData): Promise<Measured> {
  await matchPrograms(QUERY, data); // warm-up: connections, entity construction
  const { usage, result } = await meter.measure(() => matchPrograms(QUERY, data));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    await matchPrograms(QUERY, data);
    times.push(performance.now() - started);
  }
  return {
    capacityUnits: usage.capacityUnits,
    calls: Object.values(usage.operations).reduce((a, b) => a + b, 0),
    matches: result.matches.length,
    medianMs: median(times),
    worstMs: Math.max(...times),
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

export async function benchPrograms(log: (line: string) => void): Promise<BudgetRow[]> {
  if (await isListening(PORT)) throw new Error(`Port ${PORT} (bench DynamoDB Local) is already in use`);
  const dynamodb = await startDynamoDb({ port: PORT, log: silentLog });
  try {
    const raw = dynamoDbClient(`http://localhost:${PORT}`);
    const meter = installCapacityMeter(raw);
    const doc = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    await ensureTable(raw, TABLE);
    const data: ProgramsData = { programs: programStore(createToolboxTable(doc, TABLE)) };

    const load = async (months: string[]) => {
      const started = Date.now();
      for (const month of months)
        for (let lender = 0; lender < LENDERS; lender++) await data.programs.putRows(programOf(lender, month));
      return (Date.now() - started) / 1000;
    };
    const perProgram = MODELS * TERMS.length * MILES.length;
    let seconds = await load([CURRENT_MONTH]);
    log(`programs: ${LENDERS} programs (${LENDERS * perProgram} rows) in ${seconds.toFixed(1)} s`);
    const small = await measure(meter, data);

    const earlier = Array.from({ length: MONTHS - 1 }, (_, back) => addMonths(`${CURRENT_MONTH}-01`, -(back + 1)).slice(0, 7));
    seconds = await load(earlier);
    const programs = LENDERS * MONTHS;
    log(`programs: ${programs} programs (${programs * perProgram} rows) in ${seconds.toFixed(1)} s more`);
    const large = await measure(meter, data);

    const growth = small.capacityUnits > 0 ? large.capacityUnits / small.capacityUnits - 1 : 0;
    return [
      {
        budget: `programs match at ${programs} programs`,
        subject: 'GET /programs/match (one vehicle, term, mileage and date)',
        measured: `${round(small.capacityUnits)} -> ${round(large.capacityUnits)} CU (${growth >= 0 ? '+' : ''}${Math.round(growth * 100)}%)`,
        limit: `<= +${MAX_GROWTH * 100}% CU, 1 DynamoDB call`,
        pass: growth <= MAX_GROWTH && large.calls === 1 && large.matches === small.matches && small.matches === LENDERS,
        note: `${LENDERS} -> ${programs} programs (${LENDERS * perProgram} -> ${programs * perProgram} rows, the vehicle's rows ${LENDERS} -> ${programs}); matches ${small.matches} -> ${large.matches}; DynamoDB calls ${small.calls} -> ${large.calls}; median ${round(small.medianMs)} -> ${round(large.medianMs)} ms, worst ${round(small.worstMs)} -> ${round(large.worstMs)} ms (${RUNS} runs, DynamoDB Local)`,
      },
    ];
  } finally {
    await dynamodb.stop();
  }
}
