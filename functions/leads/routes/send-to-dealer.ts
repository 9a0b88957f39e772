/** POST /deals/{id}/send-to-dealer: e-mails the deal as an ADF lead to its dealership's lead address (outbox). */
import { dealIdParamsSchema } from '@shared/deals/api';
import { sendToDealerResponseSchema } from '@shared/leads/adf-api';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { sendToDealer } from '../adf-send';
import { sendToDealerData } from '../data/adf-data';

const senders = lazy(() => ({ mailer: createMailer() }));

export default route({
  params: dealIdParamsSchema,
  response: sendToDealerResponseSchema,
  handler: ({ params }, { identity, now }) => sendToDealer(identity, params.id, sendToDealerData(), senders(), now),
});
