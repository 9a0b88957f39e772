/** GET /invitations/{token}: whether an invitation link is valid, used, expired or invalid (public; the sign-up page). */
import { invitationTokenParamsSchema, invitationValidationResponseSchema } from '@shared/invitations/api';
import { publicRoute } from '@functions/lib/http/route';
import { invitationsData } from '../data';
import { validateInvitation } from '../invitations';

export default publicRoute({
  params: invitationTokenParamsSchema,
  response: invitationValidationResponseSchema,
  handler: ({ params }, { now }) => validateInvitation(params.token, invitationsData(), now),
});
