/**
 * S3 object requests (get, put, copy, delete) signed here with Signature Version 4 and sent with `fetch`, for the
 * functions that need nothing else of S3: the rank-trending job (the embed page) and the PostConfirmation trigger
 * (the licence move). Why not the S3 client: esbuild splits by file, so the SDK code the S3 client shares with the
 * DynamoDB client (about 45 KB of @smithy/core, @aws-sdk/core and the XML builder) lands in the chunks every cold
 * start loads, and the client itself is about 250 KB more on use; both cost a job its start-up budget
 * (docs/architecture.md, "Cold start"). Routes that presign for browsers keep the client (./storage.ts).
 *
 * Same requests as the client makes: path-style on a configured endpoint (AWS_ENDPOINT_URL_S3, the local s3rver) or
 * with S3_FORCE_PATH_STYLE, virtual-hosted on AWS; the function's credentials from the environment (locally s3rver's
 * pair, ./config.ts); a failed attempt that S3 may answer differently later (5xx, 429, no answer) is tried again, as
 * the client's standard retry does, three attempts in all.
 */
import { createHash, createHmac } from 'node:crypto';
import { config, type Config } from './config';
import { DependencyUnavailableError } from './unavailable';

type S3Settings = Pick<Config, 's3ForcePathStyle' | 's3Credentials'>;

/** What S3 answered to a request it refused: its error code (`NoSuchKey`, `AccessDenied`, ...) and HTTP status. */
export class S3RequestError extends Error {
  readonly $metadata: { httpStatusCode: number };
  constructor(code: string, status: number, message: string) {
    super(message);
    this.name = code;
    this.$metadata = { httpStatusCode: status };
  }
}

export interface S3ObjectRequest {
  method: 'GET' | 'PUT' | 'DELETE';
  bucket: string;
  key: string;
  body?: string;
  /** Further headers, signed with the request (Content-Type, Cache-Control, x-amz-copy-source). */
  headers?: Record<string, string>;
}

const ATTEMPTS = 3;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

/** RFC 3986 encoding of one path segment, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The object's URL: path-style on a configured endpoint or when asked, else the bucket's virtual host in AWS. */
export function objectUrl(bucket: string, key: string, region: string, forcePathStyle: boolean, endpoint?: string): URL {
  const path = key.split('/').map(encodeSegment).join('/');
  if (endpoint) {
    const base = new URL(endpoint);
    if (forcePathStyle) return new URL(`${base.origin}/${bucket}/${path}`);
    return new URL(`${base.protocol}//${bucket}.${base.host}/${path}`);
  }
  if (forcePathStyle) return new URL(`https://s3.${region}.amazonaws.com/${bucket}/${path}`);
  return new URL(`https://${bucket}.s3.${region}.amazonaws.com/${path}`);
}

const hmac = (key: string | Buffer, value: string) => createHmac('sha256', key).update(value).digest();

/**
 * The headers of `request` signed with SigV4 for S3 (header authorization, payload hashed): `host`, `x-amz-date`,
 * `x-amz-content-sha256`, the session token if any, and `authorization` added to `headers`. Every header given is
 * signed.
 */
export function signS3Request(input: {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  now: Date;
}): Record<string, string> {
  const amzDate = input.now.toISOString().replace(/[-:]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = input.body === undefined ? EMPTY_SHA256 : createHash('sha256').update(input.body).digest('hex');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers)) headers[name.toLowerCase()] = value.trim();
  headers.host = input.url.host;
  headers['x-amz-date'] = amzDate;
  headers['x-amz-content-sha256'] = payloadHash;
  if (input.credentials.sessionToken) headers['x-amz-security-token'] = input.credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(';');
  const query = [...input.url.searchParams]
    .map(([name, value]) => `${encodeSegment(name)}=${encodeSegment(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    query,
    names.map((name) => `${name}:${headers[name]}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, createHash('sha256').update(canonicalRequest).digest('hex')].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

function credentialsOf(settings: S3Settings) {
  if (settings.s3Credentials) return settings.s3Credentials;
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = process.env;
  if (!accessKeyId || !secretAccessKey)
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/**
 * The error S3 reported: any answer but a 2xx, or a copy's 200 whose body is an error document (S3 may fail a copy
 * after it has started answering).
 */
function errorOf(body: string, status: number, copy: boolean): S3RequestError | undefined {
  if (status < 300 && !(copy && /<Error>/.test(body))) return undefined;
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? (status === 404 ? 'NotFound' : `HTTP${status}`);
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? `S3 answered ${status}`;
  return new S3RequestError(code, status, message);
}

const retryable = (error: unknown) =>
  !(error instanceof S3RequestError) ||
  error.$metadata.httpStatusCode >= 500 ||
  error.$metadata.httpStatusCode === 429 ||
  /^(SlowDown|RequestTimeout|InternalError)$/.test(error.name);

/**
 * Sends `request` and answers the object's body as text. Throws an S3RequestError (its name S3's error code, its
 * `$metadata.httpStatusCode` the status, as the SDK's errors) when S3 refuses it, after the retries a transient
 * failure gets.
 */
export async function s3ObjectRequest(request: S3ObjectRequest, settings: S3Settings = config): Promise<string> {
  const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) throw new Error('No AWS region in the environment (AWS_REGION)');
  const endpoint = process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL;
  const url = objectUrl(request.bucket, request.key, region, settings.s3ForcePathStyle, endpoint);
  const credentials = credentialsOf(settings);
  const copy = request.headers !== undefined && Object.keys(request.headers).some((name) => /^x-amz-copy-source$/i.test(name));
  for (let attempt = 1; ; attempt++) {
    try {
      const headers = signS3Request({
        method: request.method,
        url,
        headers: request.headers ?? {},
        body: request.body,
        region,
        credentials,
        now: new Date(),
      });
      // `host` is the URL's: fetch sets it itself and refuses it as a header.
      delete headers.host;
      const answer = await fetch(url, { method: request.method, headers, body: request.body });
      const body = await answer.text();
      const error = errorOf(body, answer.status, copy);
      if (error) throw error;
      return body;
    } catch (error) {
      if (attempt >= ATTEMPTS || !retryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * 2 ** attempt));
    }
  }
}

/**
 * Copies an object inside one bucket, as ./storage.ts `copyObject` does with the client: false, changing nothing,
 * when the source does not exist; any other refusal or failure is a DependencyUnavailableError (503).
 */
export async function copyObjectSigned(input: { bucket: string; from: string; to: string }): Promise<boolean> {
  try {
    await s3ObjectRequest({
      method: 'PUT',
      bucket: input.bucket,
      key: input.to,
      headers: { 'x-amz-copy-source': `${input.bucket}/${encodeURI(input.from)}` },
    });
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as Error).name === 'NoSuchKey' || status === 404) return false;
    throw new DependencyUnavailableError('storage', error);
  }
}

export async function deleteObjectSigned(input: { bucket: string; key: string }): Promise<void> {
  await s3ObjectRequest({ method: 'DELETE', bucket: input.bucket, key: input.key });
}
