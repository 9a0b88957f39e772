import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  CONCIERGE_FEE_ALREADY_PAID_MESSAGE,
  CONCIERGE_FEE_NOT_DUE_MESSAGE,
  CONCIERGE_FEE_NOT_FINALIZED_MESSAGE,
} from '@shared/payments/api';
import { decodeLocalSession, encodeLocalSession, localCheckoutProvider } from '@functions/lib/payments/local';
import { signedCompletedEvent } from '@functions/lib/payments/local-events';
import { paidCheckoutOf, verifyPaymentEvent } from '@functions/lib/payments/webhook';
import { conciergeFeeRefusal, toCents } from './payments';

const SECRET = 'whsec_unit_test_secret';
const NOW = new Date('2026-05-01T12:00:00.000Z');

describe('whether the concierge fee may be paid', () => {
  it.each([
    [{ status: 'finalized', conciergeFee: 500, conciergeFeePaid: false }, null],
    [{ status: 'finalized', conciergeFee: 500, conciergeFeePaid: true }, CONCIERGE_FEE_ALREADY_PAID_MESSAGE],
    [{ status: 'closed', conciergeFee: 500, conciergeFeePaid: true }, CONCIERGE_FEE_ALREADY_PAID_MESSAGE],
    [{ status: 'closed', conciergeFee: 500, conciergeFeePaid: false }, CONCIERGE_FEE_NOT_FINALIZED_MESSAGE],
    [{ status: 'active', conciergeFee: 0, conciergeFeePaid: false }, CONCIERGE_FEE_NOT_FINALIZED_MESSAGE],
    [{ status: 'finalized', conciergeFee: 0, conciergeFeePaid: false }, CONCIERGE_FEE_NOT_DUE_MESSAGE],
    [{ status: 'finalized', conciergeFee: undefined, conciergeFeePaid: undefined }, CONCIERGE_FEE_NOT_DUE_MESSAGE],
  ] as const)('%j: %s', (deal, refusal) => {
    expect(conciergeFeeRefusal(deal)).toBe(refusal);
  });

  it('charges the stored dollars as whole cents without floating-point drift', () => {
    expect(toCents(500)).toBe(50_000);
    expect(toCents(1499.99)).toBe(149_999);
    expect(toCents(0.29)).toBe(29);
  });
});

describe('the local payment provider', () => {
  it("opens the local checkout page with a self-describing session that carries the deal's amount", async () => {
    const provider = localCheckoutProvider('http://localhost:3101/_local/payments/checkout');
    const session = await provider.createCheckout({
      dealId: '01DEAL',
      amountCents: 50_000,
      currency: 'usd',
      description: 'Concierge fee',
      successUrl: 'http://app/consumer-portal?payment=success',
      cancelUrl: 'http://app/consumer-portal?payment=cancelled',
      idempotencyKey: 'k',
    });

    const url = new URL(session.url!);
    expect(url.pathname).toBe('/_local/payments/checkout');
    expect(url.searchParams.get('session')).toBe(session.id);
    expect(decodeLocalSession(session.id)).toMatchObject({ dealId: '01DEAL', amountCents: 50_000 });
  });

  it('reads no session from ids it did not make', () => {
    expect(decodeLocalSession('cs_test_123')).toBeNull();
    expect(decodeLocalSession('cs_local_not-json')).toBeNull();
    expect(decodeLocalSession(encodeLocalSession({ dealId: 1 } as never))).toBeNull();
  });
});

describe('payment webhook verification (the stripe library)', () => {
  const session = {
    nonce: 'n',
    dealId: '01DEAL',
    amountCents: 50_000,
    currency: 'usd',
    description: 'Concierge fee',
    successUrl: 's',
    cancelUrl: 'c',
  };

  it("accepts the local page's signed completion and reads the paid deal from it", () => {
    const { payload, signature } = signedCompletedEvent('cs_local_x', session, SECRET, NOW);

    const event = verifyPaymentEvent(Buffer.from(payload), signature, SECRET, NOW);

    expect(event).not.toBeNull();
    expect(paidCheckoutOf(event!)).toEqual({
      eventId: event!.id,
      dealId: '01DEAL',
      sessionId: 'cs_local_x',
      amountCents: 50_000,
    });
  });

  it('refuses another secret, a changed body, a missing header and a delivery older than 5 minutes', () => {
    const { payload, signature } = signedCompletedEvent('cs_local_x', session, SECRET, NOW);
    const later = new Date(NOW.getTime() + 301_000);

    expect(verifyPaymentEvent(Buffer.from(payload), signature, 'whsec_other', NOW)).toBeNull();
    expect(verifyPaymentEvent(Buffer.from(payload.replace('50000', '1')), signature, SECRET, NOW)).toBeNull();
    expect(verifyPaymentEvent(Buffer.from(payload), undefined, SECRET, NOW)).toBeNull();
    expect(verifyPaymentEvent(Buffer.from(payload), signature, SECRET, later)).toBeNull();
  });

  it('pays nothing for other events, unpaid checkouts or checkouts without a deal', () => {
    const event = (type: string, object: object) =>
      Stripe.webhooks.constructEventWithoutVerification(JSON.stringify({ id: 'evt_1', object: 'event', type, data: { object } }));
    const paid = { id: 'cs_1', payment_status: 'paid', amount_total: 100, metadata: { dealId: 'D' } };

    expect(paidCheckoutOf(event('checkout.session.completed', paid))).toMatchObject({ dealId: 'D' });
    expect(paidCheckoutOf(event('checkout.session.async_payment_succeeded', paid))).toMatchObject({ dealId: 'D' });
    expect(paidCheckoutOf(event('checkout.session.expired', paid))).toBeNull();
    expect(paidCheckoutOf(event('checkout.session.completed', { ...paid, payment_status: 'unpaid' }))).toBeNull();
    expect(paidCheckoutOf(event('checkout.session.completed', { ...paid, metadata: {} }))).toBeNull();
  });
});
