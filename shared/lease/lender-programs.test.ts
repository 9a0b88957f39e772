/**
 * What lender programs add to the lease math (docs/lease-math.md, "Fees", "One-pay", "Security deposits", "What
 * deposits earn", "Implied money factor"): the worked examples with their arithmetic, the published examples each
 * rule was checked against, and properties over generated leases.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  calculateLease,
  depositRoundedUp,
  impliedMoneyFactor,
  LeaseInputError,
  leaseInputProblem,
  moneyFactorAfterDeposits,
  msdAnnualReturnPercent,
  msdReturn,
  type LeaseFee,
  type LeaseInput,
  type LeaseQuote,
} from './calculate';
import { fromNumber, toNumber } from './exact';
import { LEASE_MESSAGES, leaseInputSchema } from './schemas';

/** The worked examples' car: MSRP 23,000, residual 57%, 21,000 plus 1,200 capitalized fees, MF 0.00125, 36 months, 10.25% monthly tax. */
const car = {
  msrp: 23_000,
  residualPercent: 57,
  sellingPrice: 21_000,
  capitalizedFees: 1_200,
  moneyFactor: 0.00125,
  termMonths: 36,
  taxRatePercent: 10.25,
} satisfies LeaseInput;

/** The error `run` throws. */
function refusal(run: () => unknown): LeaseInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof LeaseInputError) return error;
    throw error;
  }
  throw new Error('the input was accepted');
}

const fee = (amount: number, capitalized: boolean, taxable: boolean): LeaseFee => ({
  name: 'Doc fee',
  amount,
  capitalized,
  taxable,
});

describe('fees with flags', () => {
  it('puts an untaxed capitalized fee in the gross cap cost, as `capitalizedFees` does', () => {
    const { capitalizedFees: _fees, ...withoutFees } = car;

    expect(calculateLease({ ...withoutFees, rebates: 500, fees: [{ ...fee(1_200, true, false), name: 'Acquisition' }] })).toEqual(
      calculateLease({ ...car, rebates: 500 }),
    );
  });

  it('makes an untaxed upfront fee due at signing, as `upfrontFees` does', () => {
    expect(calculateLease({ ...car, fees: [fee(300, false, false)] })).toEqual(calculateLease({ ...car, upfrontFees: 300 }));
  });

  it('monthly: taxes a taxable upfront fee at signing', () => {
    const quote = calculateLease({ ...car, rebates: 500, fees: [fee(300, false, true)] });

    // 10.25% x 300 = 30.75 at signing; the payment is the worked example's 311.04.
    expect(quote.upfrontTax).toBe(30.75);
    expect(quote.monthlyPayment).toBe(311.04);
    expect(quote.driveOff).toBe(641.79); // 311.04 + 300 + 30.75
    expect(quote.totalOfPayments).toBe(11_528.19); // 641.79 + 35 x 311.04
  });

  it('monthly: taxes a taxable capitalized fee through the payments it raises, nothing at signing', () => {
    const { capitalizedFees: _fees, ...withoutFees } = car;

    const quote = calculateLease({ ...withoutFees, rebates: 500, fees: [fee(1_200, true, true)] });

    expect(quote).toMatchObject({ upfrontTax: 0, basePayment: 282.12, monthlyTax: 28.92, monthlyPayment: 311.04 });
  });

  it('upfront-total: adds a taxable upfront fee to the tax base of the payments', () => {
    const quote = calculateLease({ ...car, rebates: 500, taxMethod: 'upfront-total', fees: [fee(300, false, true)] });

    // 10.25% x (36 x 282.12 + 300) = 10.25% x 10,456.32 = 1,071.7728
    expect(quote.upfrontTax).toBe(1_071.77);
  });

  it('upfront-total: taxes a taxable capitalized fee once, through the payments that include it', () => {
    const { capitalizedFees: _fees, ...withoutFees } = car;
    const taxed = calculateLease({ ...withoutFees, rebates: 500, taxMethod: 'upfront-total', fees: [fee(1_200, true, true)] });

    // 10.25% x 36 x 282.12 = 1,041.0228: the fee is in the payments, so it is not added a second time.
    expect(taxed.upfrontTax).toBe(1_041.02);
  });

  it('upfront-price: adds a taxable fee, capitalized or paid upfront, to the selling price taxed at signing', () => {
    const texas = { ...car, taxMethod: 'upfront-price' } as const;

    // 10.25% x (21,000 + 300 + 200) = 2,203.75; the untaxed 1,200 capitalized fee and a 50 untaxed fee are not taxed.
    const quote = calculateLease({
      ...texas,
      fees: [fee(300, false, true), { ...fee(200, true, true), name: 'Dealer fee' }, { ...fee(50, false, false), name: 'Title' }],
    });

    expect(quote.upfrontTax).toBe(2_203.75);
    expect(quote.grossCapCost).toBe(22_400); // 21,000 + 1,200 + 200
  });

  it('rolls a taxable upfront fee and its tax into the cap cost with zero drive-off', () => {
    const quote = calculateLease({ ...car, zeroDriveOff: true, fees: [fee(300, false, true)] });
    const toCents = (dollars: number) => Math.round(dollars * 100);

    expect(quote.upfrontTax).toBe(30.75);
    expect(toCents(quote.grossCapCost) - toCents(22_200)).toBe(
      toCents(300) + toCents(quote.upfrontTax) + toCents(quote.monthlyPayment),
    );
  });

  it.each([
    ['a fee without a name', [{ amount: 100, capitalized: true, taxable: false }], 'fees.0.name', LEASE_MESSAGES.feeName],
    ['a blank name', [{ ...fee(100, true, false), name: '  ' }], 'fees.0.name', LEASE_MESSAGES.feeName],
    ['a negative amount', [fee(-1, true, false)], 'fees.0.amount', LEASE_MESSAGES.notNegative('Fee amount')],
    ['a missing flag', [{ name: 'Doc', amount: 100, capitalized: true }], 'fees.0.taxable', LEASE_MESSAGES.feeFlag('taxable')],
    ['more than 20 fees', Array.from({ length: 21 }, () => fee(1, true, false)), 'fees', LEASE_MESSAGES.fees],
  ])('refuses %s, naming the field', (_name, fees, field, message) => {
    const error = refusal(() => calculateLease({ ...car, fees } as LeaseInput));

    expect([error.field, error.message]).toEqual([field, message]);
  });
});

