/**
 * The local deal-images bucket as the seed's photo store: listing photos are put where a claimed upload ends up
 * (`<bucket>/<key>`) and served from the web origin's deal-images path, like every vehicle photo.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3RVER_CREDENTIALS } from '../config';
import type { DemoPhotoStore } from './seed';

export function s3PhotoStore(options: { endpoint: string; region: string; bucket: string; publicUrl: string }): DemoPhotoStore & {
  close(): void;
} {
  const s3 = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    publicUrl: options.publicUrl,
    async put(key, png) {
      await s3.send(new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: png, ContentType: 'image/png' }));
    },
    close: () => s3.destroy(),
  };
}
