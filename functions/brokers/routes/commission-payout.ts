/** POST /admin/commission/payouts: marks a broker's month paid, locking it, and notifies the broker (admins). */
import { payoutRequestSchema, statementResponseSchema } from '@shared/brokers/commission-api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { markPaid } from '../commission';

export default route({
  body: payoutRequestSchema,
  response: statementResponseSchema,
  handler: async ({ body }, { identity, now }) => markPaid(identity, body, await brokerServices(), now),
});
