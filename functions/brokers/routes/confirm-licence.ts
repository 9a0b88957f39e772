/** POST /profile/licence: records the uploaded licence document (its private key) once it is in the bucket. */
import { confirmLicenceRequestSchema, profileResponseSchema } from '@shared/brokers/api';
import { route } from '@functions/lib/http/route';
import { brokerServices } from '../deps';
import { confirmUpload } from '../profile';

export default route({
  body: confirmLicenceRequestSchema,
  response: profileResponseSchema,
  handler: async ({ body }, { identity, now }) => confirmUpload(identity, 'licence', body.fileName, await brokerServices(), now),
});
