/**
 * A lease desked from a lender program (docs/decisions.md, "Programs", "The desk fills from a program"): what a
 * matching program row fills on the desk (residual, money factor as buy rate plus the broker's markup, acquisition
 * fee, the incentives the client qualifies for), which of those numbers the broker typed over ("override"), the
 * reference a deal keeps to the row it was desked with, and what a newer month of the same lender would make the
 * payment. Pure: the desk, the deal page and the API share these rules.
 */
import * as z from 'zod';
import { calculateLease, LeaseInputError, type LeaseFee, type LeaseInput } from '../lease/calculate';
import { lenderIdSchema, monthSchema, PROGRAM_ROWS_MAX } from './api';
import { MONEY_FACTOR_MAX, monthLabel, programLabel, type IncentiveKind, type ProgramIncentive, type ProgramRow } from './rows';

/** The incentives a broker ticks when the client qualifies; lease cash needs no qualifying and always applies. */
export const CLIENT_INCENTIVE_KINDS = ['loyalty', 'conquest', 'college', 'military'] as const;
export type ClientIncentiveKind = (typeof CLIENT_INCENTIVE_KINDS)[number];

/** The desk's numbers a program fills; each may be typed over (an override). */
export const PROGRAM_FILLED_FIELDS = ['residualPercent', 'moneyFactor', 'acquisitionFee', 'rebates'] as const;
export type ProgramFilledField = (typeof PROGRAM_FILLED_FIELDS)[number];

/** The named fee a program's acquisition fee becomes in the lease input (capitalized, taxed as the program says). */
export const ACQUISITION_FEE_NAME = 'Acquisition fee';

export const PROGRAM_DESK_MESSAGES = {
  markupNegative: 'Markup cannot be negative',
  markupAboveMax: (max: number) => `Markup can be at most ${formatMoneyFactor(max)} on this program`,
  rowNotFound: 'The program row this deal names does not exist',
  /** The desk's empty answer (docs/decisions.md, "Programs"). */
  noMatch: 'No program matches this vehicle, term and mileage in this state today.',
} as const;

/** A money factor as lenders print it: five decimals ("0.00120"), six when the sixth is used. */
export function formatMoneyFactor(moneyFactor: number): string {
  const five = moneyFactor.toFixed(5);
  return Number(five) === Math.round(moneyFactor * 1_000_000) / 1_000_000 ? five : moneyFactor.toFixed(6);
}

/** Money factors carry six decimals: the sum of two is rounded back to them. */
const roundedMoneyFactor = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

