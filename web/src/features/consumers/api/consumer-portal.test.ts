import { describe, expect, it } from 'vitest';
import type { ConsumerPortal } from '@shared/consumers/api';
import { PAYMENT_POLL_LIMIT_MS, shouldPollPayment } from './consumer-portal';

const portal = (paid: boolean) => ({ deals: [{ id: 'D1', conciergeFeePaid: paid }] }) as unknown as ConsumerPortal;

describe('waiting for a concierge fee to read paid', () => {
  const awaited = { dealId: 'D1', since: 1_000 };

  it('asks again while the awaited deal is unpaid', () => {
    expect(shouldPollPayment(awaited, portal(false), 2_000)).toBe(true);
  });

  it('stops once the fee reads paid, when nothing is awaited, or when the deal is not in the portal', () => {
    expect(shouldPollPayment(awaited, portal(true), 2_000)).toBe(false);
    expect(shouldPollPayment(null, portal(false), 2_000)).toBe(false);
    expect(shouldPollPayment({ dealId: 'OTHER', since: 1_000 }, portal(false), 2_000)).toBe(false);
    expect(shouldPollPayment(awaited, undefined, 2_000)).toBe(false);
  });

  it('gives up after the wait limit (a checkout left open without paying)', () => {
    expect(shouldPollPayment(awaited, portal(false), 1_000 + PAYMENT_POLL_LIMIT_MS)).toBe(true);
    expect(shouldPollPayment(awaited, portal(false), 1_001 + PAYMENT_POLL_LIMIT_MS)).toBe(false);
  });
});
