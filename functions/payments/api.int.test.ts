/**
 * The concierge fee payment through the local API (docs/decisions.md, "Payments"): a checkout only for the consumer
 * owning the deal (or an admin), only when the deal is finalized with a fee above 0 not yet paid, for the fee stored
 * on the deal whatever the request says; the provider's webhook verified by the `stripe` library, and the fee
 * marked paid exactly once under replays and concurrent deliveries, with one activity entry.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createData } from '@infra/data/create-data';
import { decodeLocalSession, localCheckoutKeys } from '@functions/lib/payments/local';
import { signedCompletedEvent } from '@functions/lib/payments/local-events';
import { LOCAL_STRIPE_WEBHOOK_SECRET } from '@infra/local/pages/local-environment';
import type { DealDetail, DealView } from '@shared/deals/api';
import type { ApiErrorBody } from '@shared/errors';
import {
  CONCIERGE_FEE_ALREADY_PAID_MESSAGE,
  CONCIERGE_FEE_NOT_DUE_MESSAGE,
  CONCIERGE_FEE_NOT_FINALIZED_MESSAGE,
  PAYMENT_ALREADY_RESOLVED_MESSAGE,
  PAYMENT_FEE_ALREADY_PAID_MESSAGE,
  PAYMENT_RESOLUTION_NOTE_REQUIRED_MESSAGE,
  PAYMENT_SIGNATURE_INVALID_MESSAGE,
  type ConciergePaymentResponse,
  type ResolvePaymentResponse,
} from '@shared/payments/api';
import { DEAL_CHANGED_MESSAGE } from '@shared/deals/api';
import { loadPrincipals, type Principals, type SignedInCaller } from '@test/support/principals';
import { expectResponseKeys } from '@test/support/response-keys';
import { apiFetch, getStack } from '@test/support/stack';
import { setAgreementRequired } from '@test/support/agreement';
import { AGREEMENT_SIGNATURE_REQUIRED_MESSAGE, type AgreementVersionsResponse } from '@shared/agreements/api';
import { PAYMENT_ACTOR_NAME } from './payments';

let principals: Principals;
beforeAll(async () => {
  principals = await loadPrincipals();
  // This file is about the payment itself; the signed agreement before it has its own block below.
  await setAgreementRequired(false);
});
afterAll(() => setAgreementRequired(true));

const as = (caller: SignedInCaller) => principals.tokenOf(caller);

/** A deal of the demo consumer's client, moved by an admin to `status` with `fee`. */
async function consumerDeal(
  status: 'finalized' | 'closed' | 'active',
  fee: number,
  clientId = principals.records.consumerClient,
) {
  const created = await apiFetch<DealView>('/deals', {
    token: as('admin'),
    body: {
      year: 2026,
      make: 'Audi',
      model: 'Q5',
      monthlyPayment: 649,
      downPayment: 1999,
      termMonths: 36,
      mileageAllowance: 10000,
      apr: 3.1,
      clientId,
      dealershipId: principals.records.dealership,
      status: 'active',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (status === 'active') return created.body;
  const updated = await apiFetch<DealView>(`/deals/${created.body.id}`, {
    token: as('admin'),
    method: 'PATCH',
    body: { ...created.body, status, conciergeFee: fee },
  });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return updated.body;
}

const pay = (caller: SignedInCaller, dealId: string, body?: unknown) =>
  apiFetch<ConciergePaymentResponse & ApiErrorBody>(`/deals/${dealId}/concierge-payment`, {
    token: as(caller),
    method: 'POST',
    body,
  });

/** Posts the provider's webhook with exactly these bytes. */
async function deliver(payload: string, signature: string | undefined) {
  const response = await fetch(`${getStack().urls.api}/webhooks/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as ApiErrorBody & { received?: true } };
}

/** The local session a checkout URL carries, read with the stack's local checkout keys (null unless signed by them). */
function sessionOf(url: string) {
  getStack();
  const sessionId = new URL(url).searchParams.get('session')!;
  return { sessionId, session: decodeLocalSession(sessionId, localCheckoutKeys()) };
}

/** The completed-checkout event the local checkout page would post for this checkout URL (`paid` overrides what it says). */
function completionFor(
  url: string,
  secret = LOCAL_STRIPE_WEBHOOK_SECRET,
  paid: { amountCents?: number; currency?: string } = {},
) {
  const { sessionId, session } = sessionOf(url);
  return signedCompletedEvent(sessionId, { ...session!, ...paid }, secret, new Date());
}

/** The activity entries that record the fee becoming paid. */
const paymentEntries = (detail: DealDetail) =>
  detail.activity.filter((entry) => entry.changes.some((change) => change.field === 'conciergeFeePaid' && change.after === true));

describe('POST /deals/{id}/concierge-payment', () => {
  it("opens a checkout for the consumer's own finalized deal, for the fee stored on the deal (not the body's)", async () => {
    const deal = await consumerDeal('finalized', 750);

    const response = await pay('consumer', deal.id, { amount: 1, conciergeFee: 1, dealId: 'other' });

    expect(response.status).toBe(200);
    expectResponseKeys(response.body, { url: true }, 'POST /deals/{id}/concierge-payment');
    const { session } = sessionOf(response.body.url);
    expect(session).toMatchObject({ dealId: deal.id, amountCents: 75_000, currency: 'usd' });
    expect(session?.successUrl).toMatch(new RegExp(`/consumer-portal\\?payment=success&deal=${deal.id}$`));
    expect(session?.cancelUrl).toMatch(new RegExp(`/consumer-portal\\?payment=cancelled&deal=${deal.id}$`));
    expect(session?.customerEmail).toBe(principals.of.consumer.email);
  });

  it('hides another consumer’s deal (404), like an unknown one; an admin may open any', async () => {
    const deal = await consumerDeal('finalized', 300);

    expect((await pay('otherConsumer', deal.id)).status).toBe(404);
    expect((await pay('consumer', '01JZZZZZZZZZZZZZZZZZZZZZZZ')).status).toBe(404);
    expect((await pay('admin', deal.id)).status).toBe(200);
    expect((await pay('broker', deal.id)).status).toBe(403);
  });

  it('is refused (409) unless finalized with a fee above 0 and not paid, each with its reason', async () => {
    const active = await consumerDeal('active', 0);
    const waived = await consumerDeal('finalized', 0);
    const closed = await consumerDeal('closed', 500);

    const refusals = await Promise.all([pay('consumer', active.id), pay('consumer', waived.id), pay('consumer', closed.id)]);

    expect(refusals.map((r) => [r.status, r.body.error?.message])).toEqual([
      [409, CONCIERGE_FEE_NOT_FINALIZED_MESSAGE],
      [409, CONCIERGE_FEE_NOT_DUE_MESSAGE],
      [409, CONCIERGE_FEE_NOT_FINALIZED_MESSAGE],
    ]);
  });
});

describe('POST /webhooks/payments', () => {
  it('marks the fee paid once: the replay changes nothing, then the checkout is refused as paid', async () => {
    const deal = await consumerDeal('finalized', 500);
    const { payload, signature } = completionFor((await pay('consumer', deal.id)).body.url);

    const first = await deliver(payload, signature);
    const revision = (await createData().deals.get(deal.id))?.revision;
    const replay = await deliver(payload, signature);

    expect([first.status, first.body, replay.status, replay.body]).toEqual([200, { received: true }, 200, { received: true }]);
    const stored = await createData().deals.get(deal.id);
    expect([stored?.conciergeFeePaid, stored?.revision]).toEqual([true, revision]);
    const detail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('admin') });
    expect(paymentEntries(detail.body)).toHaveLength(1);
    expect(paymentEntries(detail.body)[0]).toMatchObject({ kind: 'updated', actor: { id: null, name: PAYMENT_ACTOR_NAME } });
    const again = await pay('consumer', deal.id);
    expect([again.status, again.body.error?.message]).toEqual([409, CONCIERGE_FEE_ALREADY_PAID_MESSAGE]);
  });

  it('marks the fee paid once when the same event and a second checkout arrive concurrently', async () => {
    const deal = await consumerDeal('finalized', 900);
    const first = completionFor((await pay('consumer', deal.id)).body.url);
    const second = completionFor((await pay('admin', deal.id)).body.url);

    const results = await Promise.all([
      deliver(first.payload, first.signature),
      deliver(first.payload, first.signature),
      deliver(first.payload, first.signature),
      deliver(second.payload, second.signature),
    ]);

    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(true);
    const detail = await apiFetch<DealDetail>(`/deals/${deal.id}`, { token: as('admin') });
    expect(paymentEntries(detail.body)).toHaveLength(1);
  });

  it('refuses a missing or bad signature, a changed body and another secret (400): nothing is paid', async () => {
    const deal = await consumerDeal('finalized', 400);
    const { payload, signature } = completionFor((await pay('consumer', deal.id)).body.url);
    const forged = completionFor((await pay('consumer', deal.id)).body.url, 'whsec_not_the_secret');

    const refused = await Promise.all([
      deliver(payload, undefined),
      deliver(payload, 't=1,v1=00'),
      deliver(payload.replace('"paid"', '"paid" '), signature),
      deliver(forged.payload, forged.signature),
    ]);

    for (const response of refused) {
      expect([response.status, response.body.error?.message]).toEqual([400, PAYMENT_SIGNATURE_INVALID_MESSAGE]);
    }
    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(false);
  });

  it('refuses a correctly signed event older than the tolerance, and ignores events that pay nothing', async () => {
    const deal = await consumerDeal('finalized', 250);
    const stalePayload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', payment_status: 'paid', amount_total: 25_000, metadata: { dealId: deal.id } } },
    });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: stalePayload,
      secret: LOCAL_STRIPE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const expiredPayload = stalePayload.replace('checkout.session.completed', 'checkout.session.expired');
    const expired = Stripe.webhooks.generateTestHeaderString({ payload: expiredPayload, secret: LOCAL_STRIPE_WEBHOOK_SECRET });

    expect((await deliver(stalePayload, stale)).status).toBe(400);
    expect((await deliver(expiredPayload, expired)).status).toBe(200);
    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(false);
  });
});

/** The activity entries that record a payment to review. */
const reviewEntries = (detail: DealDetail) => detail.activity.filter((entry) => entry.kind === 'payment_review');

const detailAs = async (caller: SignedInCaller, dealId: string) =>
  (await apiFetch<DealDetail>(`/deals/${dealId}`, { token: as(caller) })).body;

describe('POST /webhooks/payments: only the exact fee pays it', () => {
  it('a payment of another amount (the fee changed after checkout opened) leaves the fee unpaid, for an admin to review', async () => {
    const deal = await consumerDeal('finalized', 500);
    const { payload, signature } = completionFor((await pay('consumer', deal.id)).body.url);
    const raised = await apiFetch<DealView>(`/deals/${deal.id}`, {
      token: as('admin'),
      method: 'PATCH',
      body: { ...deal, conciergeFee: 600 },
    });
    expect(raised.status, JSON.stringify(raised.body)).toBe(200);

    const first = await deliver(payload, signature);
    const revision = (await createData().deals.get(deal.id))?.revision;
    const replay = await deliver(payload, signature);

    expect([first.status, replay.status]).toEqual([200, 200]);
    const stored = await createData().deals.get(deal.id);
    expect([stored?.conciergeFeePaid, stored?.revision]).toEqual([false, revision]);
    const admin = await detailAs('admin', deal.id);
    expect(admin.paymentsToReview).toEqual([
      {
        eventId: expect.stringMatching(/^evt_/),
        amountCents: 50_000,
        currency: 'usd',
        dueCents: 60_000,
        feeAlreadyPaid: false,
        receivedAt: expect.any(String),
      },
    ]);
    expect(paymentEntries(admin)).toHaveLength(0);
    expect(reviewEntries(admin)).toHaveLength(1);
    expect(reviewEntries(admin)[0]).toMatchObject({
      actor: { id: null, name: PAYMENT_ACTOR_NAME },
      changes: [
        { field: 'amountPaid', before: null, after: '$500.00' },
        { field: 'amountDue', before: null, after: '$600.00' },
      ],
    });
    // Only admins are shown the payments to resolve; the consumer is offered the fee again.
    expect((await detailAs('broker', deal.id)).paymentsToReview).toEqual([]);
    const consumerView = await detailAs('consumer', deal.id);
    expect(consumerView).not.toHaveProperty('paymentsToReview');
    expect(consumerView).not.toHaveProperty('activity');
    expect((await pay('consumer', deal.id)).status).toBe(200);
  });

  it('a payment of the fee in another currency, or of 1 cent, pays nothing', async () => {
    const deal = await consumerDeal('finalized', 750);
    const url = (await pay('consumer', deal.id)).body.url;
    const euros = completionFor(url, LOCAL_STRIPE_WEBHOOK_SECRET, { currency: 'eur' });
    const cent = completionFor(url, LOCAL_STRIPE_WEBHOOK_SECRET, { amountCents: 1 });

    expect((await deliver(euros.payload, euros.signature)).status).toBe(200);
    expect((await deliver(cent.payload, cent.signature)).status).toBe(200);

    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(false);
    const admin = await detailAs('admin', deal.id);
    expect(admin.paymentsToReview.map((payment) => [payment.amountCents, payment.currency, payment.dueCents])).toEqual([
      [75_000, 'eur', 75_000],
      [1, 'usd', 75_000],
    ]);
    expect(reviewEntries(admin).map((entry) => entry.changes.map((change) => change.after))).toEqual([
      ['$0.01', '$750.00'],
      ['750.00 EUR', '$750.00'],
    ]);
  });

  it('a second checkout paid after the fee was paid is recorded for review (a refund), once', async () => {
    const deal = await consumerDeal('finalized', 300);
    const first = completionFor((await pay('consumer', deal.id)).body.url);
    const second = completionFor((await pay('admin', deal.id)).body.url);

    await deliver(first.payload, first.signature);
    await deliver(second.payload, second.signature);
    await deliver(second.payload, second.signature);

    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(true);
    const admin = await detailAs('admin', deal.id);
    expect(paymentEntries(admin)).toHaveLength(1);
    expect(admin.paymentsToReview).toEqual([expect.objectContaining({ amountCents: 30_000, dueCents: 0, feeAlreadyPaid: true })]);
    expect(reviewEntries(admin)).toHaveLength(1);
  });
});

describe('POST /deals/{id}/payments-to-review/resolve (admins)', () => {
  /** A finalized deal of the demo consumer with one payment to review: `paidCents` paid against a fee of $`fee`. */
  async function dealWithPaymentToReview(fee: number, paidCents: number) {
    const deal = await consumerDeal('finalized', fee);
    const { payload, signature } = completionFor((await pay('consumer', deal.id)).body.url, LOCAL_STRIPE_WEBHOOK_SECRET, {
      amountCents: paidCents,
    });
    expect((await deliver(payload, signature)).status).toBe(200);
    const detail = await detailAs('admin', deal.id);
    expect(detail.paymentsToReview).toHaveLength(1);
    return { deal: detail.deal, payment: detail.paymentsToReview[0]! };
  }

  const resolve = (caller: SignedInCaller, dealId: string, body: unknown) =>
    apiFetch<ResolvePaymentResponse & ApiErrorBody>(`/deals/${dealId}/payments-to-review/resolve`, {
      token: as(caller),
      method: 'POST',
      body,
    });

  const resolvedEntries = (detail: DealDetail) => detail.activity.filter((entry) => entry.kind === 'payment_resolved');

  it('"Mark fee paid" marks the fee paid, takes the payment off the list and names the admin and the reason on the trail', async () => {
    const { deal, payment } = await dealWithPaymentToReview(500, 49_900);

    const response = await resolve('admin', deal.id, {
      eventId: payment.eventId,
      resolution: 'mark_paid',
      note: '  The $1 difference was waived by phone  ',
      revision: deal.revision,
    });

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expectResponseKeys(response.body, { conciergeFeePaid: true, revision: true }, 'POST /deals/{id}/payments-to-review/resolve');
    expect(response.body).toEqual({ conciergeFeePaid: true, revision: deal.revision + 1 });
    const admin = await detailAs('admin', deal.id);
    expect([admin.deal.conciergeFeePaid, admin.paymentsToReview]).toEqual([true, []]);
    expect(resolvedEntries(admin)).toEqual([
      expect.objectContaining({
        actor: { id: principals.of.admin.userId, name: expect.any(String) },
        changes: [
          { field: 'paymentEvent', before: null, after: payment.eventId },
          { field: 'amountPaid', before: null, after: '$499.00' },
          { field: 'resolution', before: null, after: 'Marked fee paid' },
          { field: 'resolutionNote', before: null, after: 'The $1 difference was waived by phone' },
          { field: 'conciergeFeePaid', before: false, after: true },
        ],
      }),
    ]);
    // The consumer's portal now reads the fee paid: a checkout is refused, and no trail or review list reaches them.
    expect((await pay('consumer', deal.id)).body.error?.message).toBe(CONCIERGE_FEE_ALREADY_PAID_MESSAGE);
    const consumerView = await detailAs('consumer', deal.id);
    expect(consumerView).not.toHaveProperty('paymentsToReview');
    expect(consumerView).not.toHaveProperty('activity');
  });

  it('"Dismiss" leaves the fee unpaid and records the note; the consumer may still pay', async () => {
    const { deal, payment } = await dealWithPaymentToReview(400, 1);

    const response = await resolve('admin', deal.id, {
      eventId: payment.eventId,
      resolution: 'dismiss',
      note: 'Refunded in the Stripe dashboard',
      revision: deal.revision,
    });

    expect(response.body).toEqual({ conciergeFeePaid: false, revision: deal.revision + 1 });
    const admin = await detailAs('admin', deal.id);
    expect([admin.deal.conciergeFeePaid, admin.paymentsToReview]).toEqual([false, []]);
    expect(resolvedEntries(admin)[0]?.changes.map((change) => change.after)).toEqual([
      payment.eventId,
      '$0.01',
      'Dismissed',
      'Refunded in the Stripe dashboard',
    ]);
    expect((await pay('consumer', deal.id)).status).toBe(200);
  });

  it('applies once: a double click and two admins at once give one 200, the others 409, one trail entry', async () => {
    const { deal, payment } = await dealWithPaymentToReview(700, 70_100);
    const body = { eventId: payment.eventId, resolution: 'mark_paid', note: 'Accepted', revision: deal.revision };

    const results = await Promise.all([
      resolve('admin', deal.id, body),
      resolve('admin', deal.id, body),
      resolve('admin', deal.id, body),
    ]);
    const later = await resolve('admin', deal.id, { ...body, revision: deal.revision + 1 });

    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    for (const refused of results.filter((result) => result.status === 409)) {
      expect([DEAL_CHANGED_MESSAGE, PAYMENT_ALREADY_RESOLVED_MESSAGE]).toContain(refused.body.error?.message);
    }
    expect([later.status, later.body.error?.message]).toEqual([409, PAYMENT_ALREADY_RESOLVED_MESSAGE]);
    const admin = await detailAs('admin', deal.id);
    expect(resolvedEntries(admin)).toHaveLength(1);
    expect(admin.deal.conciergeFeePaid).toBe(true);
  });

  it('refuses a stale revision, a note left blank, and "Mark fee paid" of a second payment of a paid fee: nothing changes', async () => {
    const { deal, payment } = await dealWithPaymentToReview(350, 100);
    const stale = await resolve('admin', deal.id, {
      eventId: payment.eventId,
      resolution: 'dismiss',
      note: 'x',
      revision: deal.revision - 1,
    });
    const blank = await resolve('admin', deal.id, {
      eventId: payment.eventId,
      resolution: 'dismiss',
      note: ' \u0000 ',
      revision: deal.revision,
    });
    expect([stale.status, stale.body.error?.message]).toEqual([409, DEAL_CHANGED_MESSAGE]);
    expect([blank.status, blank.body.error?.fields]).toEqual([400, { note: PAYMENT_RESOLUTION_NOTE_REQUIRED_MESSAGE }]);

    const paid = await consumerDeal('finalized', 300);
    const first = completionFor((await pay('consumer', paid.id)).body.url);
    const second = completionFor((await pay('admin', paid.id)).body.url);
    await deliver(first.payload, first.signature);
    await deliver(second.payload, second.signature);
    const detail = await detailAs('admin', paid.id);
    const again = await resolve('admin', paid.id, {
      eventId: detail.paymentsToReview[0]!.eventId,
      resolution: 'mark_paid',
      note: 'Paid twice',
      revision: detail.deal.revision,
    });
    expect([again.status, again.body.error?.message]).toEqual([409, PAYMENT_FEE_ALREADY_PAID_MESSAGE]);

    expect((await detailAs('admin', deal.id)).paymentsToReview).toHaveLength(1);
    expect((await detailAs('admin', paid.id)).paymentsToReview).toHaveLength(1);
  });

  it('is for admins only: the consumer, the broker and the dealer are refused (403) and the payment stays', async () => {
    const { deal, payment } = await dealWithPaymentToReview(600, 500);
    const body = { eventId: payment.eventId, resolution: 'mark_paid', note: 'Mine', revision: deal.revision };

    const refused = await Promise.all([
      resolve('consumer', deal.id, body),
      resolve('broker', deal.id, body),
      resolve('dealer', deal.id, body),
    ]);

    expect(refused.map((response) => response.status)).toEqual([403, 403, 403]);
    expect((await detailAs('admin', deal.id)).paymentsToReview).toHaveLength(1);
  });
});

describe('GET/POST /_local/payments/checkout (the local checkout page)', () => {
  const page = (url: string, method: 'GET' | 'POST' = 'GET') => fetch(url, { method, redirect: 'manual' });
  /** The checkout URL with its session payload replaced by `edit` of it, the signature kept. */
  function tampered(url: string, edit: (session: Record<string, unknown>) => void) {
    const checkout = new URL(url);
    const [payload, mac] = checkout.searchParams.get('session')!.slice('cs_local_'.length).split('.');
    const session = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    edit(session);
    checkout.searchParams.set('session', `cs_local_${Buffer.from(JSON.stringify(session)).toString('base64url')}.${mac}`);
    return checkout.toString();
  }

  it('pays only a session the API signed: a caller-built or altered one is "Unknown checkout session"', async () => {
    const deal = await consumerDeal('finalized', 450);
    const url = (await pay('consumer', deal.id)).body.url;
    const oneCent = tampered(url, (session) => (session.amountCents = 1));
    const unsigned = new URL(url);
    unsigned.searchParams.set('session', unsigned.searchParams.get('session')!.split('.')[0]!);
    const scriptCancel = tampered(url, (session) => (session.cancelUrl = 'javascript:alert(document.domain)'));
    const offsiteSuccess = tampered(url, (session) => (session.successUrl = 'https://evil.example/'));

    for (const forged of [oneCent, unsigned.toString(), scriptCancel, offsiteSuccess]) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await page(forged, method);
        expect(response.status, `${method} ${forged}`).toBe(400);
        const body = await response.text();
        expect(body).toContain('Unknown checkout session');
        expect(body).not.toContain('javascript:');
      }
    }
    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(false);

    const shown = await page(url);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('Pay $450.00');
    const paid = await page(url, 'POST');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${getStack().urls.web}/consumer-portal?payment=success&deal=${deal.id}`);
    expect((await createData().deals.get(deal.id))?.conciergeFeePaid).toBe(true);
  });
});

