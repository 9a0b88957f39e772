/** POST /proposals/{token}/accept: the client accepts (public; idempotent), from the source address API Gateway saw. */
import { acceptProposalRequestSchema, acceptProposalResponseSchema, proposalTokenParamsSchema } from '@shared/proposals/api';
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
  // `{ option }`, required when the proposal has options; no body accepts a proposal without them.
  body: acceptProposalRequestSchema.optional(),
  response: acceptProposalResponseSchema,
  handler: ({ params, body }, { event, now }) =>
    acceptProposal(params.token, body?.option, event.requestContext.http.sourceIp, proposalsData(), notifiers(), now),
});
