/**
 * S3: the client (path-style, checksum and credentials switches for the local s3rver) and presigned POSTs for
 * browser uploads that S3 itself holds to the declared content type and the 5 MB limit.
 *
 * The S3 SDK is imported on first use, not with the module: routes that never touch S3 do not load it.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { MAX_UPLOAD_BYTES, SIGNED_LICENCE_URL_TTL_SECONDS } from '@shared/constants';
import { config, type Config } from './config';
import { DependencyUnavailableError } from './unavailable';

/** How long a presigned upload stays usable. */
const UPLOAD_EXPIRES_SECONDS = 300;

export async function createS3Client(
  settings: Pick<Config, 's3ForcePathStyle' | 's3ChecksumWhenRequired' | 's3Credentials'> = config,
): Promise<S3Client> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  return new S3Client({
    forcePathStyle: settings.s3ForcePathStyle,
    ...(settings.s3ChecksumWhenRequired
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
    ...(settings.s3Credentials ? { credentials: settings.s3Credentials } : {}),
  });
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/**
 * A POST policy for exactly one object: `key` in `bucket`, with exactly `contentType`, between 1 byte and
 * `maxBytes`. The browser posts the fields plus the file; S3 rejects anything else.
 */
export async function presignUpload(
  s3: S3Client,
  input: { bucket: string; key: string; contentType: string; maxBytes?: number },
): Promise<PresignedUpload> {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  const { url, fields } = await createPresignedPost(s3, {
    Bucket: input.bucket,
    Key: input.key,
    Conditions: [
      ['content-length-range', 1, input.maxBytes ?? MAX_UPLOAD_BYTES],
      ['eq', '$Content-Type', input.contentType],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
  return { url, fields };
}

/**
 * Copies an object inside one bucket. Answers false, changing nothing, when the source does not exist; S3 refusing
 * or failing the copy otherwise (denied, throttled, down) is a DependencyUnavailableError: the caller's save stops
 * before anything is written, and the user is told file storage is unavailable (503).
 */
export async function copyObject(s3: S3Client, input: { bucket: string; from: string; to: string }): Promise<boolean> {
  const { CopyObjectCommand } = await import('@aws-sdk/client-s3');
  try {
    await s3.send(
      new CopyObjectCommand({ Bucket: input.bucket, CopySource: `${input.bucket}/${encodeURI(input.from)}`, Key: input.to }),
    );
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NoSuchKey' || status === 404) return false;
    throw new DependencyUnavailableError('storage', error);
  }
}

/**
 * A signed GET of `key` in `bucket`, usable for `expiresInSeconds` from `signedAt` (default now): how the private
 * buckets' objects (broker photos, licences) reach a browser. The URL acts with the signer's role, so the function
 * that signs needs read access to the object (infra/stacks/permissions.ts).
 */
export async function signedGetUrl(
  s3: S3Client,
  input: { bucket: string; key: string; expiresInSeconds: number; signedAt?: Date },
): Promise<string> {
  const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: input.bucket, Key: input.key }), {
    expiresIn: input.expiresInSeconds,
    ...(input.signedAt ? { signingDate: input.signedAt } : {}),
  });
}

/** How long a signed URL of a broker's photo lives: as long as a licence's, so a page left open an hour still shows it. */
export const SIGNED_PHOTO_URL_TTL_SECONDS = SIGNED_LICENCE_URL_TTL_SECONDS;

export async function deleteObject(s3: S3Client, input: { bucket: string; key: string }): Promise<void> {
  const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  await s3.send(new DeleteObjectCommand({ Bucket: input.bucket, Key: input.key }));
}
