/** POST /deals/{id}/agreement/send: e-mails the deal's client the portal link to the agreement (its broker or an admin). */
import { sendAgreementResponseSchema } from '@shared/agreements/api';
import { dealIdParamsSchema } from '@shared/deals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { agreementsData } from '../data';
import { sendAgreement } from '../agreements';

const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export default route({
  params: dealIdParamsSchema,
  response: sendAgreementResponseSchema,
  handler: ({ params }, { identity, now }) => sendAgreement(identity, params.id, agreementsData(), notifiers(), now),
});
