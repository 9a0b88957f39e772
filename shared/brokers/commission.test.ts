import { describe, expect, it } from 'vitest';
import { commissionCents, ledgerMonth, nextMonth, payoutCents, statementBalances, statementEntryOrder } from './commission';
import { COMMISSION_MESSAGES, payoutRequestSchema } from './commission-api';

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

describe("a statement's entries", () => {
  const entry = (entryId: string, createdAt: string, dealClosedAt: string | null = null) => ({
    entryId,
    createdAt,
    dealClosedAt,
  });
  it('read in the order their deals closed, whatever their keys (a migration books them all at one moment)', () => {
    const late = entry('01A#0001', '2026-11-01T00:00:00.000Z', '2026-10-30T18:00:00.000Z');
    const early = entry('01B#0001', '2026-11-01T00:00:00.000Z', '2026-10-04T18:00:00.000Z');
    const bonus = entry('ADJ#01C', '2026-10-12T09:00:00.000Z');
    expect([late, early, bonus].sort(statementEntryOrder)).toEqual([early, bonus, late]);
  });
  it("put a fee edit's reversal and rebooking beside the deal's booking, in the order they were written", () => {
    const booking = entry('01A#0001', '2026-10-04T10:00:00.000Z', '2026-10-04T10:00:00.000Z');
    const other = entry('01B#0001', '2026-10-05T10:00:00.000Z', '2026-10-05T10:00:00.000Z');
    const reversal = entry('01A#0002', '2026-10-06T11:00:00.000Z', '2026-10-04T10:00:00.000Z');
    const rebooking = entry('01A#0003', '2026-10-06T11:00:00.000Z', '2026-10-04T10:00:00.000Z');
    expect([booking, other, reversal, rebooking].sort(statementEntryOrder)).toEqual([booking, reversal, rebooking, other]);
  });
});

describe('a payout request', () => {
  const payout = (paidOn: string) =>
    payoutRequestSchema.safeParse({ brokerId: 'b1', month: '2026-10', paidOn, reference: 'CHK-1', expectedCents: 100 });
  const message = (paidOn: string) => payout(paidOn).error?.issues[0]?.message;
  it('with a blank payout date says the date is required (the dialog shows a date picker, not a format)', () => {
    expect(message('')).toBe(COMMISSION_MESSAGES.paidOnRequired);
  });
  it('refuses a payout date that is no day of the calendar', () => {
    expect(message('2026-02-30')).toBe(COMMISSION_MESSAGES.paidOnInvalid);
    expect(message('30/11/2026')).toBe(COMMISSION_MESSAGES.paidOnInvalid);
  });
  it('takes a real day', () => {
    expect(payout('2026-11-30').success).toBe(true);
  });
});
