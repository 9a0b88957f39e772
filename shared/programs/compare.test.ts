import { describe, expect, it } from 'vitest';
import { calculateLease, type LeaseInput } from '../lease/calculate';
import { proposalOptionInputSchema } from '../proposals/api';
import {
  byTotalCost,
  compareDealerQuote,
  compareLeases,
  compareProgram,
  dealerQuoteSchema,
  offerKindsOf,
  proposalOptionsOf,
  type ComparedProgram,
  type ComparisonRow,
  type DealerQuote,
  type PricedComparisonRow,
  type ProgramComparisonRow,
} from './compare';

// The worked examples' car (docs/lease-math.md): MSRP 23,000, 21,000 plus 1,200 capitalized fees, 10.25% monthly tax.
const desk: LeaseInput = {
  msrp: 23_000,
  sellingPrice: 21_000,
  capitalizedFees: 1200,
  residualPercent: 50,
  moneyFactor: 0.002,
  termMonths: 36,
  taxRatePercent: 10.25,
  taxMethod: 'monthly',
};

function program(overrides: Partial<ComparedProgram> = {}): ComparedProgram {
  return {
    lenderId: 'example-auto-finance',
    lenderName: 'Example Auto Finance',
    month: '2026-12',
    rowIndex: 0,
    programLabel: 'Example Auto Finance, December 2026 program',
    trim: '',
    termMonths: 36,
    milesPerYear: 10_000,
    residualPercent: 57,
    buyRateMoneyFactor: 0.00125,
    maxMarkup: 0.0004,
    acquisitionFee: { amount: 0, taxable: false },
    incentives: [{ name: 'Lease cash', amount: 500, kind: 'lease_cash', stacksWith: [] }],
    securityDeposits: null,
    onePay: { allowed: false, moneyFactor: null },
    ...overrides,
  };
}

const quote = (overrides: Partial<DealerQuote> = {}): DealerQuote => ({
  id: 'q1',
  label: 'Main Street Toyota',
  monthlyPayment: 399,
  dueAtSigning: 2999,
  termMonths: 36,
  milesPerYear: 10_000,
  refundableDeposits: 500,
  ...overrides,
});

const priced = (row: ComparisonRow): ProgramComparisonRow => {
  if (row.kind !== 'program') throw new Error(`not priced: ${row.kind === 'unpriced' ? row.problem : row.kind}`);
  return row;
};

