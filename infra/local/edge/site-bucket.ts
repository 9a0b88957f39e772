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
 * `dir` holds the build; `written` the objects the deployment writes itself (config.json). Keys are S3 keys: a
 * key with an empty, `.` or `..` segment names nothing the deployment uploaded, so it is no object.
 */
export function siteBucket(dir: string, written: Record<string, BucketObject>): SiteBucket {
  const root = resolve(dir);
  return async (key) => {
    if (Object.hasOwn(written, key)) return written[key];
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
