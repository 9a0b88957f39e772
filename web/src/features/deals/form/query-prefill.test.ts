import { describe, expect, it } from 'vitest';
import { blankDeal } from './deal-form-values';
import { dealFromQuery } from './query-prefill';

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
