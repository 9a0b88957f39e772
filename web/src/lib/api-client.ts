/**
 * The one API client: JSON over fetch to the configured API, with the session's token on every
 * non-public route, and every failure turned into an ApiError carrying the shared error shape
 * `{ "error": { "code", "message", "fields"? } }`.
 */
import { isApiErrorBody } from '@shared/errors';
import { getSessionToken } from './amplify';
import { getConfig } from './config';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: Method;
  body?: unknown;
  /** false for public routes: no token is sent (and Amplify is not loaded). Default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, auth = true, signal }: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (auth) {
    const token = await getSessionToken();
    if (!token) throw new ApiError(401, 'unauthenticated', 'Auth session missing!');
    headers.Authorization = `Bearer ${token}`;
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', 'Unable to reach the server. Check your connection and try again.');
  }

  const payload = await readJson(response);
  if (!response.ok) throw errorFromResponse(response, payload);
  return payload as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The full address of an API path (the lead address an admin copies into a dealer CRM). */
export function apiUrl(path: string): string {
  return `${getConfig().apiUrl.replace(/\/+$/, '')}${path}`;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Reads the shared error shape; anything else (a gateway's own answer, a proxy's error page) gets a generic message. */
export function errorFromResponse(response: Pick<Response, 'status' | 'statusText'>, payload: unknown): ApiError {
  if (isApiErrorBody(payload)) {
    const { code, message, fields } = payload.error;
    return new ApiError(response.status, code, message, fields);
  }
  // API Gateway's own answers (authorizer, throttling) are `{ "message": "..." }`.
  const gatewayMessage = (payload as { message?: unknown } | undefined)?.message;
  const message =
    typeof gatewayMessage === 'string' ? gatewayMessage : `Request failed (${response.status} ${response.statusText})`.trim();
  return new ApiError(response.status, `http_${response.status}`, message);
}
