import { describe, expect, it } from 'vitest';
import type { DealStatus } from '@shared/deals/enums';
import { splitPastPurchases } from './past-purchases';

const deal = (id: string, status: DealStatus) => ({ id, status });

describe('splitPastPurchases', () => {
  it('archives closed and finalized deals and keeps every other status active, each list in the given order', () => {
    const deals = [
      deal('1', 'pending'),
      deal('2', 'closed'),
      deal('3', 'available'),
      deal('4', 'finalized'),
      deal('5', 'active'),
      deal('6', 'not_sold'),
      deal('7', 'expired'),
    ];

    const { active, archived } = splitPastPurchases(deals);

    expect(active.map(({ id }) => id)).toEqual(['1', '3', '5', '6', '7']);
    expect(archived.map(({ id }) => id)).toEqual(['2', '4']);
  });

  it('gives two empty lists for a client without deals', () => {
    expect(splitPastPurchases([])).toEqual({ active: [], archived: [] });
  });
});
