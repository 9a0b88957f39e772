import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalPlaces } from '../math';
import {
  calculateLease,
  excessMileageCharge,
  leaseGrid,
  LeaseInputError,
  leaseInputProblem,
  moneyFactorFromApr,
  residualAfterExtraMiles,
  type LeaseInput,
  type LeaseQuote,
} from './calculate';
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

/** The error calculateLease throws for `input`. */
function refusal(input: unknown): LeaseInputError {
  try {
    calculateLease(input as LeaseInput);
  } catch (error) {
    if (error instanceof LeaseInputError) return error;
    throw error;
  }
  throw new Error('calculateLease accepted the input');
}

describe('calculateLease: the worked examples, to the cent', () => {
  it('prices a 500 rebate with no down at 282.12 base and 311.04 with tax', () => {
    const quote = calculateLease({ ...car, rebates: 500 });

    expect(quote).toMatchObject({
      residualValue: 13_110,
      grossCapCost: 22_200,
      capCostReduction: 500,
      adjustedCapCost: 21_700,
      depreciation: 238.61,
      rentCharge: 43.51,
      basePayment: 282.12,
      monthlyTax: 28.92,
      monthlyPayment: 311.04,
    });
  });

  it('prices 1,700 down with no rebate at 247.29 base and 272.64 with tax', () => {
    const quote = calculateLease({ ...car, cashDown: 1_700 });

    expect(quote).toMatchObject({ adjustedCapCost: 20_500, basePayment: 247.29, monthlyTax: 25.35, monthlyPayment: 272.64 });
  });

  it('reads money factor 0.00125 as APR 3.00, and APR 3 as money factor 0.00125', () => {
    expect(calculateLease(car).effectiveApr).toBe(3);
    expect(moneyFactorFromApr(3)).toBe(0.00125);
  });

  it('prices the same lease from APR 3 as from money factor 0.00125', () => {
    const { moneyFactor: _moneyFactor, ...withoutMoneyFactor } = car;

    expect(calculateLease({ ...withoutMoneyFactor, apr: 3, rebates: 500 })).toEqual(calculateLease({ ...car, rebates: 500 }));
  });
});

describe('lease-end estimates', () => {
  it('reduces a 12,350 residual for 8,000 extra miles at $0.13 to 11,310', () => {
    expect(residualAfterExtraMiles({ residualValue: 12_350, extraMiles: 8_000, valuePerMile: 0.13 })).toBe(11_310);
  });

  it('never estimates a value below 0', () => {
    expect(residualAfterExtraMiles({ residualValue: 1_000, extraMiles: 100_000, valuePerMile: 0.25 })).toBe(0);
  });

  it('charges 4 years x 2,000 excess miles x $0.15 as 1,200', () => {
    expect(excessMileageCharge({ termMonths: 48, excessMilesPerYear: 2_000, chargePerMile: 0.15 })).toBe(1_200);
  });

  it('charges part years pro rata: 39 months x 1,000 miles a year x $0.25 is 812.50', () => {
    expect(excessMileageCharge({ termMonths: 39, excessMilesPerYear: 1_000, chargePerMile: 0.25 })).toBe(812.5);
  });

  it('refuses negative miles and a negative value per mile, naming the field', () => {
    expect(() => excessMileageCharge({ termMonths: 36, excessMilesPerYear: -1, chargePerMile: 0.15 })).toThrow(
      expect.objectContaining({ field: 'excessMilesPerYear' }),
    );
    expect(() => residualAfterExtraMiles({ residualValue: 12_350, extraMiles: 1, valuePerMile: -0.13 })).toThrow(
      expect.objectContaining({ field: 'valuePerMile' }),
    );
  });
});

