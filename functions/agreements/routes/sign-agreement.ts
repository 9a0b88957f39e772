/**
 * POST /consumer/deals/{id}/agreement/signature: the consumer signs the agreement of their own deal with their typed
 * full name (version, time and source address recorded once; copies e-mailed to them and their broker).
 */
import { consumerAgreementResponseSchema, signAgreementRequestSchema } from '@shared/agreements/api';
import { dealIdParamsSchema } from '@shared/deals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { agreementsData } from '../data';
import { signAgreement } from '../agreements';

const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export default route({
  params: dealIdParamsSchema,
  body: signAgreementRequestSchema,
  response: consumerAgreementResponseSchema,
  handler: ({ params, body }, { identity, event, now }) =>
    signAgreement(identity, params.id, body, event.requestContext.http.sourceIp, agreementsData(), notifiers(), now),
});
