/**
 * A lender program's rows in CSV (docs/decisions.md, "Programs"; docs/api.md, "Programs"): the columns of a program
 * file, the mapping of a file's columns to them (shared/transfers/columns.ts, as the client import), and each row
 * checked into a program row, every problem named by its field. Pure: the import screen's preview and the API's
 * chunks use the same rules, so a row the preview passes is a row the API takes.
 */
import { mapColumnsByHeader, valuesOfRecord, type ColumnMapping } from '../transfers/columns';

export const PROGRAM_CSV_FIELDS = [
  'year',
  'make',
  'model',
  'trim',
  'termMonths',
  'milesPerYear',
  'residualPercent',
  'buyRateMoneyFactor',
  'maxMarkup',
  'acquisitionFee',
  'acquisitionFeeTaxable',
  'securityDepositReduction',
  'securityDepositMax',
  'securityDepositRounding',
  'securityDepositFloor',
  'onePayAllowed',
  'onePayMoneyFactor',
  'incentives',
  'states',
  'zipPrefixes',
  'effectiveFrom',
  'effectiveTo',
] as const;
export type ProgramCsvField = (typeof PROGRAM_CSV_FIELDS)[number];

/** Each field's header in the example file (the first name) and the other headers it is recognised by. */
export const PROGRAM_CSV_HEADERS: Record<ProgramCsvField, readonly string[]> = {
  year: ['Model year', 'Year', 'MY'],
  make: ['Make', 'Brand'],
  model: ['Model'],
  trim: ['Trim', 'Trim level', 'Series'],
  termMonths: ['Term', 'Term months', 'Months'],
  milesPerYear: ['Miles per year', 'Annual miles', 'Mileage', 'Miles'],
  residualPercent: ['Residual %', 'Residual', 'Residual percent', 'RV'],
  buyRateMoneyFactor: ['Buy rate MF', 'Money factor', 'Buy rate', 'MF'],
  maxMarkup: ['Max MF markup', 'Max markup', 'Markup', 'Dealer reserve'],
  acquisitionFee: ['Acquisition fee', 'Acq fee', 'Bank fee'],
  acquisitionFeeTaxable: ['Acquisition fee taxable', 'Acq fee taxable', 'Fee taxable'],
  securityDepositReduction: ['MSD MF reduction', 'Security deposit reduction', 'MSD reduction'],
  securityDepositMax: ['MSD max', 'Security deposit max', 'Max deposits'],
  securityDepositRounding: ['MSD rounding', 'Security deposit rounding', 'Deposit rounding'],
  securityDepositFloor: ['MSD MF floor', 'Security deposit floor', 'MF floor'],
  onePayAllowed: ['One-pay allowed', 'One pay', 'Single pay'],
  onePayMoneyFactor: ['One-pay MF', 'One pay MF', 'Single pay MF'],
  incentives: ['Incentives', 'Lease cash', 'Rebates'],
  states: ['States', 'State', 'Region'],
  zipPrefixes: ['ZIP prefixes', 'ZIP', 'Zip codes'],
  effectiveFrom: ['Effective from', 'Start date', 'From'],
  effectiveTo: ['Effective to', 'End date', 'To', 'Expires'],
};

export const PROGRAM_CSV_FIELD_LABELS: Record<ProgramCsvField, string> = {
  year: 'Model year',
  make: 'Make',
  model: 'Model',
  trim: 'Trim',
  termMonths: 'Term',
  milesPerYear: 'Miles per year',
  residualPercent: 'Residual %',
  buyRateMoneyFactor: 'Buy rate MF',
  maxMarkup: 'Max MF markup',
  acquisitionFee: 'Acquisition fee',
  acquisitionFeeTaxable: 'Acquisition fee taxable',
  securityDepositReduction: 'MSD MF reduction',
  securityDepositMax: 'MSD max',
  securityDepositRounding: 'MSD rounding',
  securityDepositFloor: 'MSD MF floor',
  onePayAllowed: 'One-pay allowed',
  onePayMoneyFactor: 'One-pay MF',
  incentives: 'Incentives',
  states: 'States',
  zipPrefixes: 'ZIP prefixes',
  effectiveFrom: 'Effective from',
  effectiveTo: 'Effective to',
};

/** The columns a program file must map (the rest may be blank or absent). */
export const PROGRAM_REQUIRED_FIELDS = [
  'year',
  'make',
  'model',
  'termMonths',
  'milesPerYear',
  'residualPercent',
  'buyRateMoneyFactor',
  'effectiveFrom',
  'effectiveTo',
] as const satisfies readonly ProgramCsvField[];

