import { describe, expect, it } from 'vitest';
import { calculateLease } from '@shared/lease/calculate';
import {
  EMPTY_DESKING,
  deskGrid,
  deskLease,
  deskingToLeaseInput,
  leaseInputToDesking,
  paymentDifference,
  type DeskingValues,
} from './desking-model';

const typed: DeskingValues = {
  ...EMPTY_DESKING,
  msrp: '40,000',
  sellingPrice: '$38,000',
  residualPercent: '58',
  rate: '0.00125',
  termMonths: '36',
  cashDown: '1000',
  taxRatePercent: '7',
};

describe('desking model', () => {
  it('reads the typed text into the calculator input, leaving blanks to the defaults', () => {
    expect(deskingToLeaseInput(typed)).toEqual({
      msrp: 40000,
      sellingPrice: 38000,
      residualPercent: 58,
      moneyFactor: 0.00125,
      termMonths: 36,
      cashDown: 1000,
      taxRatePercent: 7,
      taxMethod: 'monthly',
      zeroDriveOff: false,
    });
    expect(deskingToLeaseInput({ ...typed, rateKind: 'apr', rate: '3' })).toMatchObject({ apr: 3 });
  });

  it('prices the lease with the shared calculator', () => {
    const outcome = deskLease(typed);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.quote).toEqual(calculateLease(deskingToLeaseInput(typed)));
  });

  it("shows the calculator's message on the refused field", () => {
    const outcome = deskLease({ ...typed, termMonths: '0', rate: '' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.errors.termMonths).toMatch(/Term must be a whole number/);
      expect(outcome.errors.rate).toBe('Money factor or APR is required');
    }
  });

  it('prices the grid, leaving out a cell the calculator refuses', () => {
    const input = deskingToLeaseInput(typed);
    const grid = deskGrid(input, { termMonths: [24, 36], cashDown: [0, 50_000] });
    expect(grid[1]?.[0]).toEqual(calculateLease({ ...input, termMonths: 36, cashDown: 0 }));
    expect(grid[0]?.[1]).toBeUndefined();
  });

  it('round-trips a saved input', () => {
    const input = deskingToLeaseInput(typed);
    expect(deskingToLeaseInput(leaseInputToDesking(input))).toEqual(input);
  });

  it('tells a typed payment more than $1 from the computed one', () => {
    expect(paymentDifference(500, 499.5)).toBeUndefined();
    expect(paymentDifference(501.01, 500)).toBe(1.01);
    expect(paymentDifference(480, 500)).toBe(-20);
    expect(paymentDifference(undefined, 500)).toBeUndefined();
  });
});
