/** POST /profile/photo: records the uploaded profile photo once it is in the bucket; answers the profile. */
import { confirmPhotoRequestSchema, profileResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { confirmUpload } from '../profile';

export default route({
  body: confirmPhotoRequestSchema,
  response: profileResponseSchema,
  handler: async ({ body }, { identity, now }) =>
    confirmUpload(identity, 'profilePhoto', body.fileName, await brokerServices(), now),
});
