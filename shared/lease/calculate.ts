/**
 * Lease math: one pure module for the web app and the API. `calculateLease` prices one lease, `leaseGrid` a table
 * of terms by cash downs, and two helpers estimate lease-end figures. The formulas are Regulation M's; what is
 * rolled in, what is taxed and where figures are rounded is decided and explained in docs/lease-math.md.
 *
 * Money is computed exactly (./exact.ts: BigInt fractions over whole cents) and rounded to cents, half away from
 * zero, only at the figures a lease contract states.
 */
import type * as z from 'zod/mini';
import { LEASE_APR_FACTOR } from '../constants';
import { fieldErrors, firstIssueMessage } from '../errors';
import {
  add,
  centsToNumber,
  compare,
  div,
  type Exact,
  fromNumber,
  mul,
  roundHalfAwayFromZero,
  sub,
  toCents,
  toNumber,
  toRoundedNumber,
  ZERO,
} from './exact';
import {
  excessMileageInputSchema,
  extraMilesInputSchema,
  impliedMoneyFactorInputSchema,
  LEASE_MESSAGES,
  leaseInputSchema,
  type ExcessMileageInput,
  type ExtraMilesInput,
  type ImpliedMoneyFactorInput,
  type LeaseInput,
  type ParsedLeaseInput,
  type TaxMethod,
} from './schemas';

export type { ImpliedMoneyFactorInput, LeaseFee, LeaseInput, TaxMethod } from './schemas';

/**
 * The figures every priced lease has. Money in US dollars rounded to cents; `depreciation`, `rentCharge` and the
 * payments are monthly.
 */
export interface LeaseFigures {
  /** MSRP x residual percent (after any mileage adjustment). */
  residualValue: number;
  /** Selling price, capitalized fees, negative trade equity and, with zero drive-off, what is rolled in. */
  grossCapCost: number;
  /** Cash down, rebates and positive trade equity. */
  capCostReduction: number;
  adjustedCapCost: number;
  /** (adjusted cap cost - residual) / term; negative when the residual is above the adjusted cap cost. */
  depreciation: number;
  /** The base payment less the depreciation (Regulation M's rent charge). */
  rentCharge: number;
  basePayment: number;
  monthlyTax: number;
  monthlyPayment: number;
  /** The tax due at signing (rolled into the capitalized cost with zero drive-off). */
  upfrontTax: number;
  /** Due at signing: first payment, cash down, upfront fees, upfront tax and security deposits; 0 with zero drive-off. */
  driveOff: number;
  /** What the lessee pays over the lease, refundable deposits excepted (Regulation M's total of payments). */
  totalOfPayments: number;
  /** The money factor applied (after security deposits) x 2400, to 2 decimals. */
  effectiveApr: number;
}

/**
 * A priced lease: its figures, and those of the options it was asked for (a key is present only with its input, so
 * a lease without them answers exactly the figures).
 */
export interface LeaseQuote extends LeaseFigures {
  /** One-pay only: term x base payment plus the upfront tax, paid at signing (`monthlyPayment` is then 0). */
  onePayAmount?: number;
  /** With `securityDeposits` only: each deposit (as given, or the payment rounded up) and all of them. */
  securityDepositEach?: number;
  securityDepositTotal?: number;
}

/**
 * Input the lease math refuses, naming the field: `field` is the first field's dotted path ("termMonths",
 * "securityDeposits.count"), `fields` every refused field's first message. The API answers it as a 400.
 */
export class LeaseInputError extends Error {
  override readonly name = 'LeaseInputError';

  constructor(
    readonly field: string,
    message: string,
    readonly fields: Record<string, string> = { [field]: message },
  ) {
    super(message);
  }
}

function parse<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path.map(String).join('.') ?? '';
  throw new LeaseInputError(field, firstIssueMessage(parsed.error), fieldErrors(parsed.error));
}

/** The parts of a lease that do not depend on what zero drive-off rolls in; money in cents. */
interface Terms {
  term: bigint;
  taxRate: Exact;
  taxMethod: TaxMethod;
  moneyFactor: Exact;
  residual: bigint;
  sellingPrice: bigint;
  /** Selling price, capitalized fees and negative trade equity. */
  grossCapCostBeforeRolling: bigint;
  capCostReduction: bigint;
  cashDown: bigint;
  /** Every fee paid at signing, taxed or not. */
  upfrontFees: bigint;
  /** The taxable fees paid at signing, and the taxable capitalized ones (docs/lease-math.md, "Fees"). */
  taxableUpfrontFees: bigint;
  taxableCapitalizedFees: bigint;
  onePay: boolean;
  /** Each deposit: a stated amount, or the payment rounded up to a multiple of `roundUpTo` (cents). */
  deposit: { count: bigint; amountEach: bigint } | { count: bigint; roundUpTo: bigint };
}

