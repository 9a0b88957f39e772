/** The auth feature's Lambda: GET /me and POST /auth/signup-licence. */
import { meResponseSchema, signupLicenceRequestSchema, signupLicenceResponseSchema } from '@shared/auth/api';
import { cognitoUserDirectory } from '@functions/lib/cognito';
import { config } from '@functions/lib/config';
import { authData } from './data';
import { featureHandler } from '@functions/lib/http/feature-handler';
import { publicRoute, route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createS3Client } from '@functions/lib/storage';
import { describeCaller } from './me';
import { presignSignupLicence } from './signup-licence';

const directory = lazy(() => cognitoUserDirectory());
const s3 = lazy(() => createS3Client());

export const handler = featureHandler('auth', {
  'GET /me': route({
    response: meResponseSchema,
    handler: (_input, { identity }) => describeCaller(identity, authData()),
  }),
  'POST /auth/signup-licence': publicRoute({
    body: signupLicenceRequestSchema,
    response: signupLicenceResponseSchema,
    handler: async ({ body }, { now }) =>
      presignSignupLicence(
        body,
        { directory: directory(), data: authData(), s3: await s3(), licencesBucket: config.brokerLicencesBucket },
        now,
      ),
  }),
});
