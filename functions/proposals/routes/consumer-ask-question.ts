/** POST /consumer/deals/{id}/proposals/{proposalId}/questions: the consumer's question from the portal (the link's rules). */
import { proposalParamsSchema, proposalQuestionResponseSchema, proposalQuestionSchema } from '@shared/proposals/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { proposalsData } from '../data';
import { askConsumerQuestion } from '../proposal-answers';

const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export default route({
  params: proposalParamsSchema,
  body: proposalQuestionSchema,
  response: proposalQuestionResponseSchema,
  status: 201,
  handler: ({ params, body }, { identity, now }) =>
    askConsumerQuestion(identity, params.id, params.proposalId, body.question, proposalsData(), notifiers(), now),
});
