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
  LEASE_MESSAGES,
  leaseInputSchema,
  type ExcessMileageInput,
  type ExtraMilesInput,
  type LeaseInput,
  type ParsedLeaseInput,
  type TaxMethod,
} from './schemas';

export type { LeaseInput, TaxMethod } from './schemas';

/** A priced lease. Money in US dollars rounded to cents; `depreciation`, `rentCharge` and the payments are monthly. */
export interface LeaseQuote {
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
  upfrontFees: bigint;
  securityDeposits: bigint;
}

/** Whole cents of an amount the schema held to 2 decimals. */
const cents = (dollars: number): bigint => toCents(fromNumber(dollars));
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Rules that need the lease's derived figures rather than single fields; the first one broken. */
export interface LeaseInputProblem {
  field: string;
  message: string;
}

function termsOf(input: ParsedLeaseInput): Terms | LeaseInputProblem {
  const deposits = input.securityDeposits ?? { count: 0, amountEach: 0, moneyFactorReductionEach: 0 };
  const quotedMoneyFactor =
    input.moneyFactor !== undefined ? fromNumber(input.moneyFactor) : div(fromNumber(input.apr ?? 0), BigInt(LEASE_APR_FACTOR));
  const moneyFactor = sub(quotedMoneyFactor, mul(BigInt(deposits.count), fromNumber(deposits.moneyFactorReductionEach)));
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

  const tradeEquity = cents(input.tradeEquity);
  const grossCapCostBeforeRolling = cents(input.sellingPrice) + cents(input.capitalizedFees) + max(-tradeEquity, 0n);
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
    upfrontFees: cents(input.upfrontFees),
    securityDeposits: roundHalfAwayFromZero(mul(BigInt(deposits.count), cents(deposits.amountEach))),
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
  const monthlyTax = terms.taxMethod === 'monthly' ? tax(basePayment) : 0n;
  const upfrontTax =
    terms.taxMethod === 'monthly'
      ? tax(terms.cashDown)
      : terms.taxMethod === 'upfront-total'
        ? tax(terms.term * basePayment + terms.cashDown)
        : tax(terms.sellingPrice);
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

  const dueAtSigning = lease.monthlyPayment + terms.cashDown + terms.upfrontFees + lease.upfrontTax;
  const money = centsToNumber;
  return {
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
    driveOff: input.zeroDriveOff ? 0 : money(dueAtSigning + terms.securityDeposits),
    // Regulation M: due at signing (refundable deposits excepted) plus the payments not paid at signing. With zero
    // drive-off the first payment is paid from the capitalized cost, so the lessee pays the other term - 1.
    totalOfPayments: input.zeroDriveOff
      ? money((terms.term - 1n) * lease.monthlyPayment)
      : money(dueAtSigning + (terms.term - 1n) * lease.monthlyPayment),
    effectiveApr: toRoundedNumber(mul(terms.moneyFactor, BigInt(LEASE_APR_FACTOR)), 2),
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
