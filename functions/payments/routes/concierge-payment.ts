/** POST /deals/{id}/concierge-payment: a checkout page for the deal's stored concierge fee (its consumer, or an admin). */
import { dealIdParamsSchema } from '@shared/deals/api';
import { conciergePaymentResponseSchema } from '@shared/payments/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { paymentsData } from '../data';
import { paymentProvider } from '../payment-provider';
import { createConciergePayment } from '../payments';

export default route({
  params: dealIdParamsSchema,
  response: conciergePaymentResponseSchema,
  handler: async ({ params }, { identity }) =>
    createConciergePayment(identity, params.id, paymentsData(), await paymentProvider(), config.appUrl),
});