describe('calculateLease: tax methods', () => {
  const deal = { ...car, rebates: 500, cashDown: 1_000, upfrontFees: 800 };

  it('monthly: taxes each payment, and the cash down at signing', () => {
    const quote = calculateLease({ ...deal, taxMethod: 'monthly' });

    // Adjusted cap 22,200 - 1,500 = 20,700: (20,700 - 13,110) / 36 + 33,810 x 0.00125 = 210.8333 + 42.2625.
    expect(quote.basePayment).toBe(253.1);
    expect(quote.monthlyTax).toBe(25.94); // 253.10 x 10.25% = 25.94275
    expect(quote.monthlyPayment).toBe(279.04);
    expect(quote.upfrontTax).toBe(102.5); // 1,000 x 10.25%
    expect(quote.driveOff).toBe(2_181.54); // 279.04 + 1,000 + 800 + 102.50
    expect(quote.totalOfPayments).toBe(11_947.94); // 36 x 279.04 + 1,000 + 800 + 102.50
  });

  it('upfront-total: no tax on the payments, tax on 36 payments plus the cash down at signing (New York)', () => {
    const quote = calculateLease({ ...deal, taxMethod: 'upfront-total' });

    expect(quote.monthlyTax).toBe(0);
    expect(quote.monthlyPayment).toBe(253.1);
    expect(quote.upfrontTax).toBe(1_036.44); // (36 x 253.10 + 1,000) x 10.25% = 1,036.4395
    expect(quote.driveOff).toBe(3_089.54); // 253.10 + 1,000 + 800 + 1,036.44
  });

  it('upfront-price: no tax on the payments, tax on the selling price at signing (Texas)', () => {
    const quote = calculateLease({ ...deal, taxMethod: 'upfront-price' });

    expect(quote.monthlyTax).toBe(0);
    expect(quote.monthlyPayment).toBe(253.1);
    expect(quote.upfrontTax).toBe(2_152.5); // 21,000 x 10.25%
    expect(quote.driveOff).toBe(4_205.6); // 253.10 + 1,000 + 800 + 2,152.50
  });

  it('charges no tax at a rate of 0', () => {
    const quote = calculateLease({ ...deal, taxRatePercent: 0 });

    expect([quote.monthlyTax, quote.upfrontTax, quote.monthlyPayment]).toEqual([0, 0, quote.basePayment]);
  });
});

describe('calculateLease: security deposits', () => {
  const deposits = { count: 7, amountEach: 300, moneyFactorReductionEach: 0.00007 };

  it('lowers the money factor per deposit and pays the deposits at signing, refundable so not in the total', () => {
    const without = calculateLease(car);
    const withDeposits = calculateLease({ ...car, securityDeposits: deposits });

    // Money factor 0.00125 - 7 x 0.00007 = 0.00076 (APR 1.824): rent (22,200 + 13,110) x 0.00076 = 26.8356 instead of
    // 44.1375, depreciation 252.50 either way.
    expect(withDeposits.effectiveApr).toBe(1.82);
    expect(withDeposits.basePayment).toBe(279.34);
    expect(without.basePayment).toBe(296.64);
    expect(withDeposits.monthlyPayment).toBe(307.97);
    expect(withDeposits.driveOff).toBe(2_407.97); // 307.97 + 7 x 300
    expect(withDeposits.totalOfPayments).toBe(11_086.92); // 36 x 307.97
  });

  it('refuses deposits that take the money factor below 0, naming the reduction', () => {
    const error = refusal({ ...car, securityDeposits: { count: 10, amountEach: 500, moneyFactorReductionEach: 0.0002 } });

    expect(error.field).toBe('securityDeposits.moneyFactorReductionEach');
    expect(error.message).toBe(LEASE_MESSAGES.depositsBelowZero);
  });
});

