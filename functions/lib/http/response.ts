import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiErrorBody } from '@shared/errors';
import type { AppError } from '../errors';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** How long browsers (`maxAge`) and shared caches such as CloudFront (`sMaxAge`, max-age when absent) may keep a response. */
export interface CachePolicy {
  maxAge?: number;
  sMaxAge?: number;
}

export function cacheControl({ maxAge, sMaxAge }: CachePolicy = {}): string {
  if (!maxAge) return 'no-store';
  return sMaxAge ? `public, max-age=${maxAge}, s-maxage=${sMaxAge}` : `public, max-age=${maxAge}`;
}

export function jsonResponse(statusCode: number, body: unknown, cache?: CachePolicy): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': cacheControl(cache),
      // A browser never sniffs a JSON answer (which may echo what a caller stored) into something it would run.
      'x-content-type-options': 'nosniff',
    },
    body: JSON.stringify(body),
  };
}

export function errorResponse(error: AppError): APIGatewayProxyStructuredResultV2 {
  const response = jsonResponse(error.status, error.toBody());
  return { ...response, headers: { ...response.headers, ...error.responseHeaders() } };
}

export function internalErrorResponse(): APIGatewayProxyStructuredResultV2 {
  return jsonResponse(500, apiErrorBody('internal', 'Internal error'));
}
