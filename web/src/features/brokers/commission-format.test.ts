import { describe, expect, it } from 'vitest';
import type { CommissionMonthResponse, StatementTotals } from '@shared/brokers/commission-api';
import { parseCsv } from '@shared/transfers/csv';
import { canMarkPaid, entryRate, payoutState, payrollCsv } from './commission-format';

const row = (overrides: Partial<StatementTotals> = {}): StatementTotals => ({
  brokerId: 'b-1',
  fullName: 'Avery Broker',
  month: '2026-10',
  openingCents: 0,
  earnedCents: 15_000,
  paidCents: 0,
  closingCents: 15_000,
  locked: false,
  payout: null,
  ...overrides,
});

describe('payout state', () => {
  it('reads Paid, Locked (a later month paid), Open, or Open until the current month has ended', () => {
    const payout = { paidCents: 100, paidOn: '2026-11-05', reference: 'CHK-1', paidAt: '2026-11-05T10:00:00.000Z' };
    expect(payoutState(row({ locked: true, payout }), '2026-11')).toBe('Paid');
    expect(payoutState(row({ locked: true }), '2026-11')).toBe('Locked');
    expect(payoutState(row(), '2026-11')).toBe('Open');
    expect(payoutState(row({ month: '2026-11' }), '2026-11')).toBe('Open (month not ended)');
  });

  it('offers "Mark paid" for an ended month that is not locked only', () => {
    expect(canMarkPaid(row(), '2026-11')).toBe(true);
    expect(canMarkPaid(row({ locked: true }), '2026-11')).toBe(false);
    expect(canMarkPaid(row({ month: '2026-11' }), '2026-11')).toBe(false);
  });
});

describe('entry rate', () => {
  it('names the agreement a deal was booked at, and none for an adjustment', () => {
    expect(entryRate({ kind: 'booking', commissionType: 'percentage', commissionValue: 10 })).toBe('10% of fees');
    expect(entryRate({ kind: 'reversal', commissionType: 'flat', commissionValue: 250 })).toBe('$250 per closed deal');
    expect(entryRate({ kind: 'bonus', commissionType: null, commissionValue: null })).toBe('');
  });
});

describe('payroll CSV', () => {
  const month: CommissionMonthResponse = {
    month: '2026-10',
    currentMonth: '2026-11',
    statements: [
      row({
        fullName: '=HYPERLINK("http://x")',
        paidCents: 15_000,
        closingCents: 0,
        locked: true,
        payout: { paidCents: 15_000, paidOn: '2026-11-05', reference: '+CHK-1042', paidAt: '2026-11-05T10:00:00.000Z' },
      }),
      row({ brokerId: 'b-2', fullName: 'Owes Money', openingCents: -2_550, earnedCents: 0, closingCents: -2_550 }),
    ],
  };

  it('writes one row per broker with the totals in dollars, the state and the payout, behind the byte-order mark', () => {
    const text = payrollCsv(month);
    expect(
      text.startsWith('\uFEFFBroker,Month,Opening balance,Earned,Paid,Closing balance,Status,Paid on,Payout reference\r\n'),
    ).toBe(true);
    expect(parseCsv(text.slice(1)).slice(1)).toEqual([
      ['=HYPERLINK("http://x")', '2026-10', '0', '150', '150', '0', 'Paid', '2026-11-05', '+CHK-1042'],
      ['Owes Money', '2026-10', '-25.5', '0', '0', '-25.5', 'Open', '', ''],
    ]);
  });

  it('keeps a name or a reference a spreadsheet would run as a formula as text, and a negative balance a number', () => {
    const lines = payrollCsv(month).split('\r\n');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",/);
    expect(lines[1]).toContain(",'+CHK-1042");
    expect(lines[2]).toBe('Owes Money,2026-10,-25.5,0,0,-25.5,Open,,');
  });
});
