import { describe, expect, it } from 'vitest';
import { blankDeal } from './deal-form-values';
import { dealFromLeadPrefill, dealFromQuery, leadPrefillOf } from './query-prefill';

const blank = blankDeal({ user: { role: 'broker', userId: 'b1' }, clientId: 'c1' });

describe('dealFromQuery', () => {
  it("fills year, make, model and trim from a converted lead's query", () => {
    const deal = dealFromQuery(blank, new URLSearchParams('clientId=c1&year=2026&make=Toyota&model=RAV4&trim=XLE'));
    expect(deal).toMatchObject({ clientId: 'c1', year: 2026, make: 'Toyota', model: 'RAV4', trim: 'XLE' });
  });

  it('leaves out values the form could not hold', () => {
    const deal = dealFromQuery(blank, new URLSearchParams(`year=20x6&make=${'M'.repeat(51)}&model=`));
    expect(deal).toMatchObject({ year: undefined, make: '', model: '', trim: '' });
  });
});

describe('a converted lead on /deals/new', () => {
  const prefill = {
    clientId: 'c1',
    leadId: 'lead-1',
    year: 2026,
    make: 'Toyota',
    model: 'RAV4',
    trim: 'XLE',
    dealType: 'lease' as const,
    mileageAllowance: 12_000,
    incentives: ['Costco' as const],
    creditScoreRange: '670-739' as const,
    hasTradeIn: true,
    tradeInYear: 2019,
    tradeInMake: 'Honda',
    tradeInModel: 'Accord',
    tradeInMileage: 61000,
    tradeInCondition: 'Good' as const,
    tradeInHasLienholder: true,
    tradeInLienholder: 'Chase',
    tradeInPayoffBalance: 8500,
    notes: 'Monthly budget: $450',
  };

  it('starts the form with every field of the prefill and the deal linked to the lead', () => {
    const state = leadPrefillOf({ client: { id: 'c1', fullName: 'Dana Lee' }, dealPrefill: prefill });
    const deal = dealFromLeadPrefill(blank, state!);

    expect(deal).toMatchObject({
      clientId: 'c1',
      sourceLeadId: 'lead-1',
      year: 2026,
      make: 'Toyota',
      mileageAllowance: 12_000,
      incentives: ['Costco'],
      creditScoreRange: '670-739',
      hasTradeIn: true,
      tradeInLienholder: 'Chase',
      tradeInPayoffBalance: 8500,
      tradeInCondition: 'Good',
      notes: 'Monthly budget: $450',
    });
  });

  it('ignores a state that is not a prefill, and takes the lead from the query after a reload', () => {
    expect(leadPrefillOf({ dealPrefill: { clientId: 'c1' } })).toBeNull();
    expect(leadPrefillOf(null)).toBeNull();
    expect(dealFromQuery(blank, new URLSearchParams('clientId=c1&leadId=lead-1')).sourceLeadId).toBe('lead-1');
    expect(dealFromQuery(blank, new URLSearchParams('leadId=a%20b')).sourceLeadId).toBe('');
  });
});
