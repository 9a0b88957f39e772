import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiErrorBody } from '@shared/errors';
import type { AppError } from '../errors';

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export function jsonResponse(statusCode: number, body: unknown, cacheSeconds?: number): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': cacheSeconds ? `public, max-age=${cacheSeconds}` : 'no-store',
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
