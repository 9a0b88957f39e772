/**
 * The lease calculator's input: every field's rule and message, and the rules between fields, shared by
 * calculateLease (./calculate.ts), POST /lease/calculate (./api.ts) and the desking panel. What the fields mean and
 * how they are used: docs/lease-math.md.
 *
 * zod/mini, like the public quote wizard's schemas (docs/decisions.md, "Quote wizard bundle"): a public page may run
 * the calculator, and classic zod would add about 25 KB gzipped to it. ./api.ts composes this into the route's
 * classic schema.
 */
import * as z from 'zod/mini';
import { LEASE_APR_FACTOR, MONEY_LIMITS, TERM_MONTHS_MAX } from '../constants';
import { INVALID_INPUT } from '../validation';
import { integer, number } from '../validation-mini';

/**
 * How sales tax is charged (docs/lease-math.md, "Tax"):
 * - `monthly`: on each payment, and on the cash down at signing (most states);
 * - `upfront-total`: at signing, on the total of the base payments and the cash down (New York);
 * - `upfront-price`: at signing, on the selling price (Texas).
 */
export const TAX_METHODS = ['monthly', 'upfront-total', 'upfront-price'] as const;
export type TaxMethod = (typeof TAX_METHODS)[number];

export const LEASE_LIMITS = {
  /** Any one amount in dollars (prices, fees, rebates, down, trade equity either way, a deposit). */
  amount: 10_000_000,
  /** 24% APR: a higher money factor is a typing slip (0.125 for 0.00125), not a lease. */
  moneyFactor: 0.01,
  apr: 0.01 * LEASE_APR_FACTOR,
  taxRatePercent: 25,
  securityDeposits: 10,
  /** Named fees in one lease: more is a list pasted by mistake. */
  fees: 20,
  feeName: 60,
  /** A deposit rounded up to a multiple of at most $1,000 (BMW's is $50). */
  depositRoundUpTo: 1_000,
  milesPerYear: MONEY_LIMITS.mileageAllowance,
  residualPointsPer1000Miles: 10,
} as const;

/** The mileage a lender's residual is quoted for, unless the input says otherwise. */
export const DEFAULT_BASE_MILES_PER_YEAR = 12_000;

const dollars = (value: number) => `$${value.toLocaleString('en-US')}`;

export const LEASE_MESSAGES = {
  required: (label: string) => `${label} is required`,
  positive: (label: string) => `${label} must be greater than 0`,
  notNegative: (label: string) => `${label} cannot be negative`,
  tooLarge: (label: string) => `${label} must be at most ${dollars(LEASE_LIMITS.amount)}`,
  tooNegative: (label: string) => `${label} must be at least -${dollars(LEASE_LIMITS.amount)}`,
  residual: 'Residual must be more than 0% and at most 100% of MSRP',
  moneyFactor: `Money factor must be between 0 and ${LEASE_LIMITS.moneyFactor}`,
  apr: `APR must be between 0 and ${LEASE_LIMITS.apr}%`,
  rateRequired: 'Money factor or APR is required',
  rateTwice: 'Give a money factor or an APR, not both',
  term: `Term must be a whole number of months from 1 to ${TERM_MONTHS_MAX}`,
  taxRate: `Tax rate must be between 0 and ${LEASE_LIMITS.taxRatePercent}%`,
  taxMethod: `Tax method must be one of ${TAX_METHODS.join(', ')}`,
  depositCount: `Security deposits must be a whole number from 0 to ${LEASE_LIMITS.securityDeposits}`,
  depositReduction: `Money factor reduction per deposit must be between 0 and ${LEASE_LIMITS.moneyFactor}`,
  depositsBelowZero: 'Security deposits cannot take the money factor below 0',
  depositAmountTwice: 'Give a deposit amount or a rounding rule, not both',
  depositRoundUpTo: `Deposit rounding must be more than $0 and at most ${dollars(LEASE_LIMITS.depositRoundUpTo)}`,
  depositFloor: `Money factor floor must be between 0 and ${LEASE_LIMITS.moneyFactor}`,
  fees: `At most ${LEASE_LIMITS.fees} fees`,
  feeName: 'Fee name is required',
  feeNameTooLong: `Fee name must be at most ${LEASE_LIMITS.feeName} characters`,
  feeFlag: (flag: string) => `Say whether the fee is ${flag} (true or false)`,
  onePayZeroDriveOff: 'A one-pay lease is paid at signing, so it cannot be zero drive-off',
  onePayDeposits: 'Security deposits do not apply to a one-pay lease: there are no monthly payments to secure',
  zeroDriveOffCashDown: 'Cash down is paid at signing, so there is none with zero drive-off',
  zeroDriveOffDeposits: 'Security deposits are paid at signing, so there are none with zero drive-off',
  zeroDriveOffTerm: 'Zero drive-off needs a term of at least 2 months',
  milesPerYear: `Miles per year must be a whole number from 1 to ${LEASE_LIMITS.milesPerYear.toLocaleString('en-US')}`,
  baseMilesPerYear: `Base miles per year must be a whole number from 1 to ${LEASE_LIMITS.milesPerYear.toLocaleString('en-US')}`,
  residualAdjustment: `Residual adjustment must be between 0 and ${LEASE_LIMITS.residualPointsPer1000Miles} points per 1,000 miles`,
  adjustedResidual: 'This mileage takes the residual outside 0-100% of MSRP',
  capCostReduction: 'Cash down, rebates and trade equity must be less than the capitalized cost',
  paymentNotPositive: 'The residual is too high for this capitalized cost: the monthly payment would be $0 or less',
  wholeNumber: (label: string) => `${label} must be a whole number of 0 or more`,
  msdReturnNeedsDeposits: 'Give the security deposit program (count, reduction, amount or rounding) of a lease paid monthly',
  impliedBelowZero: 'The base payment is less than the depreciation: these figures imply no money factor',
} as const;