/** Whole cents of an amount the schema held to 2 decimals. */
const cents = (dollars: number): bigint => toCents(fromNumber(dollars));
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Rules that need the lease's derived figures rather than single fields; the first one broken. */
export interface LeaseInputProblem {
  field: string;
  message: string;
}

/**
 * The money factor after `count` deposits of `reductionEach`, never below the program's floor, nor raised to it
 * when the quoted factor is already lower (docs/lease-math.md, "Security deposits"). 0.00142 less 4 x 0.00008 is
 * 0.00110. May be below 0 without a floor: the caller refuses that.
 */
export function moneyFactorAfterDeposits(
  moneyFactor: Exact,
  deposits: { count: number; moneyFactorReductionEach: number; moneyFactorFloor?: number | undefined },
): Exact {
  const reduced = sub(moneyFactor, mul(BigInt(deposits.count), fromNumber(deposits.moneyFactorReductionEach)));
  if (deposits.moneyFactorFloor === undefined) return reduced;
  const floor = fromNumber(deposits.moneyFactorFloor);
  const lowest = compare(floor, moneyFactor) < 0 ? floor : moneyFactor;
  return compare(reduced, lowest) < 0 ? lowest : reduced;
}

/**
 * A deposit by BMW's rule: the monthly payment (with its tax) rounded up to the next multiple of `roundUpTo`, in
 * cents; a payment already on a multiple stays (425 -> 450 and 399 -> 400 by $50; 400 stays 400).
 */
export function depositRoundedUp(paymentCents: bigint, roundUpToCents: bigint): bigint {
  return ((paymentCents + roundUpToCents - 1n) / roundUpToCents) * roundUpToCents;
}

function termsOf(input: ParsedLeaseInput): Terms | LeaseInputProblem {
  const deposits = input.securityDeposits ?? { count: 0, amountEach: 0, moneyFactorReductionEach: 0 };
  const quotedMoneyFactor =
    input.moneyFactor !== undefined ? fromNumber(input.moneyFactor) : div(fromNumber(input.apr ?? 0), BigInt(LEASE_APR_FACTOR));
  const moneyFactor = moneyFactorAfterDeposits(quotedMoneyFactor, deposits);
  if (compare(moneyFactor, ZERO) < 0)
    return { field: 'securityDeposits.moneyFactorReductionEach', message: LEASE_MESSAGES.depositsBelowZero };

  // Residual points move with every 1,000 miles a year below (up) or above (down) the lender's base mileage.
  const milesBelowBase = input.milesPerYear === undefined ? 0n : BigInt(input.baseMilesPerYear - input.milesPerYear);
  const residualPercent = add(
    fromNumber(input.residualPercent),
    mul(div(milesBelowBase, 1000n), fromNumber(input.residualAdjustmentPer1000Miles)),
  );
  if (compare(residualPercent, ZERO) <= 0 || compare(residualPercent, 100n) > 0)
    return { field: 'milesPerYear', message: LEASE_MESSAGES.adjustedResidual };

  const fees = input.fees ?? [];
  const sum = (chosen: typeof fees) => chosen.reduce((total, fee) => total + cents(fee.amount), 0n);
  const capitalized = fees.filter((fee) => fee.capitalized);
  const upfront = fees.filter((fee) => !fee.capitalized);
  const tradeEquity = cents(input.tradeEquity);
  const grossCapCostBeforeRolling =
    cents(input.sellingPrice) + cents(input.capitalizedFees) + sum(capitalized) + max(-tradeEquity, 0n);
  const capCostReduction = cents(input.cashDown) + cents(input.rebates) + max(tradeEquity, 0n);
  if (capCostReduction >= grossCapCostBeforeRolling) {
    const field = input.cashDown > 0 ? 'cashDown' : input.rebates > 0 ? 'rebates' : 'tradeEquity';
    return { field, message: LEASE_MESSAGES.capCostReduction };
  }

  return {
    term: BigInt(input.termMonths),
    taxRate: div(fromNumber(input.taxRatePercent), 100n),
    taxMethod: input.taxMethod,
    moneyFactor,
    residual: roundHalfAwayFromZero(div(mul(cents(input.msrp), residualPercent), 100n)),
    sellingPrice: cents(input.sellingPrice),
    grossCapCostBeforeRolling,
    capCostReduction,
    cashDown: cents(input.cashDown),
    upfrontFees: cents(input.upfrontFees) + sum(upfront),
    taxableUpfrontFees: sum(upfront.filter((fee) => fee.taxable)),
    taxableCapitalizedFees: sum(capitalized.filter((fee) => fee.taxable)),
    onePay: input.onePay,
    deposit:
      deposits.roundUpTo !== undefined && deposits.amountEach === undefined
        ? { count: BigInt(deposits.count), roundUpTo: cents(deposits.roundUpTo) }
        : { count: BigInt(deposits.count), amountEach: cents(deposits.amountEach ?? 0) },
  };
}

