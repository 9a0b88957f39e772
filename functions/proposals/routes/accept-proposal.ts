/** POST /proposals/{token}/accept: the client accepts (public; idempotent), from the source address API Gateway saw. */
import { acceptProposalResponseSchema, proposalTokenParamsSchema } from '@shared/proposals/api';
import { config } from '@functions/lib/config';
import { publicRoute } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { proposalsData } from '../data';
import { acceptProposal } from '../proposal-answers';

// The deal's broker is e-mailed that the client accepted (by their preference).
const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export default publicRoute({
  params: proposalTokenParamsSchema,
  response: acceptProposalResponseSchema,
  handler: ({ params }, { event, now }) =>
    acceptProposal(params.token, event.requestContext.http.sourceIp, proposalsData(), notifiers(), now),
});
