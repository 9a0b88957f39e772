/** POST /webhooks/payments: the payment provider's events; a completed checkout marks the concierge fee paid once. */
import { PAYMENT_SIGNATURE_HEADER, paymentWebhookResponseSchema } from '@shared/payments/api';
import { config } from '@functions/lib/config';
import { header, rawBody } from '@functions/lib/http/raw-body';
import { publicRoute } from '@functions/lib/http/route';
import { defaultSecrets } from '@functions/lib/secrets';
import { paymentsData } from '../data';
import { receivePaymentWebhook } from '../payments';

// No body schema: the library verifies the signature over the raw bytes before anything in them is trusted.
export default publicRoute({
  response: paymentWebhookResponseSchema,
  handler: async (_input, { event, now }) =>
    receivePaymentWebhook(
      { rawBody: rawBody(event), signature: header(event, PAYMENT_SIGNATURE_HEADER) },
      await defaultSecrets().read(config.stripeWebhookSecret),
      paymentsData(),
      now,
    ),
});
