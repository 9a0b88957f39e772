import { describe, expect, it } from 'vitest';
import { compareDealerQuote, type DealerQuote } from '@shared/programs/compare';
import { emptyDealerQuote, mayTickMore, picksOf, readDealerQuote, shareLabel } from './compare';

const quote = (id: string, monthlyPayment: number): DealerQuote => ({
  id,
  label: `Dealer ${id}`,
  monthlyPayment,
  dueAtSigning: monthlyPayment,
  termMonths: 36,
  milesPerYear: 10_000,
  refundableDeposits: 0,
});

describe('a dealer quote as typed', () => {
  it('reads money as typed with a dollar sign and thousands, deposits blank for none', () => {
    const reading = readDealerQuote({
      ...emptyDealerQuote(36, 10_000),
      label: '  Main Street Toyota ',
      monthlyPayment: '$399.99',
      dueAtSigning: '2,999',
    });
    expect(reading).toEqual({
      ok: true,
      quote: {
        label: 'Main Street Toyota',
        monthlyPayment: 399.99,
        dueAtSigning: 2999,
        termMonths: 36,
        milesPerYear: 10_000,
        refundableDeposits: 0,
      },
    });
  });

  it('names every refused field', () => {
    const reading = readDealerQuote({ ...emptyDealerQuote(), monthlyPayment: 'abc', refundableDeposits: '-1' });
    expect(reading).toEqual({
      ok: false,
      errors: {
        label: 'Dealership is required',
        monthlyPayment: 'Invalid number',
        dueAtSigning: 'Due at signing is required',
        termMonths: 'Term is required',
        milesPerYear: 'Miles a year is required',
        refundableDeposits: 'Refundable deposits cannot be negative',
      },
    });
  });
});

describe('rows ticked for a proposal', () => {
  it("keeps the comparison's order and drops ticks of rows no longer compared", () => {
    const rows = [compareDealerQuote(quote('a', 300)), compareDealerQuote(quote('b', 400))];
    const ticks = new Map([
      ['dealer|b', 'monthly' as const],
      ['dealer|a', 'one-pay' as const],
      ['dealer|gone', 'monthly' as const],
    ]);
    expect(picksOf(rows, ticks).map(({ row, offer }) => [row.key, offer])).toEqual([
      ['dealer|a', 'monthly'],
      ['dealer|b', 'monthly'],
    ]);
  });

  it('takes at most three and names the button by the count', () => {
    expect([0, 1, 2, 3].map(mayTickMore)).toEqual([true, true, true, false]);
    expect([0, 1, 3].map(shareLabel)).toEqual(['Share options', 'Share 1 option', 'Share 3 options']);
  });
});
