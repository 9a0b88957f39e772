/**
 * The concierge fee payment (docs/decisions.md, "Payments"). The consumer owning a deal
 * (through its client) or an admin opens a hosted checkout for the deal's stored fee, offered only when the deal is
 * finalized, the fee above 0 and not paid. The provider's signed event marks the fee paid exactly once, and only
 * when it pays exactly the fee due (the same cents, in US dollars): any other payment is recorded on the deal for
 * an admin to review instead. The deal write (on the revision read) and the event's receipt commit in one
 * transaction, so a repeated or concurrent delivery finds the receipt taken and changes nothing.
 */
import { ulid } from 'ulid';
import {
  CONCIERGE_FEE_ALREADY_PAID_MESSAGE,
  CONCIERGE_FEE_CURRENCY,
  CONCIERGE_FEE_NOT_DUE_MESSAGE,
  CONCIERGE_FEE_NOT_FINALIZED_MESSAGE,
  PAYMENT_RETURN_PATH,
  PAYMENT_RETURN_DEAL_QUERY,
  PAYMENT_RETURN_QUERY,
  PAYMENT_ALREADY_RESOLVED_MESSAGE,
  PAYMENT_FEE_ALREADY_PAID_MESSAGE,
  PAYMENT_RESOLUTION_LABELS,
  PAYMENT_SIGNATURE_INVALID_MESSAGE,
  type ConciergePaymentResponse,
  type PaymentOutcome,
  type ResolvePaymentRequest,
  type ResolvePaymentResponse,
} from '@shared/payments/api';
import { DEAL_CHANGED_MESSAGE, DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import { AGREEMENT_SIGNATURE_REQUIRED_MESSAGE } from '@shared/agreements/api';
import { agreementAllowsPayment } from '@shared/agreements/rules';
import { formatPaymentAmount } from '@shared/format';
import type { Identity } from '@functions/lib/auth-context';
import type { Deal } from '@functions/domain/deals/deals';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import { logger } from '@functions/lib/logger';
import type { PaymentProvider } from '@functions/lib/payments/provider';
import type { PaidCheckout } from '@functions/lib/payments/webhook';
import { notify } from '@functions/domain/notifications/notify';
import type { PaymentsData } from './data';

/** Who the activity trail names for a payment: the provider reported it, no signed-in user made the change. */
export const PAYMENT_ACTOR_NAME = 'Payment provider';

/** A deal write lost to a concurrent one this many times in a row: give up and let the provider retry. */
const MAX_MARK_ATTEMPTS = 3;

/** Pure: why the fee cannot be paid now, or null when it can (payable when finalized, fee above 0, not paid). */
export function conciergeFeeRefusal(deal: Pick<Deal, 'status' | 'conciergeFee' | 'conciergeFeePaid'>): string | null {
  if (deal.conciergeFeePaid) return CONCIERGE_FEE_ALREADY_PAID_MESSAGE;
  if (deal.status !== 'finalized') return CONCIERGE_FEE_NOT_FINALIZED_MESSAGE;
  if (!deal.conciergeFee || deal.conciergeFee <= 0) return CONCIERGE_FEE_NOT_DUE_MESSAGE;
  return null;
}

/** Pure: dollars (as stored) to whole cents, without floating-point drift (123.45 -> 12345). */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

function returnUrl(appUrl: string, outcome: PaymentOutcome, dealId: string): string {
  const query = new URLSearchParams({ [PAYMENT_RETURN_QUERY]: outcome, [PAYMENT_RETURN_DEAL_QUERY]: dealId });
  return `${appUrl}${PAYMENT_RETURN_PATH}?${query.toString()}`;
}

/** The deal if the caller may pay for it: an admin any deal, a consumer only a deal of their own client. */
async function payableDeal(identity: Identity, dealId: string, data: PaymentsData): Promise<Deal> {
  const [deal, client] = await Promise.all([
    data.deals.get(dealId),
    identity.role === 'consumer' ? data.clients.getByUser(identity.userId) : Promise.resolve(null),
  ]);
  const mayPay = identity.role === 'admin' || (!!client && deal?.clientId === client.id);
  if (!deal || !mayPay) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  return deal;
}

/** POST /deals/{id}/concierge-payment. The amount is the stored fee; the request carries none. */
export async function createConciergePayment(
  identity: Identity,
  dealId: string,
  data: PaymentsData,
  provider: PaymentProvider,
  appUrl: string,
): Promise<ConciergePaymentResponse> {
  const deal = await payableDeal(identity, dealId, data);
  const refusal = conciergeFeeRefusal(deal);
  if (refusal) throw new ConflictError(refusal);
  // The client's signed agreement comes before the fee, while the company asks for it (docs/decisions.md, "Agreements").
  const [required, signature] = await Promise.all([
    data.settings.requireSignedAgreement(),
    deal.clientId ? data.agreements.signature(deal.id, deal.clientId) : Promise.resolve(null),
  ]);
  if (!agreementAllowsPayment(required, !!signature)) throw new ConflictError(AGREEMENT_SIGNATURE_REQUIRED_MESSAGE);
  const session = await provider.createCheckout({
    dealId: deal.id,
    amountCents: toCents(deal.conciergeFee!),
    currency: CONCIERGE_FEE_CURRENCY,
    description: `Concierge fee – ${deal.year} ${deal.make} ${deal.model}`,
    successUrl: returnUrl(appUrl, 'success', deal.id),
    cancelUrl: returnUrl(appUrl, 'cancelled', deal.id),
    customerEmail: identity.role === 'consumer' ? identity.email : undefined,
    // Per deal revision: a double click reuses one session; a fee changed since is a new revision, a new session.
    idempotencyKey: `concierge-fee-${deal.id}-${deal.revision}`,
  });
  if (!session.url) throw new Error(`The payment provider returned no URL for checkout session ${session.id}`);
  return { url: session.url };
}

/** POST /webhooks/payments: verify with the provider's library, then mark the fee paid once. */
export async function receivePaymentWebhook(
  delivery: { rawBody: Buffer; signature: string | undefined },
  webhookSecret: string,
  data: PaymentsData,
  now: Date,
): Promise<{ received: true }> {
  // The `stripe` library verifies; imported here so it loads with the first webhook, not at every cold start.
  const { paidCheckoutOf, verifyPaymentEvent } = await import('@functions/lib/payments/webhook');
  const event = verifyPaymentEvent(delivery.rawBody, delivery.signature, webhookSecret, now);
  if (!event) throw new BadRequestError(PAYMENT_SIGNATURE_INVALID_MESSAGE);
  const paid = paidCheckoutOf(event);
  if (paid) await markConciergeFeePaid(paid, data, now);
  return { received: true };
}

/** The fee's currency: the product charges US dollars only (shared/payments/api.ts). */
const FEE_CURRENCY = CONCIERGE_FEE_CURRENCY;

/**
 * Pure: whether a paid checkout pays exactly the fee due on `deal`: the same whole cents and the fee's currency.
 * An event that does not say its amount or currency pays nothing (it cannot be shown to match).
 */
export function paysFeeExactly(paid: Pick<PaidCheckout, 'amountCents' | 'currency'>, deal: Pick<Deal, 'conciergeFee'>): boolean {
  return paid.currency === FEE_CURRENCY && paid.amountCents !== null && paid.amountCents === toCents(deal.conciergeFee ?? 0);
}

/** Pure: the record of a payment that does not pay the fee, as the deal keeps it for an admin to resolve. */
export function paymentToReview(paid: PaidCheckout, deal: Pick<Deal, 'conciergeFee' | 'conciergeFeePaid'>, now: Date) {
  const feeAlreadyPaid = deal.conciergeFeePaid === true;
  return {
    eventId: paid.eventId,
    amountCents: paid.amountCents ?? undefined,
    currency: paid.currency ?? undefined,
    dueCents: feeAlreadyPaid ? 0 : toCents(deal.conciergeFee ?? 0),
    feeAlreadyPaid,
    receivedAt: now.toISOString(),
  };
}

/**
 * Marks the fee paid when the payment pays exactly the fee due; otherwise records it for review. Either way the
 * event's receipt commits in the same transaction as the deal write, so a redelivery is recognised and changes
 * nothing (never counted twice, never a second review entry).
 */
async function markConciergeFeePaid(paid: PaidCheckout, data: PaymentsData, now: Date): Promise<void> {
  for (let attempt = 1; attempt <= MAX_MARK_ATTEMPTS; attempt++) {
    const deal = await data.deals.get(paid.dealId);
    if (!deal) {
      logger.error('payment for a deal that does not exist', { eventId: paid.eventId, dealId: paid.dealId });
      return;
    }
    if (await data.payments.isProcessed(paid.eventId)) return;
    const written =
      paysFeeExactly(paid, deal) && !deal.conciergeFeePaid
        ? await data.deals.replaceWithReceipt(
            deal,
            { ...deal, conciergeFeePaid: true },
            {
              id: ulid(now.getTime()),
              kind: 'updated',
              at: now.toISOString(),
              actorName: PAYMENT_ACTOR_NAME,
              changes: [{ field: 'conciergeFeePaid', before: false, after: true }],
            },
            data.payments.receipt(paid.eventId, deal.id, now),
            data.notifications.writes([notify.conciergeFeePaid(deal.brokerId, deal)], now),
          )
        : await recordForReview(paid, deal, data, now);
    if (written) return;
    // Lost a race: to a concurrent delivery of this event (its receipt exists), or to another write of the deal.
    if (await data.payments.isProcessed(paid.eventId)) return;
  }
  throw new Error(`Could not record the concierge fee payment of deal ${paid.dealId}: the deal kept changing`);
}

/**
 * A payment of another amount or currency than the fee due, or a second payment of a fee already paid: the fee is
 * left as it is, the payment goes on the deal's list of payments to review (the admin's notice on the deal page)
 * and on its activity trail, with the event's receipt. False when the deal changed meanwhile.
 */
async function recordForReview(paid: PaidCheckout, deal: Deal, data: PaymentsData, now: Date): Promise<boolean> {
  const review = paymentToReview(paid, deal, now);
  logger.error('concierge fee payment to review: it does not pay the fee due', {
    eventId: paid.eventId,
    dealId: deal.id,
    paidCents: paid.amountCents,
    currency: paid.currency,
    dueCents: review.dueCents,
    feeAlreadyPaid: review.feeAlreadyPaid,
  });
  return data.deals.replaceWithReceipt(
    deal,
    { ...deal, paymentsToReview: [...(deal.paymentsToReview ?? []), review] },
    {
      id: ulid(now.getTime()),
      kind: 'payment_review',
      at: now.toISOString(),
      actorName: PAYMENT_ACTOR_NAME,
      changes: [
        { field: 'amountPaid', before: null, after: formatPaymentAmount(paid.amountCents, paid.currency) },
        { field: 'amountDue', before: null, after: formatPaymentAmount(review.dueCents, FEE_CURRENCY) },
      ],
    },
    data.payments.receipt(paid.eventId, deal.id, now),
  );
}

/**
 * POST /deals/{id}/payments-to-review/resolve (admins; the route table refuses everyone else). Takes one payment off
 * the deal's list: "mark_paid" also marks the fee paid, "dismiss" leaves the fee as it is (the payment was refunded,
 * or pays nothing here). The write is conditioned on the revision the admin saw, so a second click or a second
 * admin finds either a newer revision (409, DEAL_CHANGED_MESSAGE) or the payment gone (409, already resolved):
 * nothing is applied twice. Who resolved it, how and why go on the activity trail in the same transaction.
 */
export async function resolvePaymentToReview(
  identity: Identity,
  dealId: string,
  request: ResolvePaymentRequest,
  data: PaymentsData,
  now: Date,
): Promise<ResolvePaymentResponse> {
  const [deal, admin] = await Promise.all([data.deals.get(dealId), data.users.get(identity.userId)]);
  if (!deal) throw new NotFoundError(DEAL_NOT_FOUND_MESSAGE);
  const payment = (deal.paymentsToReview ?? []).find((entry) => entry.eventId === request.eventId);
  if (!payment) throw new ConflictError(PAYMENT_ALREADY_RESOLVED_MESSAGE);
  if (request.revision !== deal.revision) throw new ConflictError(DEAL_CHANGED_MESSAGE);
  const marksPaid = request.resolution === 'mark_paid';
  if (marksPaid && deal.conciergeFeePaid) throw new ConflictError(PAYMENT_FEE_ALREADY_PAID_MESSAGE);
  const stored = await data.deals.replace(
    deal,
    {
      ...deal,
      ...(marksPaid ? { conciergeFeePaid: true } : {}),
      paymentsToReview: (deal.paymentsToReview ?? []).filter((entry) => entry.eventId !== request.eventId),
    },
    paymentResolutionActivity(payment, request, { id: identity.userId, name: admin?.fullName ?? identity.email }, now),
  );
  return { conciergeFeePaid: stored.conciergeFeePaid === true, revision: stored.revision };
}

/** Pure: the trail entry of a resolution: which payment, of what, how it was resolved and why; the fee if marked paid. */
export function paymentResolutionActivity(
  payment: { eventId: string; amountCents?: number; currency?: string },
  request: Pick<ResolvePaymentRequest, 'resolution' | 'note'>,
  actor: { id: string; name: string },
  now: Date,
) {
  return {
    id: ulid(now.getTime()),
    kind: 'payment_resolved' as const,
    at: now.toISOString(),
    actorId: actor.id,
    actorName: actor.name,
    changes: [
      { field: 'paymentEvent', before: null, after: payment.eventId },
      { field: 'amountPaid', before: null, after: formatPaymentAmount(payment.amountCents ?? null, payment.currency ?? null) },
      { field: 'resolution', before: null, after: PAYMENT_RESOLUTION_LABELS[request.resolution] },
      { field: 'resolutionNote', before: null, after: request.note },
      ...(request.resolution === 'mark_paid' ? [{ field: 'conciergeFeePaid', before: false, after: true }] : []),
    ],
  };
}