/** The lease's figures in cents with `rolledIn` added to the capitalized cost. */
function figures(terms: Terms, rolledIn: bigint) {
  const grossCapCost = terms.grossCapCostBeforeRolling + rolledIn;
  const adjustedCapCost = grossCapCost - terms.capCostReduction;
  const depreciationExact = div(adjustedCapCost - terms.residual, terms.term);
  const rentExact = mul(adjustedCapCost + terms.residual, terms.moneyFactor);
  // The payment is rounded once, from the exact depreciation and rent; the rent charge is what is left of it after
  // the rounded depreciation, so the two always add up to the payment (Regulation M defines rent charge that way).
  const basePayment = roundHalfAwayFromZero(add(depreciationExact, rentExact));
  const depreciation = roundHalfAwayFromZero(depreciationExact);
  const tax = (amount: Exact | bigint) => roundHalfAwayFromZero(mul(amount, terms.taxRate));
  // What is taxed at signing under every method: the taxable fees paid then (docs/lease-math.md, "Fees").
  const atSigning = terms.cashDown + terms.taxableUpfrontFees;
  // A one-pay lease has no monthly bill: the monthly method taxes its payments at signing, each as it would be
  // billed (so the one-pay costs what the payments would, at the same money factor).
  const monthlyTax = terms.taxMethod === 'monthly' && !terms.onePay ? tax(basePayment) : 0n;
  const upfrontTax =
    terms.taxMethod === 'monthly'
      ? tax(atSigning) + (terms.onePay ? terms.term * tax(basePayment) : 0n)
      : terms.taxMethod === 'upfront-total'
        ? tax(terms.term * basePayment + atSigning)
        : tax(terms.sellingPrice + terms.taxableUpfrontFees + terms.taxableCapitalizedFees);
  return {
    grossCapCost,
    adjustedCapCost,
    depreciation,
    rentCharge: basePayment - depreciation,
    basePayment,
    monthlyTax,
    monthlyPayment: basePayment + monthlyTax,
    upfrontTax,
  };
}

/**
 * Zero drive-off: what is due at signing (first payment, upfront fees, upfront tax) goes into the capitalized cost,
 * which raises the payment and the tax it depends on. The amount rolled in is the smallest one, in cents, that
 * covers itself: starting from the fees, each pass adds what the last one made due, until nothing changes. Every
 * figure is non-decreasing in the amount rolled in and grows by less than it (a term of 2 months or more), so the
 * passes climb to that amount and stop; a few dozen at most.
 */
function rolledInAmount(terms: Terms): bigint {
  let rolledIn = terms.upfrontFees;
  for (let pass = 0; pass < 10_000; pass++) {
    const lease = figures(terms, rolledIn);
    const due = terms.upfrontFees + lease.monthlyPayment + lease.upfrontTax;
    if (due === rolledIn) return rolledIn;
    rolledIn = due;
  }
  throw new Error('Zero drive-off: the rolled-in amount did not settle');
}

