/** PATCH /profile: changes the caller's phone, the only field of the profile that is the broker's to set. */
import { profileResponseSchema, updateProfileRequestSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { updateProfile } from '../profile';

export default route({
  body: updateProfileRequestSchema,
  response: profileResponseSchema,
  handler: async ({ body }, { identity, now }) => updateProfile(identity, body, await brokerServices(), now),
});
