/**
 * POST /consumer/deals/{id}/proposals/{proposalId}/accept: the consumer accepts their own deal's proposal from the
 * portal, with the link's rules (idempotent; time and source address on the deal's trail; available -> pending).
 */
import { acceptProposalRequestSchema, acceptProposalResponseSchema, proposalParamsSchema } from '@shared/proposals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { proposalsData } from '../data';
import { acceptConsumerProposal } from '../proposal-answers';

// The deal's broker is e-mailed that the client accepted (by their preference).
const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export default route({
  params: proposalParamsSchema,
  // `{ option }`, required when the proposal has options; no body accepts a proposal without them.
  body: acceptProposalRequestSchema.optional(),
  response: acceptProposalResponseSchema,
  handler: ({ params, body }, { identity, event, now }) =>
    acceptConsumerProposal(
      identity,
      params.id,
      params.proposalId,
      body?.option,
      event.requestContext.http.sourceIp,
      proposalsData(),
      notifiers(),
      now,
    ),
});
