/** The invitations feature's Lambda: the invite dialog on /clients and the /consumer-signup page's two calls. */
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  createInvitationRequestSchema,
  createInvitationResponseSchema,
  invitationClientParamsSchema,
  invitationTokenParamsSchema,
  invitationValidationResponseSchema,
} from '@shared/invitations/api';
import { config } from '@functions/lib/config';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { publicRoute, route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createMailer } from '@functions/lib/mailer';
import { createSmsSender } from '@functions/lib/sms';
import { cognitoConsumerAccounts } from './accounts';
import { invitationsData } from './data';
import { acceptInvitation, sendInvitation, validateInvitation } from './invitations';

const notifiers = lazy(() => ({ mailer: createMailer(), sms: createSmsSender(), appUrl: config.appUrl }));
const accounts = lazy(() => cognitoConsumerAccounts());

export const handler = featureHandler('invitations', {
  'POST /clients/{id}/invitations': route({
    params: invitationClientParamsSchema,
    body: createInvitationRequestSchema,
    response: createInvitationResponseSchema,
    status: 201,
    handler: ({ params, body }, { identity, now }) =>
      sendInvitation(identity, params.id, body, invitationsData(), notifiers(), now),
  }),
  'GET /invitations/{token}': publicRoute({
    params: invitationTokenParamsSchema,
    response: invitationValidationResponseSchema,
    handler: ({ params }, { now }) => validateInvitation(params.token, invitationsData(), now),
  }),
  'POST /invitations/{token}/accept': publicRoute({
    params: invitationTokenParamsSchema,
    body: acceptInvitationRequestSchema,
    response: acceptInvitationResponseSchema,
    status: 201,
    handler: ({ params, body }, { now }) => acceptInvitation(params.token, body, invitationsData(), accounts(), now),
  }),
});