/** The lease priced, or the first rule its derived figures break (for the request schema, see ./api.ts). */
function quoteOrProblem(input: ParsedLeaseInput): LeaseQuote | LeaseInputProblem {
  const terms = termsOf(input);
  if ('field' in terms) return terms;

  const rolledIn = input.zeroDriveOff ? rolledInAmount(terms) : 0n;
  const lease = figures(terms, rolledIn);
  if (lease.basePayment <= 0n) return { field: 'residualPercent', message: LEASE_MESSAGES.paymentNotPositive };

  const money = centsToNumber;
  const common: LeaseFigures = {
    residualValue: money(terms.residual),
    grossCapCost: money(lease.grossCapCost),
    capCostReduction: money(terms.capCostReduction),
    adjustedCapCost: money(lease.adjustedCapCost),
    depreciation: money(lease.depreciation),
    rentCharge: money(lease.rentCharge),
    basePayment: money(lease.basePayment),
    monthlyTax: money(lease.monthlyTax),
    monthlyPayment: money(lease.monthlyPayment),
    upfrontTax: money(lease.upfrontTax),
    driveOff: 0,
    totalOfPayments: 0,
    effectiveApr: toRoundedNumber(mul(terms.moneyFactor, BigInt(LEASE_APR_FACTOR)), 2),
  };

  if (terms.onePay) {
    // The whole lease at signing: every base payment (the sum of the monthly rent charges, docs/lease-math.md,
    // "One-pay") and the upfront tax; then the cash down and the upfront fees, as on any lease.
    const onePayAmount = terms.term * lease.basePayment + lease.upfrontTax;
    const dueAtSigning = onePayAmount + terms.cashDown + terms.upfrontFees;
    return {
      ...common,
      monthlyTax: 0,
      monthlyPayment: 0,
      driveOff: money(dueAtSigning),
      totalOfPayments: money(dueAtSigning),
      onePayAmount: money(onePayAmount),
    };
  }

  const depositEach =
    'roundUpTo' in terms.deposit ? depositRoundedUp(lease.monthlyPayment, terms.deposit.roundUpTo) : terms.deposit.amountEach;
  const depositTotal = terms.deposit.count * depositEach;
  const dueAtSigning = lease.monthlyPayment + terms.cashDown + terms.upfrontFees + lease.upfrontTax;
  return {
    ...common,
    driveOff: input.zeroDriveOff ? 0 : money(dueAtSigning + depositTotal),
    // Regulation M: due at signing (refundable deposits excepted) plus the payments not paid at signing. With zero
    // drive-off the first payment is paid from the capitalized cost, so the lessee pays the other term - 1.
    totalOfPayments: input.zeroDriveOff
      ? money((terms.term - 1n) * lease.monthlyPayment)
      : money(dueAtSigning + (terms.term - 1n) * lease.monthlyPayment),
    ...(input.securityDeposits ? { securityDepositEach: money(depositEach), securityDepositTotal: money(depositTotal) } : {}),
  };
}

/**
 * The rule a checked input breaks that only its derived figures show (the money factor after security deposits,
 * the residual after the mileage adjustment, a cap cost reduction above the cap cost, a payment of $0 or less), or
 * undefined. The request schema of POST /lease/calculate adds it to the field rules.
 */
export function leaseInputProblem(input: ParsedLeaseInput): LeaseInputProblem | undefined {
  const outcome = quoteOrProblem(input);
  return 'field' in outcome ? outcome : undefined;
}

/** Prices one lease. Throws LeaseInputError, naming the field, for input it refuses. */
export function calculateLease(input: LeaseInput): LeaseQuote {
  const outcome = quoteOrProblem(parse(leaseInputSchema, input));
  if ('field' in outcome) throw new LeaseInputError(outcome.field, outcome.message);
  return outcome;
}

/** The same lease for each term (rows) and cash down (columns): `grid[row][column]` is calculateLease of that pair. */
export function leaseGrid(input: LeaseInput, axes: { termMonths: number[]; cashDown: number[] }): LeaseQuote[][] {
  return axes.termMonths.map((termMonths) => axes.cashDown.map((cashDown) => calculateLease({ ...input, termMonths, cashDown })));
}

/** The money factor of an APR (APR / 2400), as the nearest number: 3 -> 0.00125. */
export function moneyFactorFromApr(apr: number): number {
  return toNumber(div(fromNumber(apr), BigInt(LEASE_APR_FACTOR)));
}

/**
 * Lease-end value estimate: the residual less the extra miles driven at a value per mile (12,350 less 8,000 miles at
 * $0.13 is 11,310), never below 0. For weighing an early buyout or a trade at lease end.
 */
export function residualAfterExtraMiles(input: ExtraMilesInput): number {
  const { residualValue, extraMiles, valuePerMile } = parse(extraMilesInputSchema, input);
  const value = cents(residualValue) - BigInt(extraMiles) * cents(valuePerMile);
  return centsToNumber(max(value, 0n));
}

/** The excess-mileage charge at lease end: excess miles a year x years x charge per mile (4 x 2,000 x $0.15 is 1,200). */
export function excessMileageCharge(input: ExcessMileageInput): number {
  const { termMonths, excessMilesPerYear, chargePerMile } = parse(excessMileageInputSchema, input);
  const excessMiles = div(BigInt(excessMilesPerYear) * BigInt(termMonths), 12n);
  return centsToNumber(roundHalfAwayFromZero(mul(excessMiles, cents(chargePerMile))));
}

