/** POST /auth/signup-licence: a presigned upload for the licence file chosen at sign-up (public; an unconfirmed user only). */
import { signupLicenceRequestSchema, signupLicenceResponseSchema } from '@shared/auth/api';
import { cognitoUserDirectory } from '@functions/lib/cognito';
import { config } from '@functions/lib/config';
import { publicRoute } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createS3Client } from '@functions/lib/storage';
import { authData } from '../data';
import { presignSignupLicence } from '../signup-licence';

const directory = lazy(() => cognitoUserDirectory());
const s3 = lazy(() => createS3Client());

export default publicRoute({
  body: signupLicenceRequestSchema,
  response: signupLicenceResponseSchema,
  handler: async ({ body }, { now }) =>
    presignSignupLicence(
      body,
      { directory: directory(), data: authData(), s3: await s3(), licencesBucket: config.brokerLicencesBucket },
      now,
    ),
});
