/**
 * A vehicle image goes straight from the browser to the deal-images bucket: POST /marketplace/images returns a
 * presigned POST that itself enforces the type and the 5 MB limit, then XMLHttpRequest sends the file (only it
 * reports upload progress). Resolves with the image's public URL, which the vehicle then stores.
 */
import { contentTypeFor } from '@shared/uploads/schemas';
import { api } from '@web/lib/api-client';
import { postToS3 } from '@web/lib/presigned-upload';
import type { VehicleImageUploadRequest, VehicleImageUploadResponse } from '@shared/marketplace/api';

export async function uploadVehicleImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  const request: VehicleImageUploadRequest = {
    fileName: file.name,
    // The API checks the type against the extension, so derive it from the name rather than trust the browser.
    contentType: contentTypeFor(file.name) ?? file.type,
    size: file.size,
  };
  const presigned = await api.post<VehicleImageUploadResponse>('/marketplace/images', request);
  await postToS3(presigned, file, onProgress);
  return presigned.imageUrl;
}
