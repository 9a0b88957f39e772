/**
 * POST /marketplace/images: a presigned POST of one vehicle image to the deal-images bucket under a random,
 * never reused name (spec: "upload with a random name, no upsert"). The policy itself holds the upload to the
 * declared image type and 5 MB, so a browser that lies in the request still cannot store anything else.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import type { VehicleImageUploadRequest, VehicleImageUploadResponse } from '@shared/marketplace/api';
import { dealImageKey, fileExtension } from '@shared/uploads/schemas';
import { presignUpload } from '../lib/storage';

export interface ImageUploadDeps {
  s3: S3Client;
  bucket: string;
  /** Public base URL of the bucket's objects (config.dealImagesUrl). */
  publicUrl: string;
}

export async function presignVehicleImage(
  request: VehicleImageUploadRequest,
  deps: ImageUploadDeps,
  now: Date,
): Promise<VehicleImageUploadResponse> {
  // The validated request guarantees an allowed extension whose content type matches.
  const key = dealImageKey(ulid(now.getTime()), fileExtension(request.fileName)!);
  const upload = await presignUpload(deps.s3, { bucket: deps.bucket, key, contentType: request.contentType.toLowerCase() });
  return { ...upload, imageUrl: `${deps.publicUrl}/${key}` };
}
