/**
 * The deal-images bucket, shared by the routes that save or upload a vehicle image; its S3 client is loaded on first
 * use (routes and saves without an image never load it) and kept for the container's life.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { config } from '@functions/lib/config';
import { createS3Client } from '@functions/lib/storage';
import type { ImageStorage } from './images';

let s3: Promise<S3Client> | undefined;

export const imageStorage = (): ImageStorage => ({
  s3: () => (s3 ??= createS3Client()),
  bucket: config.dealImagesBucket,
  publicUrl: config.dealImagesUrl,
});
