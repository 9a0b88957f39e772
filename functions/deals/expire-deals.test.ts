import { describe, expect, it } from 'vitest';
import { DEAL_STATUSES } from '@shared/deals/enums';
import { isDueToExpire } from './expire-deals';

const TODAY = '2026-03-10';

describe('isDueToExpire', () => {
  it('expires available, pending, active and not-sold deals whose date is before today', () => {
    const due = DEAL_STATUSES.filter((status) => isDueToExpire({ status, expirationDate: '2026-03-09' }, TODAY));

    expect(due).toEqual(['available', 'pending', 'active', 'not_sold']);
  });

  it('leaves expired, closed and finalized deals alone', () => {
    for (const status of ['expired', 'closed', 'finalized'] as const) {
      expect(isDueToExpire({ status, expirationDate: '2020-01-01' }, TODAY)).toBe(false);
    }
  });

  it('keeps a deal through its expiration day and deals without a date', () => {
    expect(isDueToExpire({ status: 'available', expirationDate: TODAY }, TODAY)).toBe(false);
    expect(isDueToExpire({ status: 'available', expirationDate: '2026-03-11' }, TODAY)).toBe(false);
    expect(isDueToExpire({ status: 'available', expirationDate: undefined }, TODAY)).toBe(false);
  });
});
