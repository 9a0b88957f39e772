/** POST /admin/commission/adjustments: a bonus, spiff or chargeback with its reason, in the broker's open month (admins). */
import { adjustmentRequestSchema, commissionEntrySchema } from '@shared/brokers/commission-api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { addAdjustment } from '../commission';

export default route({
  body: adjustmentRequestSchema,
  response: commissionEntrySchema,
  status: 201,
  handler: async ({ body }, { identity, now }) => addAdjustment(identity, body, await brokerServices(), now),
});