describe('one-pay leases', () => {
  it('monthly tax: the whole lease at signing costs what the 36 payments would, each taxed as billed', () => {
    const monthly = calculateLease({ ...car, rebates: 500 });
    const onePay = calculateLease({ ...car, rebates: 500, onePay: true });

    // 36 x 282.12 = 10,156.32 plus the 36 payments' tax taxed at signing, 36 x 28.92 = 1,041.12.
    expect(onePay).toMatchObject({
      basePayment: 282.12,
      monthlyTax: 0,
      monthlyPayment: 0,
      upfrontTax: 1_041.12,
      onePayAmount: 11_197.44,
      driveOff: 11_197.44,
      totalOfPayments: 11_197.44,
    });
    expect(onePay.totalOfPayments).toBe(monthly.totalOfPayments);
  });

  it('upfront-total: taxes the one-pay as New York taxes any lease, on the payments and the cash down', () => {
    const quote = calculateLease({ ...car, cashDown: 1_700, taxMethod: 'upfront-total', onePay: true });

    // Base 247.29 (the 1,700 down worked example); tax 10.25% x (36 x 247.29 + 1,700) = 10.25% x 10,602.44 = 1,086.75.
    expect(quote.upfrontTax).toBe(1_086.75);
    expect(quote.onePayAmount).toBe(9_989.19); // 8,902.44 + 1,086.75
    expect(quote.driveOff).toBe(11_689.19); // one-pay + 1,700 down
  });

  it('upfront-price: taxes the selling price at signing, as for a monthly lease', () => {
    const quote = calculateLease({ ...car, rebates: 500, taxMethod: 'upfront-price', onePay: true, upfrontFees: 100 });

    expect(quote.upfrontTax).toBe(2_152.5); // 10.25% x 21,000
    expect(quote.onePayAmount).toBe(12_308.82); // 10,156.32 + 2,152.50
    expect(quote.driveOff).toBe(12_408.82); // + the 100 upfront fee
  });

  it("prices the program's lower one-pay money factor below the monthly lease", () => {
    const monthly = calculateLease({ ...car, rebates: 500 });
    const onePay = calculateLease({ ...car, rebates: 500, onePay: true, moneyFactor: 0.00045 });

    // Rent (21,700 + 13,110) x 0.00045 = 15.6645 a month: base 238.6111 + 15.6645 = 254.28, x 36 = 9,154.08,
    // tax 36 x 26.06 = 938.16.
    expect(onePay.onePayAmount).toBe(10_092.24);
    expect(onePay.totalOfPayments).toBeLessThan(monthly.totalOfPayments);
  });

  it.each([
    ['zero drive-off', { zeroDriveOff: true }, 'zeroDriveOff', LEASE_MESSAGES.onePayZeroDriveOff],
    [
      'security deposits',
      { securityDeposits: { count: 1, amountEach: 300, moneyFactorReductionEach: 0.00007 } },
      'securityDeposits.count',
      LEASE_MESSAGES.onePayDeposits,
    ],
  ])('refuses %s with a one-pay lease', (_name, change, field, message) => {
    const error = refusal(() => calculateLease({ ...car, onePay: true, ...change }));

    expect([error.field, error.message]).toEqual([field, message]);
  });
});