type AmountRule = 'positive' | 'notNegative' | 'signed';

/**
 * An amount in dollars. The lease math reads it to the cent (half away from zero): a client that computed
 * 21849.999999999996 with binary floating point means 21,850.00, and a fraction of a cent is no amount of money.
 */
function amount(label: string, rule: AmountRule) {
  const min =
    rule === 'positive'
      ? z.gt(0, LEASE_MESSAGES.positive(label))
      : rule === 'notNegative'
        ? z.gte(0, LEASE_MESSAGES.notNegative(label))
        : z.gte(-LEASE_LIMITS.amount, LEASE_MESSAGES.tooNegative(label));
  return number(LEASE_MESSAGES.required(label)).check(min, z.lte(LEASE_LIMITS.amount, LEASE_MESSAGES.tooLarge(label)));
}

const optionalAmount = (label: string, rule: AmountRule = 'notNegative') => z._default(amount(label, rule), 0);

function between(label: string, min: number, max: number, message: string, required = false) {
  return number(required ? LEASE_MESSAGES.required(label) : undefined).check(z.gte(min, message), z.lte(max, message));
}

/** `schema` with a description for the OpenAPI document dealer sites read. */
const described = <T extends z.ZodMiniType>(schema: T, description: string): T => schema.check(z.describe(description));

const wholeNumber = (min: number, max: number, message: string, requiredMessage?: string) =>
  integer(requiredMessage, message).check(z.gte(min, message), z.lte(max, message));

/**
 * Multiple security deposits as a lender's program states them (docs/lease-math.md, "Security deposits"): each lowers
 * the money factor by `moneyFactorReductionEach`, never below `moneyFactorFloor`; each is `amountEach`, or the monthly
 * payment with its tax after the reduction rounded up to a multiple of `roundUpTo` (BMW: the next $50).
 */
export const securityDepositsSchema = z.object({
  count: wholeNumber(0, LEASE_LIMITS.securityDeposits, LEASE_MESSAGES.depositCount, LEASE_MESSAGES.depositCount),
  amountEach: z.optional(amount('Deposit amount', 'notNegative')),
  moneyFactorReductionEach: between(
    'Money factor reduction per deposit',
    0,
    LEASE_LIMITS.moneyFactor,
    LEASE_MESSAGES.depositReduction,
    true,
  ),
  roundUpTo: z.optional(
    number().check(
      z.gt(0, LEASE_MESSAGES.depositRoundUpTo),
      z.lte(LEASE_LIMITS.depositRoundUpTo, LEASE_MESSAGES.depositRoundUpTo),
    ),
  ),
  moneyFactorFloor: z.optional(between('Money factor floor', 0, LEASE_LIMITS.moneyFactor, LEASE_MESSAGES.depositFloor)),
});
export type SecurityDeposits = z.output<typeof securityDepositsSchema>;

/** A fee by name: in the capitalized cost or paid at signing, taxed or not (docs/lease-math.md, "Fees"). */
export const leaseFeeSchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input == null ? LEASE_MESSAGES.feeName : INVALID_INPUT) })
    .check(z.trim(), z.minLength(1, LEASE_MESSAGES.feeName), z.maxLength(LEASE_LIMITS.feeName, LEASE_MESSAGES.feeNameTooLong)),
  amount: amount('Fee amount', 'notNegative'),
  capitalized: z.boolean(LEASE_MESSAGES.feeFlag('capitalized')),
  taxable: z.boolean(LEASE_MESSAGES.feeFlag('taxable')),
});
export type LeaseFee = z.output<typeof leaseFeeSchema>;

