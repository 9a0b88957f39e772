/** POST /deals/{id}/payments-to-review/resolve: an admin marks the fee paid by, or dismisses, a payment to review. */
import { dealIdParamsSchema } from '@shared/deals/api';
import { resolvePaymentRequestSchema, resolvePaymentResponseSchema } from '@shared/payments/api';
import { route } from '@functions/lib/http/route';
import { paymentsData } from '../data';
import { resolvePaymentToReview } from '../payments';

export default route({
  params: dealIdParamsSchema,
  body: resolvePaymentRequestSchema,
  response: resolvePaymentResponseSchema,
  handler: ({ params, body }, { identity, now }) => resolvePaymentToReview(identity, params.id, body, paymentsData(), now),
});
