/**
 * CORS of the upload buckets, as plain data so the local stack can give s3rver the same rule the buckets have in AWS.
 * Browsers upload straight to S3 with presigned POST (multipart form) or PUT requests from the app's origin.
 */
export const UPLOAD_CORS = {
  allowedMethods: ['GET', 'HEAD', 'PUT', 'POST'],
  allowedHeaders: ['content-type', 'content-length', 'content-md5', 'cache-control', 'x-amz-*'],
  exposedHeaders: ['ETag'],
  maxAgeSeconds: 3000,
} as const;