/** The example file's header row (docs/examples/programs.csv). */
export const PROGRAM_CSV_HEADER: string[] = PROGRAM_CSV_FIELDS.map((field) => PROGRAM_CSV_HEADERS[field][0]!);

export type ProgramColumnMapping = ColumnMapping<ProgramCsvField>;
export type ProgramImportValues = Partial<Record<ProgramCsvField, string>>;

export const autoMapProgramColumns = (headers: readonly string[]): ProgramColumnMapping =>
  mapColumnsByHeader(PROGRAM_CSV_FIELDS, PROGRAM_CSV_HEADERS, headers);

export const programValues = (record: readonly string[], mapping: ProgramColumnMapping): ProgramImportValues =>
  valuesOfRecord(PROGRAM_CSV_FIELDS, record, mapping);

export const INCENTIVE_KINDS = ['lease_cash', 'loyalty', 'conquest', 'college', 'military'] as const;
export type IncentiveKind = (typeof INCENTIVE_KINDS)[number];
export const INCENTIVE_KIND_LABELS: Record<IncentiveKind, string> = {
  lease_cash: 'Lease cash',
  loyalty: 'Loyalty',
  conquest: 'Conquest',
  college: 'College',
  military: 'Military',
};

export interface ProgramIncentive {
  name: string;
  amount: number;
  kind: IncentiveKind;
  /** The kinds it may be combined with; lease cash combines with everything that names it back. */
  stacksWith: IncentiveKind[];
}

/** One program row: what a desk needs to quote a lease of the vehicle on this term and mileage. */
export interface ProgramRow {
  year: number;
  make: string;
  model: string;
  /** Blank: every trim of the model. */
  trim: string;
  termMonths: number;
  milesPerYear: number;
  /** Percent of MSRP, e.g. 58 for 58%. */
  residualPercent: number;
  buyRateMoneyFactor: number;
  /** The most the money factor may be marked up over the buy rate. */
  maxMarkup: number;
  acquisitionFee: { amount: number; taxable: boolean };
  /** Multiple security deposits: each lowers the MF by `reductionEach`, at most `maxCount`, never below `floor`. */
  securityDeposits: { reductionEach: number; maxCount: number; roundingTo: number; floor: number } | null;
  onePay: { allowed: boolean; moneyFactor: number | null };
  incentives: ProgramIncentive[];
  /** Two-letter states; empty with `zipPrefixes` empty: everywhere. */
  states: string[];
  zipPrefixes: string[];
  effectiveFrom: string;
  effectiveTo: string;
}

/** The highest money factor a program may carry (an APR of 24%): a larger one is a typo, such as an APR typed as MF. */
export const MONEY_FACTOR_MAX = 0.01;
export const PROGRAM_YEAR_MIN = 1990;
export const PROGRAM_YEAR_MAX = 2100;

export const PROGRAM_MESSAGES = {
  required: (label: string) => `${label} is required`,
  number: (label: string) => `${label} must be a number`,
  wholeNumber: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
  residual: 'Residual % must be more than 0 and at most 100',
  moneyFactor: (label: string) => `${label} must be from 0 to ${MONEY_FACTOR_MAX}`,
  amount: (label: string) => `${label} must be an amount from 0 to 100,000`,
  yesNo: (label: string) => `${label} must be yes or no`,
  date: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  effectiveOrder: 'Effective to must be on or after Effective from',
  states: 'States must be two-letter codes separated by spaces or commas',
  zipPrefixes: 'ZIP prefixes must be 1 to 5 digits each, separated by spaces or commas',
  incentives:
    'Incentives must be "name: amount: kind" entries separated by ";" (kind: lease cash, loyalty, conquest, college or military, optionally "+ stacks with kinds")',
  onePayMoneyFactor: 'One-pay MF is required when one-pay is allowed',
  text: (label: string) => `${label} must be at most 60 characters`,
} as const;

const TEXT_MAX = 60;

class RowProblem extends Error {
  constructor(
    readonly field: ProgramCsvField,
    message: string,
  ) {
    super(message);
  }
}

function fail(field: ProgramCsvField, message: string): never {
  throw new RowProblem(field, message);
}

const label = (field: ProgramCsvField) => PROGRAM_CSV_FIELD_LABELS[field];

