/**
 * S3: s3rver with the product's three buckets, each with the CORS rule the buckets have in AWS (the web app
 * uploads straight to S3 with presigned requests and reads deal images and signed licence URLs from it).
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { DUMMY_ACCOUNT } from 's3rver/lib/models/account.js';
import { S3RVER_CREDENTIALS, type LOCAL_BUCKETS } from './config';
import { checkPostPolicy } from './s3-post-policy';

export interface S3Options {
  /** 0 picks a free port (read it from the returned server's address). */
  port: number;
  directory: string;
  buckets: typeof LOCAL_BUCKETS;
  /** The origins allowed by CORS: the web app's. */
  webOrigins: string[];
}

/** The buckets' CORS configuration, as in the CDK stack: the web app may GET, PUT, POST and HEAD. */
export function bucketCorsXml(webOrigins: string[]): string {
  const origins = webOrigins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return [
    '<CORSConfiguration><CORSRule>',
    origins,
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod>',
    '<AllowedMethod>POST</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>',
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>',
    '<MaxAgeSeconds>3000</MaxAgeSeconds>',
    '</CORSRule></CORSConfiguration>',
  ].join('');
}

export async function startS3({ port, directory, buckets, webOrigins }: S3Options): Promise<S3rver> {
  const cors = bucketCorsXml(webOrigins);
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    // Path-style only, as the SDK clients are configured (S3_FORCE_PATH_STYLE).
    vhostBuckets: false,
    configureBuckets: Object.values(buckets).map((name) => ({ name, configs: [cors] })),
  });
  // Before s3rver's own middleware: s3rver ignores POST policies (see s3-post-policy.ts).
  (server as unknown as { middleware: PolicyMiddleware[] }).middleware.unshift(enforcePostPolicies);
  await server.run();
  return server;
}

interface PolicyContext {
  method: string;
  path: string;
  req: IncomingMessage;
  status: number;
  body: unknown;
  type: string;
}
type PolicyMiddleware = (ctx: PolicyContext, next: () => Promise<void>) => Promise<void>;

/** Far above any policy's range: a body larger than this is refused without being buffered whole. */
const MAX_POST_BYTES = 20 * 1024 * 1024;

/** A browser upload (POST /<bucket> with a multipart form) is checked against its policy before s3rver stores it. */
const enforcePostPolicies: PolicyMiddleware = async (ctx, next) => {
  const bucket = /^\/([^/]+)\/?$/.exec(ctx.path)?.[1];
  if (ctx.method !== 'POST' || !bucket || !/^multipart\/form-data/i.test(ctx.req.headers['content-type'] ?? '')) {
    return next();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_POST_BYTES) return refuse(ctx, { status: 400, code: 'EntityTooLarge', message: 'Request body too large' });
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks);
  const form = await new Request('http://s3.local/', {
    method: 'POST',
    headers: { 'content-type': ctx.req.headers['content-type']! },
    body: raw,
  }).formData();
  const fields: Record<string, string> = {};
  let fileSize = 0;
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    if (name === 'file') fileSize = typeof value === 'string' ? Buffer.byteLength(value) : value.size;
  }
  const failure = checkPostPolicy({
    fields,
    fileSize,
    bucket,
    now: new Date(),
    secretAccessKey: S3RVER_CREDENTIALS.secretAccessKey,
  });
  if (failure) return refuse(ctx, failure);
  // s3rver reads the body by piping the request into its form parser: hand it the bytes already read.
  ctx.req.pipe = (<T extends NodeJS.WritableStream>(destination: T): T => {
    destination.end(raw);
    return destination;
  }) as IncomingMessage['pipe'];
  return next();
};

function refuse(ctx: PolicyContext, failure: { status: number; code: string; message: string }) {
  ctx.status = failure.status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${failure.code}</Code><Message>${failure.message}</Message></Error>`;
}

/**
 * Another access key s3rver accepts, with s3rver's own secret (so presigned POST policies still verify): the
 * artifact mode gives each packaged function its own key, by which its S3 calls are told apart (iam-recorder.ts).
 */
export function addS3AccessKey(accessKeyId: string): void {
  DUMMY_ACCOUNT.createKeyPair(accessKeyId, S3RVER_CREDENTIALS.secretAccessKey);
}

/** The port s3rver listens on. */
export function s3Port(server: S3rver): number {
  return (server.httpServer?.address() as AddressInfo).port;
}

export async function stopS3(server: S3rver): Promise<void> {
  server.httpServer?.closeAllConnections();
  await server.close();
}
