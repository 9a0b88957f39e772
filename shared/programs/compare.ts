/**
 * The desk's comparison (docs/decisions.md, "Comparison"): one deal priced on every matching lender program, beside
 * the dealer quotes the broker types, each row with its monthly payment, due at signing and total cost
 * (shared/lease/total-cost.ts, the one rule for programs and quotes alike), sorted cheapest first. Where a program
 * allows, a row also prices its one-pay and the number of security deposits that costs the least. Ticked rows become
 * a proposal's options (`proposalOptionsOf`). Pure: the desk's Compare panel renders what this answers.
 */
import * as z from 'zod';
import { calculateLease, LeaseInputError, msdReturn, type LeaseInput, type LeaseQuote } from '../lease/calculate';
import { quotedLeaseTotal } from '../lease/total-cost';
import { PROPOSAL_OPTION_LABEL_MAX, PROPOSAL_OPTIONS_MAX, type ProposalOptionInput } from '../proposals/api';
import type { ProgramMatch } from './api';
import { deskedWithProgram, programFill, type ClientIncentiveKind } from './desk';

/** A matched program row as the comparison reads it. */
export type ComparedProgram = Pick<
  ProgramMatch,
  | 'lenderId'
  | 'lenderName'
  | 'month'
  | 'rowIndex'
  | 'programLabel'
  | 'trim'
  | 'termMonths'
  | 'milesPerYear'
  | 'residualPercent'
  | 'buyRateMoneyFactor'
  | 'maxMarkup'
  | 'acquisitionFee'
  | 'incentives'
  | 'securityDeposits'
  | 'onePay'
>;

/** A dealer's quote as the broker typed it: due at signing includes the first payment. */
export interface DealerQuote {
  /** Tells two quotes of one dealership apart on the desk. */
  id: string;
  /** The dealership's name (or what the broker calls the quote). */
  label: string;
  monthlyPayment: number;
  dueAtSigning: number;
  termMonths: number;
  milesPerYear: number;
  refundableDeposits: number;
}

/** A way of paying a row's lease: its payments and the total cost they add up to. */
export interface ComparedOffer {
  monthlyPayment: number;
  dueAtSigning: number;
  refundableDeposits: number;
  totalCost: number;
  /** The money factor applied (after deposits); null for a dealer quote (it states none). */
  moneyFactor: number | null;
}

export interface OnePayOffer extends ComparedOffer {
  amount: number;
}

/** The program's deposits that cost the least: `count` 0 when none saves anything. */
export interface BestDeposits extends ComparedOffer {
  count: number;
  /** What they save over the lease against no deposits (0 with count 0). */
  saving: number;
}

interface RowBase {
  /** Unique among the rows: a program's lender, month and row; a quote's id. */
  key: string;
  /** "Example Auto Finance, December 2026 program" or "Dealer quote: Main Street Toyota". */
  source: string;
  termMonths: number;
  milesPerYear: number;
}

export interface ProgramComparisonRow extends RowBase, ComparedOffer {
  kind: 'program';
  program: ComparedProgram;
  /** The one-pay, where the program allows it: `amount` is the one payment; due at signing adds cash down and fees. */
  onePay: OnePayOffer | null;
  /** Null when the program takes no deposits (or the desk's zero drive-off cannot). */
  bestDeposits: BestDeposits | null;
}

/** A program row the desk's numbers do not price (no MSRP yet, a cash down above the cap cost): why. */
export interface UnpricedProgramRow extends RowBase {
  kind: 'unpriced';
  program: ComparedProgram;
  problem: string;
}

export interface DealerQuoteRow extends RowBase, ComparedOffer {
  kind: 'dealer-quote';
  quote: DealerQuote;
}

export type ComparisonRow = ProgramComparisonRow | UnpricedProgramRow | DealerQuoteRow;
export type PricedComparisonRow = ProgramComparisonRow | DealerQuoteRow;

export const programRowKey = (program: Pick<ComparedProgram, 'lenderId' | 'month' | 'rowIndex'>) =>
  `program|${program.lenderId}|${program.month}|${program.rowIndex}`;
export const dealerQuoteSource = (label: string) => `Dealer quote: ${label}`;

