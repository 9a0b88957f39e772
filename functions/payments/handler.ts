/** The payments feature's Lambda: the concierge fee checkout and the payment provider's webhook. */
import { dealIdParamsSchema } from '@shared/deals/api';
import { conciergePaymentResponseSchema, PAYMENT_SIGNATURE_HEADER, paymentWebhookResponseSchema } from '@shared/payments/api';
import { config } from '@functions/lib/config';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { header, rawBody } from '@functions/lib/http/raw-body';
import { publicRoute, route } from '@functions/lib/http/route';
import { localCheckoutProvider } from '@functions/lib/payments/local';
import type { PaymentProvider } from '@functions/lib/payments/provider';
import { defaultSecrets } from '@functions/lib/secrets';
import { paymentsData } from './data';
import { createConciergePayment, receivePaymentWebhook } from './payments';

let stripe: { key: string; provider: PaymentProvider } | undefined;

/**
 * The configured provider; the Stripe client is kept per container while its key stays the same. The `stripe`
 * library (most of this function's code) is imported on first use, so it is not part of the cold start.
 */
async function paymentProvider(): Promise<PaymentProvider> {
  if (config.paymentProvider === 'local') return localCheckoutProvider(config.localCheckoutUrl);
  const key = await defaultSecrets().read(config.stripeSecretKey);
  if (stripe?.key !== key) {
    const { stripeCheckoutProvider } = await import('@functions/lib/payments/stripe');
    stripe = { key, provider: stripeCheckoutProvider(key) };
  }
  return stripe.provider;
}

export const handler = featureHandler('payments', {
  'POST /deals/{id}/concierge-payment': route({
    params: dealIdParamsSchema,
    response: conciergePaymentResponseSchema,
    handler: async ({ params }, { identity }) =>
      createConciergePayment(identity, params.id, paymentsData(), await paymentProvider(), config.appUrl),
  }),
  // No body schema: the library verifies the signature over the raw bytes before anything in them is trusted.
  'POST /webhooks/payments': publicRoute({
    response: paymentWebhookResponseSchema,
    handler: async (_input, { event, now }) =>
      receivePaymentWebhook(
        { rawBody: rawBody(event), signature: header(event, PAYMENT_SIGNATURE_HEADER) },
        await defaultSecrets().read(config.stripeWebhookSecret),
        paymentsData(),
        now,
      ),
  }),
});
