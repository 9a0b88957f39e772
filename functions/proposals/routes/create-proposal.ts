/**
 * POST /deals/{id}/proposals: the deal's broker or an admin shares a snapshot of the deal's offer, sent to the client
 * (201: where it went, and the link once). The body is optional: `{ options }` shares up to three offers to choose from.
 */
import { dealIdParamsSchema } from '@shared/deals/api';
import { createProposalRequestSchema, createProposalResponseSchema } from '@shared/proposals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { createSmsSender } from '@functions/lib/sms';
import { proposalsData } from '../data';
import { createProposal } from '../proposals';

// The proposal goes to the client's e-mail on file, else their phone by text.
const notifiers = lazy(() => ({ mailer: createMailer(), sms: createSmsSender(), appUrl: config.appUrl }));

export default route({
  params: dealIdParamsSchema,
  // No body shares the deal's desked offer, as before options existed.
  body: createProposalRequestSchema.optional(),
  response: createProposalResponseSchema,
  status: 201,
  handler: ({ params, body }, { identity, now }) =>
    createProposal(identity, params.id, body ?? {}, proposalsData(), notifiers(), now),
});
