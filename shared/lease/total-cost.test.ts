import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLease } from './calculate';
import { quotedLeaseTotal } from './total-cost';

describe('quotedLeaseTotal', () => {
  it('adds the payments after the first to the due at signing, less refundable deposits', () => {
    // 36 x $399 with $2,999 due (first payment included) and $500 of it a refundable deposit.
    expect(quotedLeaseTotal({ termMonths: 36, monthlyPayment: 399, dueAtSigning: 2999, refundableDeposits: 500 })).toBe(
      35 * 399 + 2999 - 500,
    );
  });

  it('counts a one-pay lease as what is paid at signing', () => {
    expect(quotedLeaseTotal({ termMonths: 36, monthlyPayment: 0, dueAtSigning: 13_512.4, refundableDeposits: 0 })).toBe(13_512.4);
  });

  it('is exact to the cent where binary floating point is not', () => {
    // 0.1 + 0.2 style drift: 35 x 333.33 = 11,666.55 exactly.
    expect(quotedLeaseTotal({ termMonths: 36, monthlyPayment: 333.33, dueAtSigning: 0.1, refundableDeposits: 0 })).toBe(
      11_666.65,
    );
  });

  it("is the lease math's total of payments for a priced lease", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 24, max: 48 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 7 }),
        (termMonths, cashDown, deposits) => {
          const quote = calculateLease({
            msrp: 42_000,
            sellingPrice: 40_000,
            residualPercent: 58,
            moneyFactor: 0.0015,
            termMonths,
            cashDown,
            taxRatePercent: 7,
            taxMethod: 'monthly',
            securityDeposits: { count: deposits, moneyFactorReductionEach: 0.00007, roundUpTo: 50 },
          });
          const total = quotedLeaseTotal({
            termMonths,
            monthlyPayment: quote.monthlyPayment,
            dueAtSigning: quote.driveOff,
            refundableDeposits: quote.securityDepositTotal ?? 0,
          });
          expect(total).toBeCloseTo(quote.totalOfPayments, 2);
        },
      ),
    );
  });
});
