/** POST /clients/{id}/invitations: invites the client to the consumer portal by e-mail (SES) or SMS (SNS). */
import {
  createInvitationRequestSchema,
  createInvitationResponseSchema,
  invitationClientParamsSchema,
} from '@shared/invitations/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { createSmsSender } from '@functions/lib/sms';
import { invitationsData } from '../data';
import { sendInvitation } from '../invitations';

const notifiers = lazy(() => ({ mailer: createMailer(), sms: createSmsSender(), appUrl: config.appUrl }));

export default route({
  params: invitationClientParamsSchema,
  body: createInvitationRequestSchema,
  response: createInvitationResponseSchema,
  status: 201,
  handler: ({ params, body }, { identity, now }) =>
    sendInvitation(identity, params.id, body, invitationsData(), notifiers(), now),
});
