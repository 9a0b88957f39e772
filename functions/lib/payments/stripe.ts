/** The Stripe Checkout adapter: one Checkout Session per payment, for the deal's fee in cents, tagged with the deal. */
import Stripe from 'stripe';
import { PAYMENT_METADATA_DEAL_ID } from '@shared/payments/api';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './provider';

export function stripeCheckoutProvider(secretKey: string, client: Stripe = new Stripe(secretKey)): PaymentProvider {
  return {
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata = { [PAYMENT_METADATA_DEAL_ID]: request.dealId };
      const session = await client.checkout.sessions.create(
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
      return { id: session.id, url: session.url };
    },
  };
}
