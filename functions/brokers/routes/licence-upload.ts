/** POST /profile/licence-upload: a presigned upload of the caller's licence document to the private licences bucket. */
import { licenceUploadRequestSchema, presignedUploadResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { presignProfileUpload } from '../profile';

export default route({
  body: licenceUploadRequestSchema,
  response: presignedUploadResponseSchema,
  handler: async ({ body }, { identity }) => presignProfileUpload(identity, 'licence', body, await brokerServices()),
});
