/**
 * The request body exactly as the caller sent it. API Gateway (HTTP API, payload 2.0) passes text bodies as they
 * are and anything else base64-encoded with `isBase64Encoded` set; the local API server does the same
 * (infra/local/api-gateway.ts). Signature checks must run on these bytes, never on parsed and re-serialised JSON.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export function rawBody(event: Pick<APIGatewayProxyEventV2, 'body' | 'isBase64Encoded'>): Buffer {
  if (event.body === undefined || event.body === null) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/** A request header by name, whatever its case (API Gateway lower-cases them; a test event may not). */
export function header(event: Pick<APIGatewayProxyEventV2, 'headers'>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