function numberOf(values: ProgramImportValues, field: ProgramCsvField, fallback?: number): number {
  const raw = values[field]?.replace(/[$,%\s]/g, '');
  if (!raw) return fallback ?? fail(field, PROGRAM_MESSAGES.required(label(field)));
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(raw)) fail(field, PROGRAM_MESSAGES.number(label(field)));
  return Number(raw);
}

function wholeOf(values: ProgramImportValues, field: ProgramCsvField, min: number, max: number, fallback?: number): number {
  const value = numberOf(values, field, fallback);
  if (!Number.isInteger(value) || value < min || value > max) fail(field, PROGRAM_MESSAGES.wholeNumber(label(field), min, max));
  return value;
}

function moneyFactorOf(values: ProgramImportValues, field: ProgramCsvField, fallback?: number): number {
  const value = numberOf(values, field, fallback);
  if (value < 0 || value > MONEY_FACTOR_MAX) fail(field, PROGRAM_MESSAGES.moneyFactor(label(field)));
  return value;
}

function amountOf(values: ProgramImportValues, field: ProgramCsvField): number {
  const value = numberOf(values, field, 0);
  if (value < 0 || value > 100_000) fail(field, PROGRAM_MESSAGES.amount(label(field)));
  return Math.round(value * 100) / 100;
}

function yesNoOf(values: ProgramImportValues, field: ProgramCsvField): boolean {
  const raw = values[field]?.trim().toLowerCase() ?? '';
  if (['', 'no', 'n', 'false', '0'].includes(raw)) return false;
  if (['yes', 'y', 'true', '1'].includes(raw)) return true;
  return fail(field, PROGRAM_MESSAGES.yesNo(label(field)));
}

function textOf(values: ProgramImportValues, field: ProgramCsvField, required: boolean): string {
  const value = (values[field] ?? '').replace(/\s+/g, ' ').trim();
  if (required && !value) fail(field, PROGRAM_MESSAGES.required(label(field)));
  // eslint-disable-next-line no-control-regex
  if (value.length > TEXT_MAX || /[\u0000-\u001f\u007f]/.test(value)) fail(field, PROGRAM_MESSAGES.text(label(field)));
  return value;
}