/** One row of `msdReturn`: the lease with `count` deposits against the same lease with none. */
export interface MsdReturnRow {
  count: number;
  /** The money factor applied after the deposits (and the program's floor). */
  moneyFactor: number;
  monthlyPayment: number;
  securityDepositEach: number;
  securityDepositTotal: number;
  /** The monthly payment with no deposits less this one. */
  monthlySaving: number;
  /** The total of payments with no deposits less this one: what the deposits save over the lease, tax included. */
  totalSaving: number;
  /** `msdAnnualReturnPercent` of the saving on the deposits; null with no deposits (nothing deposited). */
  annualReturnPercent: number | null;
}

/**
 * The yearly rate a deposit earns, in percent to 2 decimals: the total saved over the lease, divided by the money
 * deposited, spread evenly over the lease's years (simple, not compounded: docs/lease-math.md, "What deposits earn").
 * 1,408.53 saved on 5,250 over 36 months is 26.83% over the lease, 8.94% a year.
 */
export function msdAnnualReturnPercent(figures: { totalSaving: number; depositTotal: number; termMonths: number }): number {
  const rate = div(mul(cents(figures.totalSaving), 12n * 100n), cents(figures.depositTotal) * BigInt(figures.termMonths));
  return toRoundedNumber(rate, 2);
}

/**
 * What multiple security deposits earn: for 0, 1, ... `securityDeposits.count` deposits of the lease's program rule
 * (the count is the program's maximum), the payment, the deposits, the saving and its yearly rate. Throws
 * LeaseInputError like calculateLease (a lease without `securityDeposits`, or one-pay or zero drive-off, which take
 * no deposits, is refused on `securityDeposits`).
 */
export function msdReturn(input: LeaseInput): MsdReturnRow[] {
  const parsed = parse(leaseInputSchema, input);
  const deposits = parsed.securityDeposits;
  if (!deposits || parsed.onePay || parsed.zeroDriveOff)
    throw new LeaseInputError('securityDeposits', LEASE_MESSAGES.msdReturnNeedsDeposits);
  const quoteWith = (count: number) => calculateLease({ ...input, securityDeposits: { ...deposits, count } });
  const none = quoteWith(0);
  const quotedMoneyFactor =
    parsed.moneyFactor !== undefined
      ? fromNumber(parsed.moneyFactor)
      : div(fromNumber(parsed.apr ?? 0), BigInt(LEASE_APR_FACTOR));
  return Array.from({ length: deposits.count + 1 }, (_, count) => {
    const quote = count === 0 ? none : quoteWith(count);
    const depositTotal = quote.securityDepositTotal ?? 0;
    const totalSaving = centsToNumber(cents(none.totalOfPayments) - cents(quote.totalOfPayments));
    return {
      count,
      moneyFactor: toNumber(moneyFactorAfterDeposits(quotedMoneyFactor, { ...deposits, count })),
      monthlyPayment: quote.monthlyPayment,
      securityDepositEach: quote.securityDepositEach ?? 0,
      securityDepositTotal: depositTotal,
      monthlySaving: centsToNumber(cents(none.monthlyPayment) - cents(quote.monthlyPayment)),
      totalSaving,
      annualReturnPercent:
        depositTotal > 0 ? msdAnnualReturnPercent({ totalSaving, depositTotal, termMonths: parsed.termMonths }) : null,
    };
  });
}

/** Decimal places of an implied money factor: lenders quote money factors to 5 (0.00125). */
export const IMPLIED_MONEY_FACTOR_PLACES = 5;

/**
 * The money factor a contract's figures imply, back-solved from base payment = depreciation + rent charge with rent
 * charge = (adjusted cap cost + residual) x MF, rounded to 5 decimals half away from zero (docs/lease-math.md,
 * "Implied money factor"). A contract at 0.00160 on a program whose buy rate is 0.00120 is marked up 0.00040.
 * Throws LeaseInputError for figures it refuses, and on `basePayment` when the payment is below the depreciation.
 */
export function impliedMoneyFactor(input: ImpliedMoneyFactorInput): number {
  const { adjustedCapCost, residualValue, termMonths, basePayment } = parse(impliedMoneyFactorInputSchema, input);
  const [cap, residual] = [cents(adjustedCapCost), cents(residualValue)];
  const rentCharge = sub(cents(basePayment), div(cap - residual, BigInt(termMonths)));
  // Rounded before the sign is checked: a payment rounded down to the cent at MF 0 implies 0, not a refusal.
  const moneyFactor = toRoundedNumber(div(rentCharge, cap + residual), IMPLIED_MONEY_FACTOR_PLACES);
  if (moneyFactor < 0) throw new LeaseInputError('basePayment', LEASE_MESSAGES.impliedBelowZero);
  return moneyFactor === 0 ? 0 : moneyFactor;
}
