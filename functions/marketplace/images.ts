/**
 * Vehicle images in the deal-images bucket.
 *
 * - POST /marketplace/images: a presigned POST of one image under the bucket's pending/ prefix with a random, never
 *   reused name, so no upload replaces another. The policy itself holds the upload to the declared image type and 5 MB,
 *   so a browser that lies in the request still cannot store anything else.
 * - Saving a vehicle with an image still under pending/ claims it (`withClaimedImage`): the image is copied to its
 *   final name, the vehicle stores that URL, and the pending copy is removed. An image chosen and never saved
 *   stays under pending/, which the bucket expires after a day (infra/stacks/storage-stack.ts).
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import {
  IMAGE_UPLOAD_EXPIRED_MESSAGE,
  type VehicleImageUploadRequest,
  type VehicleImageUploadResponse,
} from '@shared/marketplace/api';
import { fileExtension } from '@shared/uploads/schemas';
import { claimedDealImageKey, pendingDealImageKey } from '@shared/uploads/keys';
import { BadRequestError } from '@functions/lib/errors';
import { logger } from '@functions/lib/logger';
import { copyObject, deleteObject, presignUpload } from '@functions/lib/storage';

export interface ImageUploadDeps {
  s3: S3Client;
  bucket: string;
  /** Public base URL of the bucket's objects (config.dealImagesUrl). */
  publicUrl: string;
}

/** The deal-images bucket with its S3 client loaded on first use (a save without a new image never loads it). */
export interface ImageStorage extends Omit<ImageUploadDeps, 's3'> {
  s3: () => Promise<S3Client>;
}

export async function presignVehicleImage(
  request: VehicleImageUploadRequest,
  deps: ImageUploadDeps,
  now: Date,
): Promise<VehicleImageUploadResponse> {
  // The validated request guarantees an allowed extension whose content type matches.
  const key = pendingDealImageKey(ulid(now.getTime()), fileExtension(request.fileName)!);
  const upload = await presignUpload(deps.s3, { bucket: deps.bucket, key, contentType: request.contentType.toLowerCase() });
  return { ...upload, imageUrl: `${deps.publicUrl}/${key}` };
}

/** The pending object an image URL names and its final key; undefined for any other URL (claimed, elsewhere, none). */
export function pendingImageOf(
  imageUrl: string | null | undefined,
  publicUrl: string,
): { pendingKey: string; finalKey: string } | undefined {
  if (!imageUrl?.startsWith(`${publicUrl}/`)) return undefined;
  const pendingKey = imageUrl.slice(publicUrl.length + 1);
  const finalKey = claimedDealImageKey(pendingKey);
  return finalKey ? { pendingKey, finalKey } : undefined;
}

/**
 * Runs `save` with the body's image claimed: a pending image is copied to its final name first (a 400 on the image
 * field when it is gone: expired, or never uploaded), `save` gets the final URL, and the pending copy is deleted
 * once the vehicle is saved. A save that fails leaves the pending image in place for the retry; the final copy it
 * made is overwritten by that retry (same name).
 */
export async function withClaimedImage<Body extends { imageUrl?: string | null }, Result>(
  body: Body,
  storage: ImageStorage,
  save: (body: Body) => Promise<Result>,
): Promise<Result> {
  const pending = pendingImageOf(body.imageUrl, storage.publicUrl);
  if (!pending) return save(body);
  const deps = { ...storage, s3: await storage.s3() };
  const copied = await copyObject(deps.s3, { bucket: deps.bucket, from: pending.pendingKey, to: pending.finalKey });
  if (!copied) throw new BadRequestError(IMAGE_UPLOAD_EXPIRED_MESSAGE, { imageUrl: IMAGE_UPLOAD_EXPIRED_MESSAGE });
  const result = await save({ ...body, imageUrl: `${deps.publicUrl}/${pending.finalKey}` });
  try {
    await deleteObject(deps.s3, { bucket: deps.bucket, key: pending.pendingKey });
  } catch (error) {
    // The lifecycle rule removes it within a day anyway: a failure here costs a day of storage, not the save.
    logger.warn('Removing a claimed pending image failed', { key: pending.pendingKey, error });
  }
  return result;
}
