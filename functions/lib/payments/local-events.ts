/**
 * The event the local checkout page posts when "Pay $X" is pressed: a paid `checkout.session.completed` in Stripe's
 * format, signed with the webhook secret by the `stripe` library's own test signer, so POST /webhooks/payments
 * verifies it exactly as it verifies Stripe's. Local stack and tests only.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PAYMENT_METADATA_DEAL_ID } from '@shared/payments/api';
import type { LocalSession } from './local';

/**
 * A paid `checkout.session.completed` event for a local session, as Stripe would send it (only the fields this
 * product reads, plus the envelope), and its `Stripe-Signature` header.
 */
export function signedCompletedEvent(sessionId: string, session: LocalSession, secret: string, now: Date) {
  const payload = JSON.stringify({
    id: `evt_local_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: session.amountCents,
        currency: session.currency,
        client_reference_id: session.dealId,
        customer_email: session.customerEmail ?? null,
        metadata: { [PAYMENT_METADATA_DEAL_ID]: session.dealId },
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(now.getTime() / 1000),
  });
  return { payload, signature };
}
