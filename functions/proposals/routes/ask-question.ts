/** POST /proposals/{token}/questions: a short question e-mailed to the broker and put on the deal's trail (public). */
import { proposalQuestionResponseSchema, proposalQuestionSchema, proposalTokenParamsSchema } from '@shared/proposals/api';
import { config } from '@functions/lib/config';
import { publicRoute } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { proposalsData } from '../data';
import { askQuestion } from '../proposal-answers';

const notifiers = lazy(() => ({ mailer: createMailer(), appUrl: config.appUrl }));

export default publicRoute({
  params: proposalTokenParamsSchema,
  body: proposalQuestionSchema,
  response: proposalQuestionResponseSchema,
  status: 201,
  handler: ({ params, body }, { now }) => askQuestion(params.token, body.question, proposalsData(), notifiers(), now),
});