/** The browser's calendar date, "2026-12-05": the day a broker quotes on (not UTC's, which may be tomorrow already). */
export function localDate(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Why a markup cannot be added to this program's buy rate, or undefined: 0 up to the program's maximum. */
export function markupProblem(markup: number, maxMarkup: number): string | undefined {
  if (markup < 0) return PROGRAM_DESK_MESSAGES.markupNegative;
  if (roundedMoneyFactor(markup) > roundedMoneyFactor(maxMarkup)) return PROGRAM_DESK_MESSAGES.markupAboveMax(maxMarkup);
  return undefined;
}

/** Whether two incentives may be combined: each names the other's kind among those it stacks with. */
const stack = (a: ProgramIncentive, b: ProgramIncentive) => a.stacksWith.includes(b.kind) && b.stacksWith.includes(a.kind);

/**
 * The incentives the client gets: lease cash and those of a ticked kind, the largest first, each kept when it stacks
 * with every one kept before it (a lender's incentive that does not combine with a larger one is left out).
 */
export function incentivesTaken(
  incentives: readonly ProgramIncentive[],
  ticked: readonly ClientIncentiveKind[],
): ProgramIncentive[] {
  const qualifying = incentives.filter(
    (incentive) => incentive.kind === 'lease_cash' || (ticked as readonly IncentiveKind[]).includes(incentive.kind),
  );
  const taken: ProgramIncentive[] = [];
  for (const incentive of [...qualifying].sort((a, b) => b.amount - a.amount)) {
    if (taken.every((kept) => stack(kept, incentive))) taken.push(incentive);
  }
  return taken;
}

/** The kinds a broker may tick on this program: those of its incentives that need qualifying, in the usual order. */
export const tickableKinds = (incentives: readonly ProgramIncentive[]): ClientIncentiveKind[] =>
  CLIENT_INCENTIVE_KINDS.filter((kind) => incentives.some((incentive) => incentive.kind === kind));

export type ProgramFillRow = Pick<
  ProgramRow,
  'residualPercent' | 'buyRateMoneyFactor' | 'maxMarkup' | 'acquisitionFee' | 'incentives'
>;

/** The broker's choices on a program: the markup over the buy rate and the incentive kinds the client qualifies for. */
export interface ProgramChoice {
  markup: number;
  incentiveKinds: readonly ClientIncentiveKind[];
}

/** What a program row fills on the desk. */
export interface ProgramFill {
  residualPercent: number;
  buyRate: number;
  markup: number;
  moneyFactor: number;
  acquisitionFee: number;
  acquisitionFeeTaxable: boolean;
  incentives: ProgramIncentive[];
  /** The incentives taken, summed: the lease's rebates. */
  rebates: number;
}

/** The desk's numbers from a row and the broker's choices; a markup above the maximum is held at it. */
export function programFill(row: ProgramFillRow, choice: ProgramChoice): ProgramFill {
  const markup = Math.min(Math.max(choice.markup, 0), row.maxMarkup);
  const incentives = incentivesTaken(row.incentives, choice.incentiveKinds);
  return {
    residualPercent: row.residualPercent,
    buyRate: row.buyRateMoneyFactor,
    markup,
    moneyFactor: roundedMoneyFactor(row.buyRateMoneyFactor + markup),
    acquisitionFee: row.acquisitionFee.amount,
    acquisitionFeeTaxable: row.acquisitionFee.taxable,
    incentives,
    rebates: incentives.reduce((sum, incentive) => sum + incentive.amount, 0),
  };
}

/** "buy rate 0.00120 + markup 0.00020" (or the buy rate alone): how the desk says where its money factor comes from. */
export const moneyFactorSource = (fill: Pick<ProgramFill, 'buyRate' | 'markup'>) =>
  fill.markup > 0
    ? `buy rate ${formatMoneyFactor(fill.buyRate)} + markup ${formatMoneyFactor(fill.markup)}`
    : `buy rate ${formatMoneyFactor(fill.buyRate)}`;

/** A filled field's number as the desk holds it. */
export const filledValue = (fill: ProgramFill, field: ProgramFilledField): number =>
  field === 'moneyFactor' ? fill.moneyFactor : fill[field];

/**
 * The fields whose number on the desk is not the program's: typed over, or left blank. A number equal to the
 * program's (to the sixth decimal, money factors' precision) is the program's, even if typed.
 */
export function overriddenFields(
  filled: Partial<Record<ProgramFilledField, number>>,
  desk: Partial<Record<ProgramFilledField, number | undefined>>,
): ProgramFilledField[] {
  return PROGRAM_FILLED_FIELDS.filter((field) => {
    const program = filled[field];
    const typed = desk[field];
    return (
      program === undefined || typed === undefined || Math.abs(roundedMoneyFactor(typed) - roundedMoneyFactor(program)) > 1e-9
    );
  });
}

/** The lease input's acquisition fee, if it has one. */
export const acquisitionFeeOf = (input: Pick<LeaseInput, 'fees'>): LeaseFee | undefined =>
  input.fees?.find((fee) => fee.name === ACQUISITION_FEE_NAME);

/** The lease input's fees with its acquisition fee set to `amount` (capitalized), or removed for none. */
export function withAcquisitionFee(
  fees: readonly LeaseFee[] | undefined,
  amount: number | undefined,
  taxable: boolean,
): LeaseFee[] {
  const others = (fees ?? []).filter((fee) => fee.name !== ACQUISITION_FEE_NAME);
  return amount === undefined ? others : [...others, { name: ACQUISITION_FEE_NAME, amount, capitalized: true, taxable }];
}

/** The lease input with a program's numbers in each field not overridden (the others keep the deal's). */
export function deskedWithProgram(input: LeaseInput, fill: ProgramFill, overridden: readonly ProgramFilledField[]): LeaseInput {
  const keeps = (field: ProgramFilledField) => overridden.includes(field);
  const next: LeaseInput = { ...input };
  if (!keeps('residualPercent')) next.residualPercent = fill.residualPercent;
  if (!keeps('moneyFactor')) {
    next.moneyFactor = fill.moneyFactor;
    delete next.apr;
  }
  if (!keeps('rebates')) next.rebates = fill.rebates;
  if (!keeps('acquisitionFee')) next.fees = withAcquisitionFee(input.fees, fill.acquisitionFee, fill.acquisitionFeeTaxable);
  return next;
}

// ---------------------------------------------------------------------------------------------------------------
// The reference a deal keeps to the program row it was desked with

/** Sent with a deal's desking: the row chosen and the broker's choices on it. The server checks the row exists. */
export const programReferenceSchema = z.object({
  lenderId: lenderIdSchema,
  month: monthSchema,
  /** The row's place in its month's file (0-based), as the match answers it. */
  rowIndex: z
    .number('Invalid input')
    .int('Invalid input')
    .min(0, 'Invalid input')
    .max(PROGRAM_ROWS_MAX - 1, 'Invalid input'),
  markup: z.number('Invalid input').min(0, PROGRAM_DESK_MESSAGES.markupNegative).max(MONEY_FACTOR_MAX, 'Invalid input'),
  incentiveKinds: z
    .array(z.enum(CLIENT_INCENTIVE_KINDS, 'Invalid input'))
    .max(CLIENT_INCENTIVE_KINDS.length, 'Invalid input')
    .transform((kinds) => [...new Set(kinds)]),
  /** The client's state the program was matched in. */
  state: z
    .string('Invalid input')
    .regex(/^[A-Za-z]{2}$/, 'State must be a two-letter code')
    .transform((state) => state.toUpperCase()),
  /** The day the deal was desked (YYYY-MM-DD): the program was in effect then. */
  deskedOn: z.iso.date('Invalid input'),
  overridden: z
    .array(z.enum(PROGRAM_FILLED_FIELDS, 'Invalid input'))
    .max(PROGRAM_FILLED_FIELDS.length, 'Invalid input')
    .transform((fields) => [...new Set(fields)]),
});
export type ProgramReferenceInput = z.input<typeof programReferenceSchema>;
export type ProgramReference = z.output<typeof programReferenceSchema>;

/** As the deal answers it: with the lender's name as imported, and the program's label. */
export const programReferenceViewSchema = z.object({
  ...programReferenceSchema.shape,
  incentiveKinds: z.array(z.enum(CLIENT_INCENTIVE_KINDS)),
  state: z.string(),
  overridden: z.array(z.enum(PROGRAM_FILLED_FIELDS)),
  lenderName: z.string(),
  /** The row's buy rate and most markup, as imported: the desk's "buy rate … + markup …" and the markup's bound. */
  buyRate: z.number(),
  maxMarkup: z.number(),
  /** "Example Auto Finance, December 2026 program". */
  programLabel: z.string(),
});
export type ProgramReferenceView = z.infer<typeof programReferenceViewSchema>;

/** The reference as a deal keeps it: with what the row said, copied by the server when the deal was saved. */
export type StoredProgramReference = ProgramReference & { lenderName: string; buyRate: number; maxMarkup: number };

export const programReferenceView = (reference: StoredProgramReference): ProgramReferenceView => ({
  ...reference,
  programLabel: programLabel(reference.lenderName, reference.month),
});

// ---------------------------------------------------------------------------------------------------------------
// A newer program

/** A matched row as the newer-program comparison reads it. */
export type ComparedMatch = ProgramFillRow & { lenderId: string; lenderName: string; month: string };

export interface NewerProgramPayment {
  lenderName: string;
  month: string;
  /** The monthly payment with the newer month's numbers (overridden fields kept). */
  payment: number;
  /** The monthly payment the deal was saved with. */
  saved: number;
}

/**
 * What the newest month of the deal's lender, later than the one desked, makes the payment: the deal's desking with
 * that month's row filled in with the same markup (held at the new maximum) and incentive kinds, the overridden
 * fields kept. Undefined when there is no later month, or it leaves the payment as saved (to the cent), or the
 * lease does not price.
 */
export function newerProgramPayment(
  desking: LeaseInput,
  reference: Pick<ProgramReference, 'lenderId' | 'month' | 'markup' | 'incentiveKinds' | 'overridden'>,
  matches: readonly ComparedMatch[],
): NewerProgramPayment | undefined {
  const newest = matches
    .filter((match) => match.lenderId === reference.lenderId && match.month > reference.month)
    .sort((a, b) => b.month.localeCompare(a.month))[0];
  if (!newest) return undefined;
  try {
    const saved = calculateLease(desking).monthlyPayment;
    const fill = programFill(newest, { markup: reference.markup, incentiveKinds: reference.incentiveKinds });
    const payment = calculateLease(deskedWithProgram(desking, fill, reference.overridden)).monthlyPayment;
    return payment === saved ? undefined : { lenderName: newest.lenderName, month: newest.month, payment, saved };
  } catch (error) {
    // A desking the newer numbers do not price (a residual the cash down exceeds) has nothing to compare.
    if (error instanceof LeaseInputError) return undefined;
    throw error;
  }
}

/** "A newer program (Example Auto Finance, January 2027) would make the payment $412.30 instead of $398.10." */
export const newerProgramNote = (newer: NewerProgramPayment, money: (amount: number) => string) =>
  `A newer program (${newer.lenderName}, ${monthLabel(newer.month)}) would make the payment ${money(newer.payment)} instead of ${money(newer.saved)}.`;