describe('security deposits by program rule', () => {
  const mf = (value: number) => fromNumber(value);

  it('takes MF 0.00142 to 0.00110 with 4 deposits at 0.00008', () => {
    expect(toNumber(moneyFactorAfterDeposits(mf(0.00142), { count: 4, moneyFactorReductionEach: 0.00008 }))).toBe(0.0011);

    const quote = calculateLease({
      ...car,
      moneyFactor: 0.00142,
      securityDeposits: { count: 4, moneyFactorReductionEach: 0.00008, roundUpTo: 50 },
    });
    expect(quote.effectiveApr).toBe(2.64); // 0.00110 x 2400
    expect(impliedMoneyFactor({ ...quote, termMonths: 36 })).toBe(0.0011);
  });

  it('makes each deposit the payment with tax after the reduction, rounded up to the next $50', () => {
    const quote = calculateLease({ ...car, securityDeposits: { count: 7, moneyFactorReductionEach: 0.00007, roundUpTo: 50 } });

    // MF 0.00125 - 7 x 0.00007 = 0.00076: payment 279.34 + 28.63 tax = 307.97, so each deposit is 350.
    expect(quote.monthlyPayment).toBe(307.97);
    expect(quote.securityDepositEach).toBe(350);
    expect(quote.securityDepositTotal).toBe(2_450);
    expect(quote.driveOff).toBe(2_757.97); // 307.97 + 7 x 350
    expect(quote.totalOfPayments).toBe(11_086.92); // refundable: not in the total
  });

  it('answers the stated amount each when the program gives one', () => {
    const quote = calculateLease({ ...car, securityDeposits: { count: 3, amountEach: 400, moneyFactorReductionEach: 0.00007 } });

    expect([quote.securityDepositEach, quote.securityDepositTotal]).toEqual([400, 1_200]);
  });

  it('never takes the money factor below the floor, nor raises a lower quoted one to it', () => {
    const floor = { count: 7, moneyFactorReductionEach: 0.00004, moneyFactorFloor: 0.00004 };

    expect(toNumber(moneyFactorAfterDeposits(mf(0.0002), floor))).toBe(0.00004); // 0.00020 - 0.00028 stops at 0.00004
    expect(toNumber(moneyFactorAfterDeposits(mf(0.00002), floor))).toBe(0.00002);
    expect(toNumber(moneyFactorAfterDeposits(mf(0.001), floor))).toBe(0.00072);
    expect(calculateLease({ ...car, moneyFactor: 0.0002, securityDeposits: { ...floor, roundUpTo: 50 } }).effectiveApr).toBe(0.1); // 0.00004 x 2400 = 0.096
  });

  it('refuses a program with both an amount and a rounding rule, or with neither', () => {
    const both = refusal(() =>
      calculateLease({
        ...car,
        securityDeposits: { count: 1, amountEach: 300, roundUpTo: 50, moneyFactorReductionEach: 0.00007 },
      }),
    );
    const neither = refusal(() => calculateLease({ ...car, securityDeposits: { count: 1, moneyFactorReductionEach: 0.00007 } }));

    expect([both.field, both.message]).toEqual(['securityDeposits.roundUpTo', LEASE_MESSAGES.depositAmountTwice]);
    expect([neither.field, neither.message]).toEqual(['securityDeposits.amountEach', LEASE_MESSAGES.required('Deposit amount')]);
  });

  it.each([
    ['a negative count', { count: -1 }, 'securityDeposits.count', LEASE_MESSAGES.depositCount],
    ['a count over 10', { count: 11 }, 'securityDeposits.count', LEASE_MESSAGES.depositCount],
    [
      'a reduction that is not a number',
      { moneyFactorReductionEach: '0.00007' },
      'securityDeposits.moneyFactorReductionEach',
      'Invalid number',
    ],
    ['a rounding of $0', { roundUpTo: 0 }, 'securityDeposits.roundUpTo', LEASE_MESSAGES.depositRoundUpTo],
    ['a floor above 0.01', { moneyFactorFloor: 0.02 }, 'securityDeposits.moneyFactorFloor', LEASE_MESSAGES.depositFloor],
  ])('refuses %s, naming the field', (_name, change, field, message) => {
    const deposits = { count: 7, moneyFactorReductionEach: 0.00007, roundUpTo: 50, ...change };
    const error = refusal(() => calculateLease({ ...car, securityDeposits: deposits } as LeaseInput));

    expect([error.field, error.message]).toEqual([field, message]);
  });

  it('refuses deposits rounded up from the payment with zero drive-off, which has none', () => {
    const error = refusal(() =>
      calculateLease({
        ...car,
        zeroDriveOff: true,
        securityDeposits: { count: 1, moneyFactorReductionEach: 0.00007, roundUpTo: 50 },
      }),
    );

    expect([error.field, error.message]).toEqual(['securityDeposits', LEASE_MESSAGES.zeroDriveOffDeposits]);
  });
});

