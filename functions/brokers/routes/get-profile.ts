/** GET /profile: the caller's broker profile, this month's figures, last deals and academy progress in one call. */
import { profileResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { getProfile } from '../profile';

export default route({
  response: profileResponseSchema,
  handler: async (_input, { identity, now }) => getProfile(identity, await brokerServices(), now),
});