describe('compareProgram', () => {
  it("prices the deal's own numbers with the program's residual, buy rate and lease cash", () => {
    const row = priced(compareProgram(desk, program(), []));
    // The worked example "rebate 500, no down": 311.04 a month.
    expect(row.monthlyPayment).toBe(311.04);
    const lease = calculateLease({ ...desk, residualPercent: 57, moneyFactor: 0.00125, rebates: 500, fees: [] });
    expect(row.dueAtSigning).toBe(lease.driveOff);
    expect(row.totalCost).toBe(lease.totalOfPayments);
    expect(row.moneyFactor).toBe(0.00125);
    expect(row.source).toBe('Example Auto Finance, December 2026 program');
  });

  it('adds the acquisition fee and the incentives of the kinds ticked', () => {
    const loyal = program({
      acquisitionFee: { amount: 650, taxable: false },
      incentives: [
        { name: 'Lease cash', amount: 500, kind: 'lease_cash', stacksWith: ['loyalty'] },
        { name: 'Loyalty', amount: 1000, kind: 'loyalty', stacksWith: ['lease_cash'] },
      ],
    });
    const expected = calculateLease({
      ...desk,
      residualPercent: 57,
      moneyFactor: 0.00125,
      rebates: 1500,
      fees: [{ name: 'Acquisition fee', amount: 650, capitalized: true, taxable: false }],
    });
    expect(priced(compareProgram(desk, loyal, ['loyalty'])).monthlyPayment).toBe(expected.monthlyPayment);
    expect(priced(compareProgram(desk, loyal, [])).monthlyPayment).toBeGreaterThan(expected.monthlyPayment);
  });

  it("leaves the desk's own deposits out: a program's deposits are its own column", () => {
    const withDeposits: LeaseInput = {
      ...desk,
      securityDeposits: { count: 5, amountEach: 400, moneyFactorReductionEach: 0.0001 },
    };
    const row = priced(compareProgram(withDeposits, program(), []));
    expect(row.monthlyPayment).toBe(311.04);
    expect(row.refundableDeposits).toBe(0);
  });

  it('prices the one-pay at the one-pay money factor only where the program allows it', () => {
    expect(priced(compareProgram(desk, program(), [])).onePay).toBeNull();
    const row = priced(compareProgram(desk, program({ onePay: { allowed: true, moneyFactor: 0.00045 } }), []));
    // docs/lease-math.md, "One-pay": at 0.00045 the car with the 500 rebate is 10,092.24, all of it at signing.
    expect(row.onePay).toEqual({
      amount: 10_092.24,
      monthlyPayment: 0,
      dueAtSigning: 10_092.24,
      refundableDeposits: 0,
      totalCost: 10_092.24,
      moneyFactor: 0.00045,
    });
  });

  it('finds the number of deposits with the lowest total cost, and its payment', () => {
    const rule = { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0 };
    const row = priced(compareProgram(desk, program({ securityDeposits: rule }), []));
    const totals = Array.from({ length: 8 }, (_, count) =>
      calculateLease({
        ...desk,
        residualPercent: 57,
        moneyFactor: 0.00125,
        rebates: 500,
        fees: [],
        securityDeposits: { count, moneyFactorReductionEach: 0.00007, roundUpTo: 50, moneyFactorFloor: 0 },
      }),
    );
    const cheapest = Math.min(...totals.map((lease) => lease.totalOfPayments));
    const best = totals.findIndex((lease) => lease.totalOfPayments === cheapest);
    expect(best).toBe(7);
    expect(row.bestDeposits).toMatchObject({
      count: best,
      monthlyPayment: totals[best]!.monthlyPayment,
      dueAtSigning: totals[best]!.driveOff,
      refundableDeposits: totals[best]!.securityDepositTotal,
      totalCost: cheapest,
      moneyFactor: 0.00125 - 7 * 0.00007,
    });
    expect(row.bestDeposits!.saving).toBeCloseTo(row.totalCost - cheapest, 2);
    expect(row.bestDeposits!.totalCost).toBeLessThan(row.totalCost);
  });

  it('takes no deposits when none lowers the cost (the money factor is at the floor)', () => {
    const rule = { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0.00125 };
    const row = priced(compareProgram(desk, program({ securityDeposits: rule }), []));
    expect(row.bestDeposits).toMatchObject({ count: 0, saving: 0, totalCost: row.totalCost, refundableDeposits: 0 });
  });

  it('offers no deposits on a program without them, or with zero drive-off', () => {
    expect(priced(compareProgram(desk, program(), [])).bestDeposits).toBeNull();
    const rule = { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0 };
    expect(
      priced(compareProgram({ ...desk, zeroDriveOff: true }, program({ securityDeposits: rule }), [])).bestDeposits,
    ).toBeNull();
  });

  it("says why when the desk's numbers do not price", () => {
    const { msrp: _msrp, ...noPrice } = desk;
    const row = compareProgram(noPrice as LeaseInput, program(), []);
    expect(row).toMatchObject({ kind: 'unpriced', problem: 'MSRP is required' });
  });
});

describe('compareDealerQuote', () => {
  it('totals the payments after the first, what is due at signing, less the refundable deposits', () => {
    const row = compareDealerQuote(quote());
    expect(row).toMatchObject({
      source: 'Dealer quote: Main Street Toyota',
      totalCost: 35 * 399 + 2999 - 500,
      moneyFactor: null,
    });
  });

  it('refuses deposits above what is due at signing', () => {
    const parsed = dealerQuoteSchema.safeParse({ ...quote(), refundableDeposits: 3000 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['refundableDeposits'] });
    expect(dealerQuoteSchema.safeParse({ ...quote(), dueAtSigning: 0, refundableDeposits: 0 }).success).toBe(true);
  });
});