/**
 * A lease to price: the car, the lender's program (residual, rate, mileage) and the deal's money. Amounts are US
 * dollars, read to the cent; rates are plain numbers (a residual of 57 is 57% of MSRP, a money factor
 * 0.00125, an APR 3). Exactly one of `moneyFactor` and `apr`.
 */
export const leaseInputSchema = z
  .object({
    msrp: described(amount('MSRP', 'positive'), "Manufacturer's suggested retail price: the residual is a percent of it."),
    sellingPrice: described(amount('Selling price', 'positive'), 'The negotiated price of the car.'),
    residualPercent: described(
      between('Residual', 0, 100, LEASE_MESSAGES.residual, true).check(z.gt(0, LEASE_MESSAGES.residual)),
      "The lender's residual in percent of MSRP (57 is 57%), for `baseMilesPerYear`.",
    ),
    moneyFactor: described(
      z.optional(between('Money factor', 0, LEASE_LIMITS.moneyFactor, LEASE_MESSAGES.moneyFactor)),
      'The lease rate as a money factor (0.00125); give it or `apr`, not both.',
    ),
    apr: described(
      z.optional(between('APR', 0, LEASE_LIMITS.apr, LEASE_MESSAGES.apr)),
      `The lease rate as an APR in percent (3 is money factor 3 / ${LEASE_APR_FACTOR}); give it or \`moneyFactor\`.`,
    ),
    termMonths: described(
      wholeNumber(1, TERM_MONTHS_MAX, LEASE_MESSAGES.term, LEASE_MESSAGES.required('Term')),
      'Number of monthly payments.',
    ),
    capitalizedFees: described(
      optionalAmount('Capitalized fees'),
      'Fees financed in the capitalized cost, not taxed (taxed through the payments under the monthly method).',
    ),
    upfrontFees: described(optionalAmount('Upfront fees'), 'Fees paid at signing, not taxed.'),
    fees: described(
      z.optional(z.array(leaseFeeSchema).check(z.maxLength(LEASE_LIMITS.fees, LEASE_MESSAGES.fees))),
      'Named fees, each capitalized (in the gross cap cost) or paid at signing, and taxable or not (taxed by the tax method).',
    ),
    rebates: described(optionalAmount('Rebates'), 'Rebates and incentives applied as a cap cost reduction.'),
    tradeEquity: described(
      optionalAmount('Trade equity', 'signed'),
      'Trade-in allowance less what is owed on it; negative for negative equity (then added to the cap cost).',
    ),
    cashDown: described(optionalAmount('Cash down'), 'Cash paid at signing as a cap cost reduction.'),
    taxRatePercent: described(
      z._default(between('Tax rate', 0, LEASE_LIMITS.taxRatePercent, LEASE_MESSAGES.taxRate), 0),
      'Sales tax rate in percent (10.25 is 10.25%).',
    ),
    taxMethod: described(
      z._default(z.enum(TAX_METHODS, LEASE_MESSAGES.taxMethod), 'monthly'),
      'monthly: tax on each payment and on the cash down; upfront-total: tax at signing on all base payments and the cash down (New York); upfront-price: tax at signing on the selling price (Texas).',
    ),
    securityDeposits: described(
      z.optional(securityDepositsSchema),
      'Refundable deposits paid at signing, each lowering the money factor (never below `moneyFactorFloor`); each deposit is `amountEach`, or the monthly payment with tax rounded up to a multiple of `roundUpTo`.',
    ),
    onePay: described(
      z._default(z.boolean(INVALID_INPUT), false),
      "The whole lease paid at signing (give the program's one-pay money factor): `onePayAmount` is term x base payment plus the upfront tax, and there are no monthly payments.",
    ),
    zeroDriveOff: described(
      z._default(z.boolean(INVALID_INPUT), false),
      'Nothing due at signing: the first payment, the upfront fees and the upfront tax go into the capitalized cost. No cash down or deposits then.',
    ),
    milesPerYear: described(
      z.optional(wholeNumber(1, LEASE_LIMITS.milesPerYear, LEASE_MESSAGES.milesPerYear)),
      'Miles a year the lessee will drive; with `residualAdjustmentPer1000Miles` it moves the residual.',
    ),
    baseMilesPerYear: described(
      z._default(wholeNumber(1, LEASE_LIMITS.milesPerYear, LEASE_MESSAGES.baseMilesPerYear), DEFAULT_BASE_MILES_PER_YEAR),
      "Miles a year the lender's residual is quoted for.",
    ),
    residualAdjustmentPer1000Miles: described(
      z._default(
        between('Residual adjustment', 0, LEASE_LIMITS.residualPointsPer1000Miles, LEASE_MESSAGES.residualAdjustment),
        0,
      ),
      'Residual points added per 1,000 miles a year below the base mileage, and removed per 1,000 above.',
    ),
  })
  .check(
    z.superRefine((lease, ctx) => {
      const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', message, path });
      if (lease.moneyFactor === undefined && lease.apr === undefined) issue(['moneyFactor'], LEASE_MESSAGES.rateRequired);
      if (lease.moneyFactor !== undefined && lease.apr !== undefined) issue(['apr'], LEASE_MESSAGES.rateTwice);
      const deposits = lease.securityDeposits;
      if (deposits) {
        if (deposits.amountEach === undefined && deposits.roundUpTo === undefined)
          issue(['securityDeposits', 'amountEach'], LEASE_MESSAGES.required('Deposit amount'));
        if (deposits.amountEach !== undefined && deposits.roundUpTo !== undefined)
          issue(['securityDeposits', 'roundUpTo'], LEASE_MESSAGES.depositAmountTwice);
      }
      // A deposit rounded up from the payment is never $0, so only a stated $0 deposit is no deposit.
      const paysDeposits =
        deposits !== undefined && deposits.count > 0 && (deposits.roundUpTo !== undefined || (deposits.amountEach ?? 0) > 0);
      if (lease.zeroDriveOff) {
        if (lease.cashDown > 0) issue(['cashDown'], LEASE_MESSAGES.zeroDriveOffCashDown);
        if (paysDeposits) issue(['securityDeposits'], LEASE_MESSAGES.zeroDriveOffDeposits);
        if (lease.termMonths < 2) issue(['termMonths'], LEASE_MESSAGES.zeroDriveOffTerm);
      }
      if (lease.onePay) {
        if (lease.zeroDriveOff) issue(['zeroDriveOff'], LEASE_MESSAGES.onePayZeroDriveOff);
        if (deposits && deposits.count > 0) issue(['securityDeposits', 'count'], LEASE_MESSAGES.onePayDeposits);
      }
    }),
  );

