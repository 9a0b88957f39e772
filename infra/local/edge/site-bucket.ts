/**
 * The site bucket as CloudFront reads it through origin access control: the objects BucketDeployment uploads (the
 * production build, with config.json written for the stage instead of any file of that name in the build), each
 * with the Content-Type the upload guessed from its extension. A key that is no object is `undefined`; the edge
 * answers it as S3 does, 404 or 403 by whether the bucket policy lets CloudFront list the bucket (edge-server.ts).
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

export interface BucketObject {
  body: Buffer;
  contentType: string;
}

/** What the deployment's upload sets from the extension; anything else gets S3's default. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/vnd.microsoft.icon',
  '.txt': 'text/plain',
  '.woff2': 'font/woff2',
};
const S3_DEFAULT_CONTENT_TYPE = 'binary/octet-stream';

export type SiteBucket = (key: string) => Promise<BucketObject | undefined>;

/**
 * `dir` holds the build; `written` the objects the deployment writes itself (config.json); `atRunTime`, when given,
 * the objects functions write into the bucket after the deployment (the rank-trending job's trending embed page, on
 * s3rver), which the build has no file for. Keys are S3 keys: a key with an empty, `.` or `..` segment names nothing
 * the deployment uploaded, so it is no object.
 */
export function siteBucket(dir: string, written: Record<string, BucketObject>, atRunTime?: SiteBucket): SiteBucket {
  const root = resolve(dir);
  return async (key) => {
    if (Object.hasOwn(written, key)) return written[key];
    const runTime = await atRunTime?.(key);
    if (runTime) return runTime;
    if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
    const file = join(root, key);
    if (!file.startsWith(`${root}${sep}`)) return undefined;
    const isFile = await stat(file).then(
      (stats) => stats.isFile(),
      () => false,
    );
    if (!isFile) return undefined;
    return { body: await readFile(file), contentType: CONTENT_TYPES[extname(file).toLowerCase()] ?? S3_DEFAULT_CONTENT_TYPE };
  };
}

/** The objects of a bucket on s3rver (path-style `bucketUrl`), read as CloudFront's origin access would. */
export function objectsOnS3(bucketUrl: string): SiteBucket {
  return async (key) => {
    const answer = await fetch(`${bucketUrl}/${key.split('/').map(encodeURIComponent).join('/')}`);
    if (answer.status === 404) return undefined;
    if (!answer.ok) throw new Error(`s3rver answered ${answer.status} for ${key}`);
    const contentType = answer.headers.get('content-type') ?? S3_DEFAULT_CONTENT_TYPE;
    return { body: Buffer.from(await answer.arrayBuffer()), contentType };
  };
}

/** Puts one object into a bucket on s3rver (path-style `bucketUrl`). */
export async function uploadToS3(bucketUrl: string, key: string, body: Buffer, contentType: string): Promise<void> {
  const answer = await fetch(`${bucketUrl}/${key.split('/').map(encodeURIComponent).join('/')}`, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': contentType },
  });
  if (!answer.ok) throw new Error(`s3rver refused ${key}: ${answer.status} ${await answer.text()}`);
}