describe('calculateLease: zero drive-off', () => {
  const deal = { ...car, upfrontFees: 800, zeroDriveOff: true };

  it('rolls the first payment and the upfront fees into the cap cost, in an amount that covers itself', () => {
    const quote = calculateLease(deal);

    expect(quote.driveOff).toBe(0);
    expect(quote.grossCapCost).toBe(23_364.3);
    // 22,200 + 800 fees + the first payment of the lease it makes.
    expect(quote.monthlyPayment).toBe(364.3);
    expect(quote.totalOfPayments).toBe(12_750.5); // 35 x 364.30: the first is paid from the cap cost
  });

  it('rolls the upfront tax in as well, and New York taxes the payments it raises (tax on the rolled tax)', () => {
    const quote = calculateLease({ ...deal, taxMethod: 'upfront-total' });

    expect(quote.upfrontTax).toBe(1_366.3); // 36 x 370.27 x 10.25% = 1,366.2963
    expect(quote.monthlyPayment).toBe(370.27);
    expect(quote.grossCapCost).toBe(24_736.57); // 22,200 + 800 + 370.27 + 1,366.30
  });

  it('rolls in the Texas tax on the selling price, which the roll does not change', () => {
    const quote = calculateLease({ ...deal, taxMethod: 'upfront-price' });

    expect(quote.upfrontTax).toBe(2_152.5);
    expect(quote.grossCapCost).toBe(Math.round((22_200 + 800 + 2_152.5 + quote.monthlyPayment) * 100) / 100);
  });

  it.each([
    ['cash down', { cashDown: 1 }, 'cashDown', LEASE_MESSAGES.zeroDriveOffCashDown],
    [
      'security deposits',
      { securityDeposits: { count: 1, amountEach: 300, moneyFactorReductionEach: 0.00007 } },
      'securityDeposits',
      LEASE_MESSAGES.zeroDriveOffDeposits,
    ],
    ['a 1-month term', { termMonths: 1 }, 'termMonths', LEASE_MESSAGES.zeroDriveOffTerm],
  ])('refuses %s with zero drive-off', (_name, change, field, message) => {
    const error = refusal({ ...deal, ...change });

    expect([error.field, error.message]).toEqual([field, message]);
  });
});

describe('calculateLease: mileage adjustment of the residual', () => {
  it('adds residual points for miles below the lender base: 10,000 a year at 1 point per 1,000 is 59%', () => {
    const quote = calculateLease({ ...car, milesPerYear: 10_000, residualAdjustmentPer1000Miles: 1 });

    expect(quote.residualValue).toBe(13_570);
  });

  it('removes points for miles above it, against a base the input gives', () => {
    const quote = calculateLease({ ...car, milesPerYear: 15_000, baseMilesPerYear: 10_000, residualAdjustmentPer1000Miles: 0.5 });

    expect(quote.residualValue).toBe(12_535); // 57 - 2.5 = 54.5% of 23,000
  });

  it('leaves the residual alone without an adjustment per 1,000 miles', () => {
    expect(calculateLease({ ...car, milesPerYear: 20_000 }).residualValue).toBe(13_110);
  });

  it('refuses a mileage that takes the residual past 100%, naming the miles', () => {
    const error = refusal({ ...car, residualPercent: 99, milesPerYear: 1_000, residualAdjustmentPer1000Miles: 1 });

    expect([error.field, error.message]).toEqual(['milesPerYear', LEASE_MESSAGES.adjustedResidual]);
  });
});

describe('calculateLease: negative depreciation', () => {
  it('keeps a residual above the adjusted cap cost as negative depreciation, never clamped', () => {
    const quote = calculateLease({ ...car, sellingPrice: 18_000, capitalizedFees: 0, residualPercent: 80, rebates: 500 });

    // (17,500 - 18,400) / 36 = -25.00; rent (17,500 + 18,400) x 0.00125 = 44.875.
    expect(quote.depreciation).toBe(-25);
    expect(quote.basePayment).toBe(19.88);
    expect(quote.rentCharge).toBe(44.88);
  });
});