describe('the comparison', () => {
  it('sorts every program and dealer quote by total cost, lowest first, unpriced rows last', () => {
    const rows = compareLeases({
      desk,
      programs: [
        program({ lenderId: 'a', programLabel: 'A Bank, December 2026 program', residualPercent: 52 }),
        program({ lenderId: 'b', programLabel: 'B Bank, December 2026 program', residualPercent: 60 }),
        program({ lenderId: 'c', programLabel: 'C Bank, December 2026 program', residualPercent: 56 }),
      ],
      incentiveKinds: [],
      dealerQuotes: [quote({ monthlyPayment: 310, dueAtSigning: 310, refundableDeposits: 0 })],
    });
    expect(rows.map((row) => row.source)).toEqual([
      'B Bank, December 2026 program',
      'Dealer quote: Main Street Toyota',
      'C Bank, December 2026 program',
      'A Bank, December 2026 program',
    ]);
    const totals = rows.map((row) => (row.kind === 'unpriced' ? Infinity : row.totalCost));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));

    const { msrp: _msrp, ...noPrice } = desk;
    const withUnpriced = compareLeases({
      desk: noPrice as LeaseInput,
      programs: [program()],
      incentiveKinds: [],
      dealerQuotes: [quote()],
    });
    expect(withUnpriced.map((row) => row.kind)).toEqual(['dealer-quote', 'unpriced']);
  });

  it('breaks a tie in total cost by the lower monthly payment, then by the source name', () => {
    // Same total (35 x 300 + 700 = 35 x 320 + 0 = 11,200) with different payments, and two identical quotes.
    const lowPayment = compareDealerQuote(
      quote({ id: '1', label: 'Zed Motors', monthlyPayment: 300, dueAtSigning: 700, refundableDeposits: 0 }),
    );
    const highPayment = compareDealerQuote(
      quote({ id: '2', label: 'Alpha Auto', monthlyPayment: 320, dueAtSigning: 0, refundableDeposits: 0 }),
    );
    const same = compareDealerQuote(
      quote({ id: '3', label: 'Beta Cars', monthlyPayment: 320, dueAtSigning: 0, refundableDeposits: 0 }),
    );
    expect(lowPayment.totalCost).toBe(highPayment.totalCost);
    expect([same, highPayment, lowPayment].sort(byTotalCost).map((row) => row.source)).toEqual([
      'Dealer quote: Zed Motors',
      'Dealer quote: Alpha Auto',
      'Dealer quote: Beta Cars',
    ]);
  });
});

describe('proposalOptionsOf', () => {
  const rule = { reductionEach: 0.00007, maxCount: 7, roundingTo: 50, floor: 0 };
  const full = priced(
    compareProgram(desk, program({ securityDeposits: rule, onePay: { allowed: true, moneyFactor: 0.00045 } }), []),
  );
  const dealer = compareDealerQuote(quote());

  it('maps a program row, its one-pay, its best deposits and a dealer quote to options the proposal takes', () => {
    const options = proposalOptionsOf([
      { row: full, offer: 'monthly' },
      { row: full, offer: 'one-pay' },
      { row: full, offer: 'deposits' },
      { row: dealer, offer: 'monthly' },
    ]);
    expect(options).toEqual([
      {
        label: 'Example Auto Finance, December 2026 program',
        source: 'program',
        termMonths: 36,
        milesPerYear: 10_000,
        monthlyPayment: 311.04,
        dueAtSigning: full.dueAtSigning,
        refundableDeposits: 0,
        onePay: false,
        moneyFactor: 0.00125,
        securityDepositCount: null,
      },
      expect.objectContaining({ onePay: true, monthlyPayment: 0, dueAtSigning: 10_092.24, moneyFactor: 0.00045 }),
      expect.objectContaining({
        onePay: false,
        securityDepositCount: 7,
        monthlyPayment: full.bestDeposits!.monthlyPayment,
        refundableDeposits: full.bestDeposits!.refundableDeposits,
      }),
      {
        label: 'Dealer quote: Main Street Toyota',
        source: 'dealer-quote',
        termMonths: 36,
        milesPerYear: 10_000,
        monthlyPayment: 399,
        dueAtSigning: 2999,
        refundableDeposits: 500,
        onePay: false,
        moneyFactor: null,
        securityDepositCount: null,
      },
    ]);
    for (const option of options) expect(proposalOptionInputSchema.safeParse(option).success).toBe(true);
  });

  it('shortens a source longer than an option name may be', () => {
    const long = { ...dealer, source: `Dealer quote: ${'Very Long Dealership Name '.repeat(5)}` } as PricedComparisonRow;
    const [option] = proposalOptionsOf([{ row: long, offer: 'monthly' }]);
    expect(option!.label.length).toBe(80);
    expect(proposalOptionInputSchema.safeParse(option).success).toBe(true);
  });

  it('offers a program as one-pay or with deposits only where the program allows and they save', () => {
    expect(offerKindsOf(full)).toEqual(['monthly', 'one-pay', 'deposits']);
    expect(offerKindsOf(priced(compareProgram(desk, program(), [])))).toEqual(['monthly']);
    expect(offerKindsOf(dealer)).toEqual(['monthly']);
  });
});
