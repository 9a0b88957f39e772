/**
 * GET /openapi.json: the public API's document (shared/api/openapi.ts), generated once per container on first
 * request (the generator is loaded only then), with the address it was requested at as its server.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  paths: Record<string, unknown>;
  [key: string]: unknown;
}

let generated: Promise<OpenApiDocument> | undefined;

export async function servedOpenApiDocument(
  event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>,
): Promise<OpenApiDocument> {
  generated ??= import('@shared/api/openapi').then(({ createPublicApiDocument }) => createPublicApiDocument() as never);
  const document = await generated;
  // API Gateway passes the scheme the caller used; the local API server (plain HTTP) does not.
  const scheme = event.headers['x-forwarded-proto'] ?? 'http';
  return { ...document, servers: [{ url: `${scheme}://${event.requestContext.domainName}` }] };
}