function dateOf(values: ProgramImportValues, field: ProgramCsvField): string {
  const raw = values[field]?.trim() ?? '';
  if (!raw) fail(field, PROGRAM_MESSAGES.required(label(field)));
  const date = new Date(`${raw}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw)
    fail(field, PROGRAM_MESSAGES.date(label(field)));
  return raw;
}

const listOf = (raw: string | undefined) =>
  (raw ?? '')
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** "Lease cash" / "lease-cash" / "LEASE_CASH" -> lease_cash. */
const kindOf = (text: string): IncentiveKind | undefined => {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (INCENTIVE_KINDS as readonly string[]).includes(key) ? (key as IncentiveKind) : undefined;
};

/**
 * Incentives in one cell: `name: amount: kind [+ kind, kind]` entries separated by `;`, e.g.
 * `Winter lease cash: 1500: lease cash + loyalty, military; Loyalty: 500: loyalty + lease cash`.
 */
export function parseIncentives(raw: string | undefined): ProgramIncentive[] {
  const entries = (raw ?? '')
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.map((entry) => {
    const [name = '', amountText = '', kindText = ''] = entry.split(':').map((part) => part.trim());
    const [kindName = '', stacks = ''] = kindText.split('+');
    const kind = kindOf(kindName);
    const amount = Number(amountText.replace(/[$,\s]/g, ''));
    const stacksWith = stacks
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map(kindOf);
    if (
      !name ||
      name.length > TEXT_MAX ||
      !kind ||
      !amountText ||
      !Number.isFinite(amount) ||
      amount < 0 ||
      amount > 100_000 ||
      stacksWith.some((stack) => stack === undefined) ||
      entry.split(':').length !== 3
    )
      fail('incentives', PROGRAM_MESSAGES.incentives);
    return { name, amount, kind, stacksWith: [...new Set(stacksWith as IncentiveKind[])] };
  });
}

export type ProgramRowCheck =
  { row: ProgramRow; field: null; message: null } | { row: null; field: ProgramCsvField; message: string };

/** A row of a program file checked: the program row, or its first problem with the field it is in. */
export function checkProgramRow(values: ProgramImportValues): ProgramRowCheck {
  try {
    return { row: programRowOf(values), field: null, message: null };
  } catch (error) {
    if (error instanceof RowProblem) return { row: null, field: error.field, message: error.message };
    throw error;
  }
}

function programRowOf(values: ProgramImportValues): ProgramRow {
  const year = wholeOf(values, 'year', PROGRAM_YEAR_MIN, PROGRAM_YEAR_MAX);
  const make = textOf(values, 'make', true);
  const model = textOf(values, 'model', true);
  const trim = textOf(values, 'trim', false);
  const termMonths = wholeOf(values, 'termMonths', 1, 120);
  const milesPerYear = wholeOf(values, 'milesPerYear', 1000, 100_000);
  const residualPercent = numberOf(values, 'residualPercent');
  if (!(residualPercent > 0 && residualPercent <= 100)) fail('residualPercent', PROGRAM_MESSAGES.residual);
  const buyRateMoneyFactor = moneyFactorOf(values, 'buyRateMoneyFactor');
  const maxMarkup = moneyFactorOf(values, 'maxMarkup', 0);
  const acquisitionFee = { amount: amountOf(values, 'acquisitionFee'), taxable: yesNoOf(values, 'acquisitionFeeTaxable') };
  const depositMax = wholeOf(values, 'securityDepositMax', 0, 10, 0);
  const securityDeposits =
    depositMax > 0
      ? {
          reductionEach: moneyFactorOf(values, 'securityDepositReduction', 0),
          maxCount: depositMax,
          roundingTo: wholeOf(values, 'securityDepositRounding', 0, 1000, 0),
          floor: moneyFactorOf(values, 'securityDepositFloor', 0),
        }
      : null;
  const onePayAllowed = yesNoOf(values, 'onePayAllowed');
  const onePayMoneyFactor = values.onePayMoneyFactor ? moneyFactorOf(values, 'onePayMoneyFactor') : null;
  if (onePayAllowed && onePayMoneyFactor === null) fail('onePayMoneyFactor', PROGRAM_MESSAGES.onePayMoneyFactor);
  const incentives = parseIncentives(values.incentives);
  const states = listOf(values.states).map((state) => state.toUpperCase());
  if (states.some((state) => !/^[A-Z]{2}$/.test(state)) || states.length > 60) fail('states', PROGRAM_MESSAGES.states);
  const zipPrefixes = listOf(values.zipPrefixes);
  if (zipPrefixes.some((zip) => !/^\d{1,5}$/.test(zip)) || zipPrefixes.length > 100)
    fail('zipPrefixes', PROGRAM_MESSAGES.zipPrefixes);
  const effectiveFrom = dateOf(values, 'effectiveFrom');
  const effectiveTo = dateOf(values, 'effectiveTo');
  if (effectiveTo < effectiveFrom) fail('effectiveTo', PROGRAM_MESSAGES.effectiveOrder);
  return {
    year,
    make,
    model,
    trim,
    termMonths,
    milesPerYear,
    residualPercent,
    buyRateMoneyFactor,
    maxMarkup,
    acquisitionFee,
    securityDeposits,
    onePay: { allowed: onePayAllowed, moneyFactor: onePayAllowed ? onePayMoneyFactor : null },
    incentives,
    states: [...new Set(states)],
    zipPrefixes: [...new Set(zipPrefixes)],
    effectiveFrom,
    effectiveTo,
  };
}

/** A row's problem as the preview and the API's 400 say it: the spreadsheet's row (the header is row 1) and field. */
export const rowProblemMessage = (index: number, field: ProgramCsvField, message: string) =>
  `Row ${index + 2}, ${label(field)}: ${message}`;

/** Make, model and trim as keys compare them: case, spacing and punctuation do not matter ("Mercedes-Benz" = "mercedes benz"). */
export const vehicleKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Whether a row applies in `state` (two letters) and, when given, `zip`: a row naming neither applies everywhere. */
export function appliesIn(row: Pick<ProgramRow, 'states' | 'zipPrefixes'>, state: string, zip?: string): boolean {
  if (row.states.length === 0 && row.zipPrefixes.length === 0) return true;
  if (row.states.includes(state.toUpperCase())) return true;
  return !!zip && row.zipPrefixes.some((prefix) => zip.startsWith(prefix));
}

/** "2026-12" -> "December 2026". */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** How a desk names the program a row comes from: "Example Auto Finance, December 2026 program". */
export const programLabel = (lenderName: string, month: string) => `${lenderName}, ${monthLabel(month)} program`;