describe('calculateLease: refused input names the field', () => {
  const { moneyFactor: _moneyFactor, ...withoutRate } = car;
  it.each([
    ['a negative term', { ...car, termMonths: -36 }, 'termMonths', LEASE_MESSAGES.term],
    ['a fractional term', { ...car, termMonths: 36.5 }, 'termMonths', LEASE_MESSAGES.term],
    ['a residual over 100%', { ...car, residualPercent: 100.01 }, 'residualPercent', LEASE_MESSAGES.residual],
    ['a residual of 0', { ...car, residualPercent: 0 }, 'residualPercent', LEASE_MESSAGES.residual],
    ['a money factor over 0.01', { ...car, moneyFactor: 0.0101 }, 'moneyFactor', LEASE_MESSAGES.moneyFactor],
    ['a negative money factor', { ...car, moneyFactor: -0.0001 }, 'moneyFactor', LEASE_MESSAGES.moneyFactor],
    ['an APR over 24', { ...withoutRate, apr: 24.01 }, 'apr', LEASE_MESSAGES.apr],
    ['neither money factor nor APR', withoutRate, 'moneyFactor', LEASE_MESSAGES.rateRequired],
    ['both money factor and APR', { ...car, apr: 3 }, 'apr', LEASE_MESSAGES.rateTwice],
    ['NaN', { ...car, msrp: Number.NaN }, 'msrp', 'Invalid number'],
    ['Infinity', { ...car, sellingPrice: Number.POSITIVE_INFINITY }, 'sellingPrice', 'Invalid number'],
    ['a number as text', { ...car, cashDown: '1700' }, 'cashDown', 'Invalid number'],
    ['a missing MSRP', { ...car, msrp: undefined }, 'msrp', LEASE_MESSAGES.required('MSRP')],
    ['a selling price of 0', { ...car, sellingPrice: 0 }, 'sellingPrice', LEASE_MESSAGES.positive('Selling price')],
    ['a negative cash down', { ...car, cashDown: -1 }, 'cashDown', LEASE_MESSAGES.notNegative('Cash down')],
    ['a tax rate over 25%', { ...car, taxRatePercent: 26 }, 'taxRatePercent', LEASE_MESSAGES.taxRate],
    ['an unknown tax method', { ...car, taxMethod: 'weekly' }, 'taxMethod', LEASE_MESSAGES.taxMethod],
    [
      '11 security deposits',
      { ...car, securityDeposits: { count: 11, amountEach: 1, moneyFactorReductionEach: 0 } },
      'securityDeposits.count',
      LEASE_MESSAGES.depositCount,
    ],
    ['a cash down above the cap cost', { ...car, cashDown: 22_200 }, 'cashDown', LEASE_MESSAGES.capCostReduction],
    ['trade equity above the cap cost', { ...car, tradeEquity: 30_000 }, 'tradeEquity', LEASE_MESSAGES.capCostReduction],
    [
      'a residual so far above the cap cost that the payment is not positive',
      { ...car, moneyFactor: 0, residualPercent: 100 },
      'residualPercent',
      LEASE_MESSAGES.paymentNotPositive,
    ],
  ])('refuses %s', (_name, input, field, message) => {
    const error = refusal(input);

    expect(error).toBeInstanceOf(LeaseInputError);
    expect(error.field).toBe(field);
    expect(error.message).toBe(message);
    expect(error.fields[field]).toBe(message);
  });

  it('reports the derived-figure rules to the request schema without throwing', () => {
    const parsed = leaseInputSchema.parse({ ...car, cashDown: 22_200 });

    expect(leaseInputProblem(parsed)).toEqual({ field: 'cashDown', message: LEASE_MESSAGES.capCostReduction });
    expect(leaseInputProblem(leaseInputSchema.parse(car))).toBeUndefined();
  });
});

describe('calculateLease: amounts are read to the cent', () => {
  it('reads an amount a client computed in binary floating point as the cents it means', () => {
    const computed = 7_283.33 * 3; // 21849.989999999998, meant as 21,849.99
    expect(calculateLease({ ...car, sellingPrice: computed })).toEqual(calculateLease({ ...car, sellingPrice: 21_849.99 }));
  });

  it('rounds a fraction of a cent half away from zero', () => {
    expect(calculateLease({ ...car, rebates: 500.005 }).capCostReduction).toBe(500.01);
    expect(calculateLease({ ...car, rebates: 500.004 }).capCostReduction).toBe(500);
  });
});

describe('calculateLease: negative trade equity', () => {
  it('adds negative equity to the gross cap cost (Regulation M) rather than to the reduction', () => {
    const quote = calculateLease({ ...car, tradeEquity: -2_000, rebates: 500 });

    expect(quote.grossCapCost).toBe(24_200);
    expect(quote.capCostReduction).toBe(500);
    expect(quote.adjustedCapCost).toBe(23_700);
  });

  it('counts positive equity as a cap cost reduction', () => {
    expect(calculateLease({ ...car, tradeEquity: 2_000 })).toMatchObject({ capCostReduction: 2_000, adjustedCapCost: 20_200 });
  });
});