describe('the signed brokering agreement before the fee (docs/decisions.md, "Agreements")', () => {
  beforeAll(() => setAgreementRequired(true));
  afterAll(() => setAgreementRequired(false));

  async function currentAgreement(): Promise<number> {
    const listed = await apiFetch<AgreementVersionsResponse>('/admin/agreement', { token: as('admin') });
    const basedOn = listed.body.versions[0]?.version ?? null;
    if (basedOn !== null) return basedOn;
    const created = await apiFetch<{ version: number }>('/admin/agreement/versions', {
      token: as('admin'),
      body: { text: '{{client}} hires {{broker}} for {{fee}}.', basedOn },
    });
    expect(created.status).toBe(201);
    return created.body.version;
  }

  it("refuses the checkout with 409 until the deal's client signed the agreement, then opens it", async () => {
    const deal = await consumerDeal('finalized', 420);

    const refused = await pay('consumer', deal.id);
    expect([refused.status, refused.body.error?.message]).toEqual([409, AGREEMENT_SIGNATURE_REQUIRED_MESSAGE]);
    expect((await pay('admin', deal.id)).status).toBe(409);

    const signed = await apiFetch(`/consumer/deals/${deal.id}/agreement/signature`, {
      token: as('consumer'),
      body: { fullName: 'Casey Consumer', version: await currentAgreement() },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const opened = await pay('consumer', deal.id);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(sessionOf(opened.body.url).session).toMatchObject({ dealId: deal.id, amountCents: 42_000 });
  });

  it('lets the checkout through without a signature once the company switches the requirement off', async () => {
    const deal = await consumerDeal('finalized', 420);
    expect((await pay('consumer', deal.id)).status).toBe(409);

    const switched = await apiFetch<{ requireSignedAgreement: boolean }>('/admin/settings', {
      token: as('admin'),
      method: 'PUT',
      body: { ownBook: false, requireSignedAgreement: false },
    });
    expect([switched.status, switched.body.requireSignedAgreement]).toEqual([200, false]);

    expect((await pay('consumer', deal.id)).status).toBe(200);
  });
});
