/**
 * The concierge fee payment (docs/decisions.md, "Payments"). The consumer owning a deal
 * (through its client) or an admin opens a hosted checkout for the deal's stored fee, offered only when the deal is
 * finalized, the fee above 0 and not paid. The provider's signed event marks the fee paid exactly once: the deal
 * write (on the revision read, and only while unpaid) and the event's receipt commit in one transaction, so a
 * repeated or concurrent delivery finds either the fee paid or the receipt taken and changes nothing.
 */
import { ulid } from 'ulid';
import {
  CONCIERGE_FEE_ALREADY_PAID_MESSAGE,
  CONCIERGE_FEE_NOT_DUE_MESSAGE,
  CONCIERGE_FEE_NOT_FINALIZED_MESSAGE,
  PAYMENT_RETURN_PATH,
  PAYMENT_RETURN_DEAL_QUERY,
  PAYMENT_RETURN_QUERY,
  PAYMENT_SIGNATURE_INVALID_MESSAGE,
  type ConciergePaymentResponse,
  type PaymentOutcome,
} from '@shared/payments/api';
import { DEAL_NOT_FOUND_MESSAGE } from '@shared/deals/api';
import type { Identity } from '@functions/lib/auth-context';
import type { Deal } from '@functions/lib/data/deals/deals';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import { logger } from '@functions/lib/logger';
import type { PaymentProvider } from '@functions/lib/payments/provider';
import type { PaidCheckout } from '@functions/lib/payments/webhook';
import type { PaymentsData } from './data';

/** Who the activity trail names for a payment: the provider reported it, no signed-in user made the change. */
export const PAYMENT_ACTOR_NAME = 'Payment provider';

/** A deal write lost to a concurrent one this many times in a row: give up and let the provider retry. */
const MAX_MARK_ATTEMPTS = 3;

/** Pure: why the fee cannot be paid now, or null when it can (spec: finalized, fee above 0, not paid). */
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
  const session = await provider.createCheckout({
    dealId: deal.id,
    amountCents: toCents(deal.conciergeFee!),
    currency: 'usd',
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

async function markConciergeFeePaid(paid: PaidCheckout, data: PaymentsData, now: Date): Promise<void> {
  for (let attempt = 1; attempt <= MAX_MARK_ATTEMPTS; attempt++) {
    const deal = await data.deals.get(paid.dealId);
    if (!deal) {
      logger.error('payment for a deal that does not exist', { eventId: paid.eventId, dealId: paid.dealId });
      return;
    }
    if (deal.conciergeFeePaid) {
      // A repeat of the event that paid, or a second checkout paid for the same fee: the latter needs a refund.
      if (!(await data.payments.isProcessed(paid.eventId))) {
        logger.error('concierge fee paid twice: refund the later payment', { eventId: paid.eventId, dealId: deal.id });
      }
      return;
    }
    if (paid.amountCents !== null && paid.amountCents !== toCents(deal.conciergeFee ?? 0)) {
      // The fee was changed after checkout opened: the payer paid the amount shown to them; the team settles it.
      logger.error('concierge fee paid differs from the fee on the deal', {
        eventId: paid.eventId,
        dealId: deal.id,
        paidCents: paid.amountCents,
      });
    }
    const written = await data.deals.replaceWithReceipt(
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
    );
    if (written) return;
    // Lost a race: to a concurrent delivery of this event (its receipt exists), or to another write of the deal.
    if (await data.payments.isProcessed(paid.eventId)) return;
  }
  throw new Error(`Could not mark the concierge fee of deal ${paid.dealId} paid: the deal kept changing`);
}
