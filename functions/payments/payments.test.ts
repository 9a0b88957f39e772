import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  CONCIERGE_FEE_ALREADY_PAID_MESSAGE,
  CONCIERGE_FEE_NOT_DUE_MESSAGE,
  CONCIERGE_FEE_NOT_FINALIZED_MESSAGE,
} from '@shared/payments/api';
import {
  decodeLocalSession,
  encodeLocalSession,
  isAppReturnUrl,
  localCheckoutProvider,
  type LocalSession,
} from '@functions/lib/payments/local';
import { signedCompletedEvent } from '@functions/lib/payments/local-events';
import { paidCheckoutOf, verifyPaymentEvent } from '@functions/lib/payments/webhook';
import { conciergeFeeRefusal, paymentResolutionActivity, paymentToReview, paysFeeExactly, toCents } from './payments';

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
  const keys = { secret: 'local-checkout-unit-secret', appUrl: 'http://localhost:5273' };
  const request = {
    dealId: '01DEAL',
    amountCents: 50_000,
    currency: 'usd' as const,
    description: 'Concierge fee',
    successUrl: 'http://localhost:5273/consumer-portal?payment=success',
    cancelUrl: 'http://localhost:5273/consumer-portal?payment=cancelled',
    idempotencyKey: 'k',
  };
  const provider = localCheckoutProvider('http://localhost:3101/_local/payments/checkout', () => keys);
  const sessionOf = (overrides: Partial<LocalSession> = {}): LocalSession => ({
    nonce: 'n',
    dealId: '01DEAL',
    amountCents: 50_000,
    currency: 'usd',
    description: 'Concierge fee',
    successUrl: request.successUrl,
    cancelUrl: request.cancelUrl,
    ...overrides,
  });

  it("opens the local checkout page with a signed session that carries the deal's amount", async () => {
    const session = await provider.createCheckout(request);

    const url = new URL(session.url!);
    expect(url.pathname).toBe('/_local/payments/checkout');
    expect(url.searchParams.get('session')).toBe(session.id);
    expect(decodeLocalSession(session.id, keys)).toMatchObject({ dealId: '01DEAL', amountCents: 50_000 });
  });

  it('reads no session it did not sign: unsigned, signed with another secret, or altered', async () => {
    const { id } = await provider.createCheckout(request);
    const [payload] = id.slice('cs_local_'.length).split('.');
    const forgedPayload = Buffer.from(JSON.stringify(sessionOf({ amountCents: 1 }))).toString('base64url');

    expect(decodeLocalSession('cs_test_123', keys)).toBeNull();
    expect(decodeLocalSession(`cs_local_${payload}`, keys)).toBeNull();
    expect(decodeLocalSession(`cs_local_${forgedPayload}.${id.split('.')[1]}`, keys)).toBeNull();
    expect(decodeLocalSession(encodeLocalSession(sessionOf({ amountCents: 1 }), 'another-secret'), keys)).toBeNull();
    expect(decodeLocalSession(`${id}x`, keys)).toBeNull();
    expect(decodeLocalSession(`${id}.extra`, keys)).toBeNull();
    expect(decodeLocalSession(encodeLocalSession({ dealId: 1 } as never, keys.secret), keys)).toBeNull();
    expect(decodeLocalSession(encodeLocalSession(sessionOf({ amountCents: 0 }), keys.secret), keys)).toBeNull();
  });

  it.each([
    ['javascript:alert(document.domain)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['https://evil.example/consumer-portal'],
    ['http://localhost:5274/consumer-portal'],
    ['//evil.example/x'],
    ['/consumer-portal'],
  ])('returns only to the app: %s is refused when the session is made and when it is read', async (url) => {
    await expect(provider.createCheckout({ ...request, cancelUrl: url })).rejects.toThrow(/only return to the app/);
    await expect(provider.createCheckout({ ...request, successUrl: url })).rejects.toThrow(/only return to the app/);

    expect(decodeLocalSession(encodeLocalSession(sessionOf({ cancelUrl: url }), keys.secret), keys)).toBeNull();
    expect(decodeLocalSession(encodeLocalSession(sessionOf({ successUrl: url }), keys.secret), keys)).toBeNull();
  });

  it('accepts http(s) URLs on the app origin only', () => {
    expect(isAppReturnUrl('http://localhost:5273/consumer-portal?x=1', keys.appUrl)).toBe(true);
    expect(isAppReturnUrl('https://app.leasedesk.com/x', 'https://app.leasedesk.com')).toBe(true);
    expect(isAppReturnUrl('http://app.leasedesk.com/x', 'https://app.leasedesk.com')).toBe(false);
    expect(isAppReturnUrl('https://app.leasedesk.com.evil.example/x', 'https://app.leasedesk.com')).toBe(false);
    expect(isAppReturnUrl('https://user@evil.example/x', 'https://app.leasedesk.com')).toBe(false);
    expect(isAppReturnUrl('not a url', keys.appUrl)).toBe(false);
  });
});

