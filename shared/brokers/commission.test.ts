import { describe, expect, it } from 'vitest';
import { commissionCents, ledgerMonth, nextMonth, payoutCents, statementBalances } from './commission';

describe('commission of one deal', () => {
  it('is a percentage of the fees rounded to the cent, half up', () => {
    expect(commissionCents({ commissionType: 'percentage', commissionValue: 12.5 }, 75_010)).toBe(9_376);
  });
  it('is the flat amount per deal, whatever the fees', () => {
    expect(commissionCents({ commissionType: 'flat', commissionValue: 250.5 }, 1)).toBe(25_050);
  });
  it('is 0 without an agreement', () => {
    expect(commissionCents({ commissionType: null, commissionValue: null }, 75_010)).toBe(0);
  });
});

describe('the ledger month of an entry', () => {
  it('is its natural month while that month is open', () => {
    expect(ledgerMonth('2026-04', null)).toBe('2026-04');
    expect(ledgerMonth('2026-04', '2026-03')).toBe('2026-04');
  });
  it('is the month after the last paid one when its natural month is locked', () => {
    expect(ledgerMonth('2026-02', '2026-04')).toBe('2026-05');
    expect(ledgerMonth('2026-12', '2026-12')).toBe('2027-01');
  });
  it('moves across a year', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-09')).toBe('2026-10');
  });
});

describe('statement balances', () => {
  const months = [
    { month: '2026-05', earnedCents: 999, paidCents: 0 },
    { month: '2026-02', earnedCents: 10_000, paidCents: 10_000 },
    { month: '2026-03', earnedCents: 5_000, paidCents: 0 },
    { month: '2026-04', earnedCents: -1_000, paidCents: 4_000 },
  ];
  it('opens with what earlier months earned less what they paid, and closes with what is still owed', () => {
    expect(statementBalances(months, '2026-04')).toEqual({
      openingCents: 5_000,
      earnedCents: -1_000,
      paidCents: 4_000,
      closingCents: 0,
    });
    expect(statementBalances(months, '2026-05')).toEqual({ openingCents: 0, earnedCents: 999, paidCents: 0, closingCents: 999 });
  });
  it('is all zeros for a month before any entry', () => {
    expect(statementBalances(months, '2025-12')).toEqual({ openingCents: 0, earnedCents: 0, paidCents: 0, closingCents: 0 });
  });
  it('pays everything owed through the month, and nothing while the broker owes', () => {
    expect(payoutCents({ openingCents: 5_000, earnedCents: -1_000, paidCents: 0 })).toBe(4_000);
    expect(payoutCents({ openingCents: 0, earnedCents: -1_000, paidCents: 0 })).toBe(0);
  });
});