/** What a caller passes: optional fields may be left out. */
export type LeaseInput = z.input<typeof leaseInputSchema>;
/** The same, checked, with every default filled in. */
export type ParsedLeaseInput = z.output<typeof leaseInputSchema>;

/** The lease-end value estimate (./calculate.ts `residualAfterExtraMiles`). */
export const extraMilesInputSchema = z.object({
  residualValue: amount('Residual value', 'notNegative'),
  extraMiles: wholeNumber(
    0,
    Number.MAX_SAFE_INTEGER,
    LEASE_MESSAGES.wholeNumber('Extra miles'),
    LEASE_MESSAGES.required('Extra miles'),
  ),
  valuePerMile: amount('Value per mile', 'notNegative'),
});
export type ExtraMilesInput = z.input<typeof extraMilesInputSchema>;

/** The excess-mileage charge at lease end (./calculate.ts `excessMileageCharge`). */
export const excessMileageInputSchema = z.object({
  termMonths: wholeNumber(1, TERM_MONTHS_MAX, LEASE_MESSAGES.term, LEASE_MESSAGES.required('Term')),
  excessMilesPerYear: wholeNumber(
    0,
    Number.MAX_SAFE_INTEGER,
    LEASE_MESSAGES.wholeNumber('Excess miles per year'),
    LEASE_MESSAGES.required('Excess miles per year'),
  ),
  chargePerMile: amount('Charge per mile', 'notNegative'),
});
export type ExcessMileageInput = z.input<typeof excessMileageInputSchema>;

/** A contract's own figures, to back-solve the money factor they imply (./calculate.ts `impliedMoneyFactor`). */
export const impliedMoneyFactorInputSchema = z.object({
  adjustedCapCost: amount('Adjusted cap cost', 'positive'),
  residualValue: amount('Residual value', 'notNegative'),
  termMonths: wholeNumber(1, TERM_MONTHS_MAX, LEASE_MESSAGES.term, LEASE_MESSAGES.required('Term')),
  basePayment: amount('Base payment', 'positive'),
});
export type ImpliedMoneyFactorInput = z.input<typeof impliedMoneyFactorInputSchema>;
