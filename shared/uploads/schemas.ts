/**
 * What may be uploaded where. The browser checks a chosen file with `fileSchema(kind)` before uploading;
 * the API checks the upload request (`uploadRequestSchema(kind)`) before it signs a presigned POST that
 * enforces the same content type and size in S3 itself.
 */
import * as z from 'zod';
import { MAX_UPLOAD_BYTES } from '../constants';
import { number, requiredText } from '../validation';

export const PROFILE_PHOTO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'] as const;
export const LICENCE_FILE_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png'] as const;
/** The image types a vehicle image URL may end with (spec, "Vehicle offers"). */
export const VEHICLE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp'] as const;

export const CONTENT_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
} as const;
export type UploadExtension = keyof typeof CONTENT_TYPES;

export const UPLOAD_KINDS = {
  profilePhoto: {
    extensions: PROFILE_PHOTO_EXTENSIONS,
    typeMessage: 'Photo must be a JPEG, PNG or WebP image',
    sizeMessage: 'Image must be less than 5MB',
  },
  licence: {
    extensions: LICENCE_FILE_EXTENSIONS,
    typeMessage: 'License must be a PDF, JPG, JPEG or PNG file',
    sizeMessage: 'File must be less than 5MB',
  },
  vehicleImage: {
    extensions: VEHICLE_IMAGE_EXTENSIONS,
    typeMessage: 'Image must be a JPG, PNG, GIF or WebP file',
    sizeMessage: 'Image must be less than 5MB',
  },
} as const satisfies Record<string, { extensions: readonly UploadExtension[]; typeMessage: string; sizeMessage: string }>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const CHOOSE_FILE_MESSAGE = 'Please choose a file';
export const EMPTY_FILE_MESSAGE = 'File is empty';
export const CONTENT_TYPE_MISMATCH_MESSAGE = 'File type does not match its extension';

/** The lower-cased extension of a file name ("Scan.PDF" -> "pdf"), or undefined when it has none. */
export function fileExtension(fileName: string): string | undefined {
  const match = /\.([^./\\]+)$/.exec(fileName.trim());
  return match ? match[1].toLowerCase() : undefined;
}

export function isAllowedExtension(kind: UploadKind, fileName: string): boolean {
  const extension = fileExtension(fileName);
  return extension !== undefined && (UPLOAD_KINDS[kind].extensions as readonly string[]).includes(extension);
}

export function contentTypeFor(fileName: string): string | undefined {
  const extension = fileExtension(fileName);
  return extension && extension in CONTENT_TYPES ? CONTENT_TYPES[extension as UploadExtension] : undefined;
}

/** The part of a browser `File` the checks need; a `File` satisfies it and passes through unchanged. */
export interface FileLike {
  name: string;
  size: number;
}

function isFileLike(value: unknown): value is FileLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FileLike).name === 'string' &&
    typeof (value as FileLike).size === 'number'
  );
}

/** A chosen file of `kind`: allowed extension (by name, case-insensitive), not empty, at most 5 MB. */
export function fileSchema<F extends FileLike = FileLike>(kind: UploadKind) {
  const { typeMessage, sizeMessage } = UPLOAD_KINDS[kind];
  return z
    .custom<F>(isFileLike, CHOOSE_FILE_MESSAGE)
    .refine((file) => isAllowedExtension(kind, file.name), typeMessage)
    .refine((file) => file.size > 0, EMPTY_FILE_MESSAGE)
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, sizeMessage);
}

/** The body of a request for a presigned upload of `kind`. */
export function uploadRequestSchema(kind: UploadKind) {
  const { typeMessage, sizeMessage } = UPLOAD_KINDS[kind];
  return z
    .object({
      fileName: requiredText(CHOOSE_FILE_MESSAGE).refine((name) => isAllowedExtension(kind, name), typeMessage),
      contentType: requiredText(typeMessage),
      size: number(CHOOSE_FILE_MESSAGE).int(EMPTY_FILE_MESSAGE).min(1, EMPTY_FILE_MESSAGE).max(MAX_UPLOAD_BYTES, sizeMessage),
    })
    .refine((request) => contentTypeFor(request.fileName) === request.contentType.toLowerCase(), {
      message: CONTENT_TYPE_MISMATCH_MESSAGE,
      path: ['contentType'],
    });
}
export type UploadRequest = z.infer<ReturnType<typeof uploadRequestSchema>>;
