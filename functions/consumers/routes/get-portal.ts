/** GET /consumer/portal: the consumer's own deals (consumer-visible fields only) and their broker's contact, in one call. */
import { consumerPortalResponseSchema } from '@shared/consumers/api';
import { config } from '@functions/lib/config';
import { route } from '@functions/lib/http/route';
import { lazy } from '@functions/lib/lazy';
import { createS3Client, SIGNED_PHOTO_URL_TTL_SECONDS, signedGetUrl } from '@functions/lib/storage';
import { consumersData } from '../data';
import { loadPortal } from '../portal';

const s3 = lazy(() => createS3Client());

/** The broker photos bucket is private (as the broker's own profile shows it): the photo goes out as a signed GET. */
const signPhoto = async (key: string) =>
  signedGetUrl(await s3(), { bucket: config.brokerPhotosBucket, key, expiresInSeconds: SIGNED_PHOTO_URL_TTL_SECONDS });

export default route({
  response: consumerPortalResponseSchema,
  handler: (_input, { identity }) => loadPortal(identity, consumersData(), signPhoto),
});
