/** POST /invitations/{token}/accept: creates the consumer account, links it to the client and uses the invitation (public). */
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  invitationTokenParamsSchema,
} from '@shared/invitations/api';
import { publicRoute } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { cognitoConsumerAccounts } from '../accounts';
import { invitationsData } from '../data';
import { acceptInvitation } from '../acceptance';

const accounts = lazy(() => cognitoConsumerAccounts());

export default publicRoute({
  params: invitationTokenParamsSchema,
  body: acceptInvitationRequestSchema,
  response: acceptInvitationResponseSchema,
  status: 201,
  handler: ({ params, body }, { now }) => acceptInvitation(params.token, body, invitationsData(), accounts(), now),
});