const offerOf = (quote: LeaseQuote, termMonths: number, moneyFactor: number): ComparedOffer => {
  const refundableDeposits = quote.securityDepositTotal ?? 0;
  return {
    monthlyPayment: quote.monthlyPayment,
    dueAtSigning: quote.driveOff,
    refundableDeposits,
    totalCost: quotedLeaseTotal({
      termMonths,
      monthlyPayment: quote.monthlyPayment,
      dueAtSigning: quote.driveOff,
      refundableDeposits,
    }),
    moneyFactor,
  };
};

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The deposits from 0 to the program's most that leave the lowest total cost (ties: fewer deposits, less money held
 * by the lender). msdReturn's saving is the difference of the totals, so the best count is the largest saving.
 */
function bestDepositsOf(base: LeaseInput, program: ComparedProgram): BestDeposits | null {
  const rule = program.securityDeposits;
  if (!rule || rule.maxCount <= 0 || base.zeroDriveOff) return null;
  // A rounding of 0 means the deposit is the payment itself: rounded up to the cent, which it already is.
  const deposits = {
    count: rule.maxCount,
    moneyFactorReductionEach: rule.reductionEach,
    moneyFactorFloor: rule.floor,
    roundUpTo: rule.roundingTo > 0 ? rule.roundingTo : 0.01,
  };
  const counts = msdReturn({ ...base, securityDeposits: deposits });
  const best = counts.reduce((kept, row) => (cents(row.totalSaving) > cents(kept.totalSaving) ? row : kept));
  const quote = calculateLease({ ...base, securityDeposits: { ...deposits, count: best.count } });
  return { ...offerOf(quote, base.termMonths, best.moneyFactor), count: best.count, saving: best.totalSaving };
}

/** The program's one-pay, at its one-pay money factor, or null where it allows none. */
function onePayOf(base: LeaseInput, program: ComparedProgram): OnePayOffer | null {
  const moneyFactor = program.onePay.moneyFactor;
  if (!program.onePay.allowed || moneyFactor === null) return null;
  const quote = calculateLease({ ...base, moneyFactor, onePay: true, zeroDriveOff: false });
  return { ...offerOf(quote, base.termMonths, moneyFactor), amount: quote.onePayAmount ?? quote.driveOff };
}

/**
 * One program row priced with the desk's own numbers (price, cash down, fees, tax) and the program's residual, buy
 * rate, acquisition fee and the incentives of the kinds ticked, as choosing the program would fill them
 * (shared/programs/desk.ts). The desk's own deposits are left out: each program's deposit rule is its own column.
 */
export function compareProgram(
  desk: LeaseInput,
  program: ComparedProgram,
  incentiveKinds: readonly ClientIncentiveKind[],
): ProgramComparisonRow | UnpricedProgramRow {
  const common = {
    key: programRowKey(program),
    source: program.programLabel,
    termMonths: desk.termMonths ?? program.termMonths,
    milesPerYear: program.milesPerYear,
    program,
  };
  const fill = programFill(program, { markup: 0, incentiveKinds });
  const { securityDeposits: _ignored, ...withoutDeposits } = deskedWithProgram(desk, fill, []);
  const base: LeaseInput = { ...withoutDeposits, onePay: false };
  try {
    const quote = calculateLease(base);
    return {
      ...common,
      kind: 'program',
      ...offerOf(quote, base.termMonths, fill.moneyFactor),
      onePay: onePayOf(base, program),
      bestDeposits: bestDepositsOf(base, program),
    };
  } catch (error) {
    if (!(error instanceof LeaseInputError)) throw error;
    return { ...common, kind: 'unpriced', problem: error.message };
  }
}

export function compareDealerQuote(quote: DealerQuote): DealerQuoteRow {
  return {
    kind: 'dealer-quote',
    key: `dealer|${quote.id}`,
    source: dealerQuoteSource(quote.label),
    termMonths: quote.termMonths,
    milesPerYear: quote.milesPerYear,
    quote,
    monthlyPayment: quote.monthlyPayment,
    dueAtSigning: quote.dueAtSigning,
    refundableDeposits: quote.refundableDeposits,
    totalCost: quotedLeaseTotal(quote),
    moneyFactor: null,
  };
}

/** Cheapest total cost first; ties: the lower monthly payment, then the source's name. Unpriced rows last. */
export function byTotalCost(a: ComparisonRow, b: ComparisonRow): number {
  if (a.kind === 'unpriced' || b.kind === 'unpriced') {
    if (a.kind !== b.kind) return a.kind === 'unpriced' ? 1 : -1;
    return a.source.localeCompare(b.source);
  }
  return (
    cents(a.totalCost) - cents(b.totalCost) ||
    cents(a.monthlyPayment) - cents(b.monthlyPayment) ||
    a.source.localeCompare(b.source)
  );
}

