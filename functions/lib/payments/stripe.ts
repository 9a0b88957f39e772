/**
 * The Stripe Checkout adapter: one Checkout Session per payment, for the deal's fee in cents, tagged with the deal.
 * Stripe not answering in time (or failing on its side) is a DependencyUnavailableError, a 503 "The payment provider
 * is not responding" for the payer, never a 500; the idempotency key makes the payer's retry open the same session.
 */
import Stripe from 'stripe';
import { DependencyUnavailableError } from '../unavailable';
import { PAYMENT_METADATA_DEAL_ID } from '@shared/payments/api';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './provider';

/**
 * Well inside API Gateway's 30 s (Stripe's own default is 80 s): two tries of 8 s, Stripe retrying a connection
 * failure itself with the same idempotency key.
 */
export const STRIPE_CLIENT_OPTIONS = { timeout: 8_000, maxNetworkRetries: 1 } as const;

/** Stripe's errors that mean it is unavailable, not that it refused the request. */
const STRIPE_UNAVAILABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

export function isStripeUnavailable(error: unknown): boolean {
  return STRIPE_UNAVAILABLE.has((error as { type?: string } | null)?.type ?? '');
}

export function stripeCheckoutProvider(
  secretKey: string,
  client: Stripe = new Stripe(secretKey, STRIPE_CLIENT_OPTIONS),
): PaymentProvider {
  return {
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata = { [PAYMENT_METADATA_DEAL_ID]: request.dealId };
      let session: Stripe.Checkout.Session;
      try {
        session = await client.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: request.currency,
                  unit_amount: request.amountCents,
                  product_data: { name: request.description },
                },
              },
            ],
            client_reference_id: request.dealId,
            customer_email: request.customerEmail,
            // On the session for the webhook, and on the payment so the dashboard's payment shows the deal too.
            metadata,
            payment_intent_data: { metadata },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        if (isStripeUnavailable(error)) throw new DependencyUnavailableError('payments', error);
        throw error;
      }
      return { id: session.id, url: session.url };
    },
  };
}
