/**
 * S3: s3rver with the product's three buckets, each with the CORS rule the buckets have in AWS (the web app
 * uploads straight to S3 with presigned requests and reads deal images and signed licence URLs from it).
 */
import S3rver from 's3rver';
import type { LOCAL_BUCKETS } from './config';

export interface S3Options {
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
  await server.run();
  return server;
}

export async function stopS3(server: S3rver): Promise<void> {
  server.httpServer?.closeAllConnections();
  await server.close();
}
