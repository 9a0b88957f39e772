/** POST /profile/photo-upload: a presigned upload of the caller's profile photo to the photos bucket. */
import { photoUploadRequestSchema, presignedUploadResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { presignProfileUpload } from '../profile';

export default route({
  body: photoUploadRequestSchema,
  response: presignedUploadResponseSchema,
  handler: async ({ body }, { identity }) => presignProfileUpload(identity, 'profilePhoto', body, await brokerServices()),
});