// Properties over leases the schema accepts: a mainstream car, any of the tax methods, with or without zero drive-off.

/** `a + b` to the cent, as a form adding two amounts would show it. */
const plus = (a: number, b: number) => Math.round((a + b) * 100) / 100;

const cents = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((c) => c / 100);

const leaseInput: fc.Arbitrary<LeaseInput> = fc
  .record({
    msrp: cents(15_000, 150_000),
    discountPercent: fc.integer({ min: -5, max: 20 }),
    residualPercent: fc.integer({ min: 4_000, max: 7_500 }).map((hundredths) => hundredths / 100),
    moneyFactor: fc.integer({ min: 0, max: 400 }).map((hundredThousandths) => hundredThousandths / 100_000),
    termMonths: fc.constantFrom(24, 27, 36, 39, 42, 48, 60),
    capitalizedFees: cents(0, 3_000),
    upfrontFees: cents(0, 1_500),
    rebates: cents(0, 2_000),
    tradeEquity: cents(-3_000, 3_000),
    cashDown: cents(0, 3_000),
    taxRatePercent: fc.integer({ min: 0, max: 12_000 }).map((thousandths) => thousandths / 1_000),
    taxMethod: fc.constantFrom('monthly', 'upfront-total', 'upfront-price'),
    zeroDriveOff: fc.boolean(),
  })
  .map(({ msrp, discountPercent, zeroDriveOff, cashDown, ...rest }) => ({
    ...rest,
    msrp,
    sellingPrice: Math.round(msrp * (100 - discountPercent)) / 100,
    zeroDriveOff,
    cashDown: zeroDriveOff ? 0 : cashDown,
  }));

/** The quote, or undefined for the rare generated lease the derived-figure rules refuse. */
function quoteOf(input: LeaseInput): LeaseQuote | undefined {
  return leaseInputProblem(leaseInputSchema.parse(input)) ? undefined : calculateLease(input);
}

const MONEY_FIELDS = [
  'residualValue',
  'grossCapCost',
  'capCostReduction',
  'adjustedCapCost',
  'depreciation',
  'rentCharge',
  'basePayment',
  'monthlyTax',
  'monthlyPayment',
  'upfrontTax',
  'driveOff',
  'totalOfPayments',
] as const satisfies readonly (keyof LeaseQuote)[];

