/**
 * Verifies a payment provider delivery with the `stripe` library (HMAC-SHA256 over the raw body and a timestamp,
 * constant-time compare, 5-minute tolerance) and reads the one event that matters: a paid checkout of a deal.
 * The static `Stripe.webhooks` needs no API key, so verification never depends on the secret key.
 */
import Stripe from 'stripe';
import { PAYMENT_METADATA_DEAL_ID } from '@shared/payments/api';

/** A verified event that pays a deal's concierge fee. */
export interface PaidCheckout {
  eventId: string;
  dealId: string;
  sessionId: string;
  /** What was paid, in the smallest unit of `currency`; null when the event does not say (never trusted as the fee). */
  amountCents: number | null;
  /** ISO 4217, lower case as Stripe sends it ("usd"); null when the event does not say. */
  currency: string | null;
}

/** The event `header` signs, or null unless it signs `rawBody` with `secret` within the library's tolerance of `now`. */
export function verifyPaymentEvent(rawBody: Buffer, header: string | undefined, secret: string, now: Date): Stripe.Event | null {
  if (!header) return null;
  try {
    // `receivedAt` is in milliseconds (the library divides by 1000 itself).
    return Stripe.webhooks.constructEvent(rawBody, header, secret, undefined, undefined, now.getTime());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
    throw error;
  }
}

/**
 * The paid checkout an event reports, or null for anything else: other event types, a checkout whose payment is
 * still pending (bank debits complete later with `checkout.session.async_payment_succeeded`), or no deal id.
 */
export function paidCheckoutOf(event: Stripe.Event): PaidCheckout | null {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return null;
  const session = event.data.object;
  const dealId = session.metadata?.[PAYMENT_METADATA_DEAL_ID];
  if (session.payment_status !== 'paid' || !dealId) return null;
  return {
    eventId: event.id,
    dealId,
    sessionId: session.id,
    amountCents: session.amount_total ?? null,
    currency: session.currency ? session.currency.toLowerCase() : null,
  };
}