/** Every matching program and every dealer quote, priced and sorted. */
export function compareLeases(input: {
  desk: LeaseInput;
  programs: readonly ComparedProgram[];
  incentiveKinds: readonly ClientIncentiveKind[];
  dealerQuotes: readonly DealerQuote[];
}): ComparisonRow[] {
  return [
    ...input.programs.map((program) => compareProgram(input.desk, program, input.incentiveKinds)),
    ...input.dealerQuotes.map(compareDealerQuote),
  ].sort(byTotalCost);
}

// ---------------------------------------------------------------------------------------------------------------
// Dealer quotes as typed

export const DEALER_QUOTE_LABEL_MAX = PROPOSAL_OPTION_LABEL_MAX - dealerQuoteSource('').length;

const money = (label: string, min = 0) =>
  z
    .number(`${label} is required`)
    .min(min, min > 0 ? `${label} must be more than $0` : `${label} cannot be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, `${label} must be in whole cents`);

/** A dealer quote as the desk's form reads it; the deposits are part of due at signing. */
export const dealerQuoteSchema = z
  .object({
    label: z
      .string('Dealership is required')
      .trim()
      .min(1, 'Dealership is required')
      .max(DEALER_QUOTE_LABEL_MAX, `Dealership must be at most ${DEALER_QUOTE_LABEL_MAX} characters`),
    monthlyPayment: money('Monthly payment', 0.01),
    dueAtSigning: money('Due at signing'),
    termMonths: z
      .number('Term is required')
      .int('Term must be a whole number of months')
      .min(1, 'Term must be 1 to 120 months')
      .max(120, 'Term must be 1 to 120 months'),
    milesPerYear: z
      .number('Miles a year is required')
      .int('Miles a year must be a whole number')
      .min(1000, 'Miles a year must be 1,000 to 100,000')
      .max(100_000, 'Miles a year must be 1,000 to 100,000'),
    refundableDeposits: money('Refundable deposits').default(0),
  })
  .refine((quote) => cents(quote.refundableDeposits) <= cents(quote.dueAtSigning), {
    message: 'Refundable deposits are part of due at signing: they cannot be more',
    path: ['refundableDeposits'],
  });
export type DealerQuoteInput = z.input<typeof dealerQuoteSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Options for a proposal

export { PROPOSAL_OPTIONS_MAX };
export const PROPOSAL_OPTIONS_FULL_MESSAGE = `A proposal takes at most ${PROPOSAL_OPTIONS_MAX} options`;

/** How a ticked program row is offered: its monthly lease, its one-pay or its best deposits. */
export type OfferKind = 'monthly' | 'one-pay' | 'deposits';

/** The offer kinds a row can be proposed as (a dealer quote: as typed; deposits only when some save). */
export function offerKindsOf(row: PricedComparisonRow): OfferKind[] {
  if (row.kind === 'dealer-quote') return ['monthly'];
  return [
    'monthly',
    ...(row.onePay ? (['one-pay'] as const) : []),
    ...(row.bestDeposits && row.bestDeposits.count > 0 ? (['deposits'] as const) : []),
  ];
}

export interface ProposalPick {
  row: PricedComparisonRow;
  offer: OfferKind;
}

const optionLabel = (source: string) =>
  source.length <= PROPOSAL_OPTION_LABEL_MAX ? source : `${source.slice(0, PROPOSAL_OPTION_LABEL_MAX - 1).trimEnd()}…`;

/** The ticked rows as a proposal's options (shared/proposals/api.ts), in the comparison's order. */
export function proposalOptionsOf(picks: readonly ProposalPick[]): ProposalOptionInput[] {
  return picks.map(({ row, offer }) => {
    const chosen =
      row.kind === 'program' && offer === 'one-pay' && row.onePay
        ? row.onePay
        : row.kind === 'program' && offer === 'deposits' && row.bestDeposits
          ? row.bestDeposits
          : row;
    const onePay = row.kind === 'program' && chosen === row.onePay;
    const depositCount = row.kind === 'program' && chosen === row.bestDeposits ? row.bestDeposits.count : null;
    return {
      label: optionLabel(row.source),
      source: row.kind === 'program' ? 'program' : 'dealer-quote',
      termMonths: row.termMonths,
      milesPerYear: row.milesPerYear,
      monthlyPayment: chosen.monthlyPayment,
      dueAtSigning: chosen.dueAtSigning,
      refundableDeposits: chosen.refundableDeposits,
      onePay,
      moneyFactor: chosen.moneyFactor,
      securityDepositCount: depositCount,
    };
  });
}