describe('calculateLease: properties', () => {
  it('raises the payment with the selling price', () => {
    fc.assert(
      fc.property(leaseInput, cents(50, 5_000), (input, more) => {
        const [lower, higher] = [quoteOf(input), quoteOf({ ...input, sellingPrice: plus(input.sellingPrice, more) })];
        fc.pre(lower !== undefined && higher !== undefined);
        expect(higher!.monthlyPayment).toBeGreaterThan(lower!.monthlyPayment);
      }),
    );
  });

  it('raises the payment with the money factor', () => {
    fc.assert(
      fc.property(leaseInput, fc.integer({ min: 10, max: 300 }), (input, moreHundredThousandths) => {
        const moneyFactor = (input.moneyFactor! * 100_000 + moreHundredThousandths) / 100_000;
        const [lower, higher] = [quoteOf(input), quoteOf({ ...input, moneyFactor })];
        fc.pre(lower !== undefined && higher !== undefined);
        expect(higher!.monthlyPayment).toBeGreaterThan(lower!.monthlyPayment);
      }),
    );
  });

  it('lowers the payment with the residual', () => {
    fc.assert(
      fc.property(leaseInput, fc.integer({ min: 1, max: 20 }), (input, morePoints) => {
        const [lower, higher] = [quoteOf({ ...input, residualPercent: input.residualPercent + morePoints }), quoteOf(input)];
        fc.pre(lower !== undefined && higher !== undefined);
        expect(lower!.monthlyPayment).toBeLessThan(higher!.monthlyPayment);
      }),
    );
  });

  it('lowers the payment with the cash down', () => {
    fc.assert(
      fc.property(leaseInput, cents(100, 3_000), (input, more) => {
        const withoutRoll = { ...input, zeroDriveOff: false };
        const [lower, higher] = [quoteOf({ ...withoutRoll, cashDown: plus(withoutRoll.cashDown!, more) }), quoteOf(withoutRoll)];
        fc.pre(lower !== undefined && higher !== undefined);
        expect(lower!.monthlyPayment).toBeLessThan(higher!.monthlyPayment);
      }),
    );
  });

  it('fills each grid cell with the single calculation of its term and cash down', () => {
    const terms = fc.uniqueArray(fc.constantFrom(24, 36, 39, 48), { minLength: 1, maxLength: 4 });
    const downs = fc.uniqueArray(cents(0, 4_000), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(leaseInput, terms, downs, (input, termMonths, cashDown) => {
        const base = { ...input, zeroDriveOff: false };
        fc.pre(termMonths.every((term) => cashDown.every((down) => quoteOf({ ...base, termMonths: term, cashDown: down }))));

        const grid = leaseGrid(base, { termMonths, cashDown });

        expect(grid).toHaveLength(termMonths.length);
        termMonths.forEach((term, row) =>
          cashDown.forEach((down, column) =>
            expect(grid[row]![column]).toEqual(calculateLease({ ...base, termMonths: term, cashDown: down })),
          ),
        );
      }),
    );
  });

  it('round-trips APR and money factor: an APR to 2 decimals comes back as itself', () => {
    fc.assert(
      fc.property(leaseInput, fc.integer({ min: 0, max: 2_400 }), (input, aprHundredths) => {
        const apr = aprHundredths / 100;
        const { moneyFactor: _moneyFactor, ...withoutRate } = input;

        const fromApr = quoteOf({ ...withoutRate, apr });
        const fromMoneyFactor = quoteOf({ ...withoutRate, moneyFactor: moneyFactorFromApr(apr) });

        fc.pre(fromApr !== undefined && fromMoneyFactor !== undefined);
        expect(fromApr!.effectiveApr).toBe(apr);
        expect(fromMoneyFactor!.effectiveApr).toBe(apr);
      }),
    );
  });

  it('round-trips a money factor through its APR to within the APR rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000 }), (hundredThousandths) => {
        const moneyFactor = hundredThousandths / 100_000;
        const { effectiveApr } = calculateLease({ ...car, moneyFactor });

        expect(Math.abs(moneyFactorFromApr(effectiveApr) - moneyFactor)).toBeLessThanOrEqual(0.005 / 2400 + 1e-15);
      }),
    );
  });

  it('answers whole cents in every money field, with figures that add up', () => {
    fc.assert(
      fc.property(leaseInput, (input) => {
        const quote = quoteOf(input);
        fc.pre(quote !== undefined);
        const q = quote!;

        for (const field of MONEY_FIELDS) expect(decimalPlaces(q[field]), field).toBeLessThanOrEqual(2);
        const toCents = (dollars: number) => Math.round(dollars * 100);
        expect(toCents(q.depreciation) + toCents(q.rentCharge)).toBe(toCents(q.basePayment));
        expect(toCents(q.basePayment) + toCents(q.monthlyTax)).toBe(toCents(q.monthlyPayment));
        expect(toCents(q.grossCapCost) - toCents(q.capCostReduction)).toBe(toCents(q.adjustedCapCost));
      }),
    );
  });

  it('with zero drive-off, rolls in exactly the first payment, the upfront fees and the upfront tax', () => {
    fc.assert(
      fc.property(leaseInput, (input) => {
        const quote = quoteOf({ ...input, zeroDriveOff: true, cashDown: 0 });
        fc.pre(quote !== undefined);
        const q = quote!;
        const toCents = (dollars: number) => Math.round(dollars * 100);
        const beforeRolling =
          toCents(input.sellingPrice) + toCents(input.capitalizedFees!) + Math.max(0, -toCents(input.tradeEquity!));

        expect(toCents(q.grossCapCost) - beforeRolling).toBe(
          toCents(input.upfrontFees!) + toCents(q.monthlyPayment) + toCents(q.upfrontTax),
        );
        expect(q.driveOff).toBe(0);
      }),
    );
  });
});