describe('security deposits: the published examples', () => {
  const toCents = (dollars: number) => BigInt(Math.round(dollars * 100));
  const roundedUp = (payment: number, to: number) => Number(depositRoundedUp(toCents(payment), toCents(to))) / 100;
  const afterDeposits = (moneyFactor: number, count: number, reduction: number, floor?: number) =>
    toNumber(
      moneyFactorAfterDeposits(fromNumber(moneyFactor), { count, moneyFactorReductionEach: reduction, moneyFactorFloor: floor }),
    );

  it('BMW Financial Services MSD program (2021-2023): 0.00004 each, 7 at most, rate not below 0.00004, $425 -> $450, $399 -> $400', () => {
    expect(roundedUp(425, 50)).toBe(450);
    expect(7 * roundedUp(425, 50)).toBe(3_150);
    expect(roundedUp(399, 50)).toBe(400);
    expect(7 * roundedUp(399, 50)).toBe(2_800);
    expect(afterDeposits(0.001, 7, 0.00004)).toBe(0.00072); // the maximum reduction, 0.00028
    expect(afterDeposits(0.0002, 7, 0.00004, 0.00004)).toBe(0.00004);
  });

  it('Leasehackr forum: 0.00131 less 7 x 0.00007 is 0.00082; a $495 payment makes $500 deposits, $3,500 for 7', () => {
    expect(afterDeposits(0.00131, 7, 0.00007)).toBe(0.00082);
    expect(roundedUp(495, 50)).toBe(500);
    expect(7 * roundedUp(495, 50)).toBe(3_500);
  });

  it('bmwconfig.com: 0.0024 less 7 x 0.00007 is 0.00191; $742 -> 7 x $750 = $5,250; $812 -> $850; 1,408.53 saved is 8.94% a year', () => {
    expect(afterDeposits(0.0024, 7, 0.00007)).toBe(0.00191);
    expect(7 * roundedUp(742, 50)).toBe(5_250);
    expect(roundedUp(812, 50)).toBe(850);
    // 1,408.53 / 5,250 = 26.83% over the 3 years, / 3 = 8.94% a year.
    expect(msdAnnualReturnPercent({ totalSaving: 1_408.53, depositTotal: 5_250, termMonths: 36 })).toBe(8.94);
  });

  it('Bimmerfest MSD thread: a $303 payment with tax makes a $350 deposit', () => {
    expect(roundedUp(303, 50)).toBe(350);
  });
});

