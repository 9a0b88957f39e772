/** POST /invitations/{token}/email-code: e-mails a code to the account's address of an SMS invitation (public). */
import { emailCodeResponseSchema, invitationTokenParamsSchema } from '@shared/invitations/api';
import { publicRoute } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { invitationsData } from '../data';
import { sendEmailCode } from '../email-codes';

const notifiers = lazy(() => ({ mailer: createMailer() }));

export default publicRoute({
  params: invitationTokenParamsSchema,
  response: emailCodeResponseSchema,
  status: 201,
  handler: ({ params }, { now }) => sendEmailCode(params.token, invitationsData(), notifiers(), now),
});