describe('whether a payment pays the fee exactly', () => {
  it.each([
    [{ amountCents: 50_000, currency: 'usd' }, 500, true],
    [{ amountCents: 49_999, currency: 'usd' }, 500, false],
    [{ amountCents: 50_001, currency: 'usd' }, 500, false],
    [{ amountCents: 1, currency: 'usd' }, 500, false],
    [{ amountCents: 50_000, currency: 'eur' }, 500, false],
    [{ amountCents: 50_000, currency: null }, 500, false],
    [{ amountCents: null, currency: 'usd' }, 500, false],
    [{ amountCents: 149_999, currency: 'usd' }, 1499.99, true],
    [{ amountCents: 50_000, currency: 'usd' }, 0, false],
  ] as const)('%j for a fee of $%s: %s', (paid, fee, exact) => {
    expect(paysFeeExactly(paid, { conciergeFee: fee })).toBe(exact);
  });

  it('records what was paid against what was due, or that the fee was paid already', () => {
    const paid = { eventId: 'evt_1', dealId: 'D', sessionId: 'cs', amountCents: 1, currency: 'usd' };

    expect(paymentToReview(paid, { conciergeFee: 500, conciergeFeePaid: false }, NOW)).toEqual({
      eventId: 'evt_1',
      amountCents: 1,
      currency: 'usd',
      dueCents: 50_000,
      feeAlreadyPaid: false,
      receivedAt: NOW.toISOString(),
    });
    expect(
      paymentToReview({ ...paid, amountCents: null, currency: null }, { conciergeFee: 500, conciergeFeePaid: true }, NOW),
    ).toEqual({
      eventId: 'evt_1',
      amountCents: undefined,
      currency: undefined,
      dueCents: 0,
      feeAlreadyPaid: true,
      receivedAt: NOW.toISOString(),
    });
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
      currency: 'usd',
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

    expect(paidCheckoutOf(event('checkout.session.completed', paid))).toMatchObject({ dealId: 'D', currency: null });
    expect(paidCheckoutOf(event('checkout.session.completed', { ...paid, currency: 'EUR' }))).toMatchObject({ currency: 'eur' });
    expect(paidCheckoutOf(event('checkout.session.async_payment_succeeded', paid))).toMatchObject({ dealId: 'D' });
    expect(paidCheckoutOf(event('checkout.session.expired', paid))).toBeNull();
    expect(paidCheckoutOf(event('checkout.session.completed', { ...paid, payment_status: 'unpaid' }))).toBeNull();
    expect(paidCheckoutOf(event('checkout.session.completed', { ...paid, metadata: {} }))).toBeNull();
  });
});

describe('paymentResolutionActivity', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const actor = { id: 'admin-1', name: 'Ada Admin' };
  const payment = { eventId: 'evt_1', amountCents: 49_900, currency: 'usd' };

  it('records which payment, of what, the resolution and the note, and the fee becoming paid when marked paid', () => {
    const entry = paymentResolutionActivity(payment, { resolution: 'mark_paid', note: 'Settled by phone' }, actor, now);

    expect(entry).toMatchObject({ kind: 'payment_resolved', actorId: 'admin-1', actorName: 'Ada Admin', at: now.toISOString() });
    expect(entry.changes).toEqual([
      { field: 'paymentEvent', before: null, after: 'evt_1' },
      { field: 'amountPaid', before: null, after: '$499.00' },
      { field: 'resolution', before: null, after: 'Marked fee paid' },
      { field: 'resolutionNote', before: null, after: 'Settled by phone' },
      { field: 'conciergeFeePaid', before: false, after: true },
    ]);
  });

  it('leaves the fee out of a dismissal, and names an amount the provider did not give', () => {
    const entry = paymentResolutionActivity({ eventId: 'evt_2' }, { resolution: 'dismiss', note: 'Refunded' }, actor, now);

    expect(entry.changes.map((change) => change.field)).not.toContain('conciergeFeePaid');
    expect(entry.changes[1]).toEqual({ field: 'amountPaid', before: null, after: 'an unknown amount' });
    expect(entry.changes[2]?.after).toBe('Dismissed');
  });
});