describe('msdReturn: what deposits earn', () => {
  const program = {
    ...car,
    securityDeposits: { count: 7, moneyFactorReductionEach: 0.00007, roundUpTo: 50 },
  } satisfies LeaseInput;

  it('answers each count from 0 to the maximum with its saving and yearly rate', () => {
    const rows = msdReturn(program);

    expect(rows.map((row) => row.count)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(rows[0]).toEqual({
      count: 0,
      moneyFactor: 0.00125,
      monthlyPayment: 327.05,
      securityDepositEach: 350,
      securityDepositTotal: 0,
      monthlySaving: 0,
      totalSaving: 0,
      annualReturnPercent: null,
    });
    // 7 deposits: MF 0.00076, 307.97 a month, 19.08 less; 36 x 19.08 = 686.88 on 2,450 over 3 years = 9.35% a year.
    expect(rows[7]).toEqual({
      count: 7,
      moneyFactor: 0.00076,
      monthlyPayment: 307.97,
      securityDepositEach: 350,
      securityDepositTotal: 2_450,
      monthlySaving: 19.08,
      totalSaving: 686.88,
      annualReturnPercent: 9.35,
    });
  });

  it('refuses a lease without a deposit program, naming it', () => {
    const error = refusal(() => msdReturn(car));

    expect([error.field, error.message]).toEqual(['securityDeposits', LEASE_MESSAGES.msdReturnNeedsDeposits]);
  });
});

describe('impliedMoneyFactor', () => {
  it('back-solves the worked examples to MF 0.00125', () => {
    expect(impliedMoneyFactor({ adjustedCapCost: 21_700, residualValue: 13_110, termMonths: 36, basePayment: 282.12 })).toBe(
      0.00125,
    );
    expect(impliedMoneyFactor({ adjustedCapCost: 20_500, residualValue: 13_110, termMonths: 36, basePayment: 247.29 })).toBe(
      0.00125,
    );
  });

  it("finds a dealer's markup: a contract priced at 0.00160 against a buy rate of 0.00120", () => {
    const contract = calculateLease({ ...car, rebates: 500, moneyFactor: 0.0016 });

    const implied = impliedMoneyFactor({ ...contract, termMonths: 36 });

    expect(implied).toBe(0.0016);
    expect(Math.round((implied - 0.0012) * 100_000) / 100_000).toBe(0.0004);
  });

  it('rounds to 5 decimals, half away from zero', () => {
    // Rent 282.12 - 238.6111 = 43.5089 on 34,810: 0.0012499...; 1 cent more is 0.0012502...
    expect(impliedMoneyFactor({ adjustedCapCost: 21_700, residualValue: 13_110, termMonths: 36, basePayment: 282.3 })).toBe(
      0.00126,
    );
  });

  it('refuses a base payment below the depreciation, naming it', () => {
    const error = refusal(() =>
      impliedMoneyFactor({ adjustedCapCost: 21_700, residualValue: 13_110, termMonths: 36, basePayment: 200 }),
    );

    expect([error.field, error.message]).toEqual(['basePayment', LEASE_MESSAGES.impliedBelowZero]);
  });

  it('refuses a negative term, naming it', () => {
    const error = refusal(() =>
      impliedMoneyFactor({ adjustedCapCost: 21_700, residualValue: 13_110, termMonths: -36, basePayment: 282.12 }),
    );

    expect(error.field).toBe('termMonths');
  });
});

// Properties over leases the schema accepts: a mainstream car, any tax method, money factors to 5 decimals.

const cents = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((c) => c / 100);

const leaseInput = fc
  .record({
    msrp: cents(15_000, 150_000),
    discountPercent: fc.integer({ min: -5, max: 20 }),
    residualPercent: fc.integer({ min: 4_000, max: 7_500 }).map((hundredths) => hundredths / 100),
    moneyFactor: fc.integer({ min: 0, max: 400 }).map((hundredThousandths) => hundredThousandths / 100_000),
    termMonths: fc.constantFrom(24, 27, 36, 39, 42, 48, 60),
    capitalizedFees: cents(0, 3_000),
    upfrontFees: cents(0, 1_500),
    rebates: cents(0, 2_000),
    cashDown: cents(0, 3_000),
    taxRatePercent: fc.integer({ min: 0, max: 12_000 }).map((thousandths) => thousandths / 1_000),
    taxMethod: fc.constantFrom('monthly', 'upfront-total', 'upfront-price'),
  })
  .map(({ msrp, discountPercent, ...rest }) => ({
    ...rest,
    msrp,
    sellingPrice: Math.round(msrp * (100 - discountPercent)) / 100,
  })) satisfies fc.Arbitrary<LeaseInput>;

const feeArbitrary = fc.record({
  name: fc.constantFrom('Acquisition', 'Doc', 'Registration'),
  amount: cents(0, 1_500),
  capitalized: fc.boolean(),
  taxable: fc.boolean(),
});

/** The quote, or undefined for the rare generated lease the derived-figure rules refuse. */
function quoteOf(input: LeaseInput): LeaseQuote | undefined {
  return leaseInputProblem(leaseInputSchema.parse(input)) ? undefined : calculateLease(input);
}

describe('lender programs: properties', () => {
  it('a one-pay lease never costs more than the monthly lease at the same money factor', () => {
    fc.assert(
      fc.property(leaseInput, (input) => {
        const [monthly, onePay] = [quoteOf(input), quoteOf({ ...input, onePay: true })];
        fc.pre(monthly !== undefined && onePay !== undefined);

        expect(onePay!.totalOfPayments).toBeLessThanOrEqual(monthly!.totalOfPayments);
        expect(onePay!.driveOff).toBe(onePay!.totalOfPayments);
        expect(onePay!.monthlyPayment).toBe(0);
      }),
    );
  });

  it('more deposits never raise the payment, and never save less', () => {
    const program = fc.record({
      count: fc.integer({ min: 1, max: 10 }),
      moneyFactorReductionEach: fc.integer({ min: 1, max: 10 }).map((hundredThousandths) => hundredThousandths / 100_000),
      roundUpTo: fc.constantFrom(25, 50, 100),
      moneyFactorFloor: fc.option(
        fc.integer({ min: 0, max: 10 }).map((h) => h / 100_000),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(leaseInput, program, (input, securityDeposits) => {
        const withProgram = { ...input, securityDeposits };
        fc.pre(
          quoteOf(withProgram) !== undefined &&
            quoteOf({ ...withProgram, securityDeposits: { ...securityDeposits, count: 0 } }) !== undefined,
        );

        const rows = msdReturn(withProgram);

        rows.slice(1).forEach((row, index) => {
          expect(row.monthlyPayment).toBeLessThanOrEqual(rows[index]!.monthlyPayment);
          expect(row.totalSaving).toBeGreaterThanOrEqual(rows[index]!.totalSaving);
          expect(row.securityDepositEach % securityDeposits.roundUpTo).toBe(0);
          expect(row.securityDepositEach).toBeGreaterThanOrEqual(row.monthlyPayment);
          expect(row.securityDepositEach - row.monthlyPayment).toBeLessThan(securityDeposits.roundUpTo);
        });
      }),
    );
  });

  it('the implied money factor of a computed quote is its own money factor', () => {
    const deposits = fc.option(
      fc.record({
        count: fc.integer({ min: 0, max: 7 }),
        moneyFactorReductionEach: fc.constant(0.00005),
        amountEach: fc.constant(0),
      }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(leaseInput, deposits, fc.boolean(), (input, securityDeposits, zeroDriveOff) => {
        const lease = {
          ...input,
          ...(zeroDriveOff ? { zeroDriveOff, cashDown: 0 } : {}),
          ...(securityDeposits ? { securityDeposits } : {}),
        };
        const quote = quoteOf(lease);
        fc.pre(quote !== undefined);

        const own = Math.max(0, Math.round((input.moneyFactor - (securityDeposits?.count ?? 0) * 0.00005) * 100_000) / 100_000);
        expect(impliedMoneyFactor({ ...quote!, termMonths: input.termMonths })).toBe(own);
      }),
    );
  });

  it('a taxable fee never lowers what the lessee pays, and raises it by the tax at most', () => {
    fc.assert(
      fc.property(leaseInput, fc.array(feeArbitrary, { maxLength: 4 }), fc.nat(3), (input, fees, which) => {
        fc.pre(fees.length > 0);
        const index = which % fees.length;
        const untaxed = fees.map((f, i) => (i === index ? { ...f, taxable: false } : f));
        const taxed = fees.map((f, i) => (i === index ? { ...f, taxable: true } : f));
        const [without, withTax] = [quoteOf({ ...input, fees: untaxed }), quoteOf({ ...input, fees: taxed })];
        fc.pre(without !== undefined && withTax !== undefined);

        expect(withTax!.totalOfPayments).toBeGreaterThanOrEqual(without!.totalOfPayments);
        expect(withTax!.driveOff).toBeGreaterThanOrEqual(without!.driveOff);
        // At most the tax on the fee, plus a cent of rounding.
        const limit = Math.ceil(fees[index]!.amount * input.taxRatePercent) / 100 + 0.01;
        expect(withTax!.totalOfPayments - without!.totalOfPayments).toBeLessThanOrEqual(limit + 1e-9);
      }),
    );
  });

  it('a fee adds its amount to what the lessee pays or more, never less (capitalized ones carry rent)', () => {
    fc.assert(
      fc.property(leaseInput, feeArbitrary, (input, extra) => {
        const [without, withFee] = [quoteOf(input), quoteOf({ ...input, fees: [extra] })];
        fc.pre(without !== undefined && withFee !== undefined);

        expect(withFee!.totalOfPayments + 1e-9).toBeGreaterThanOrEqual(
          without!.totalOfPayments + extra.amount - 0.01 * input.termMonths,
        );
      }),
    );
  });
});
