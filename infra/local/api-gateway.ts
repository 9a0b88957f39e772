/**
 * What API Gateway (HTTP API, payload format 2.0) does between the browser and a feature Lambda, as pure
 * functions the local API server composes: route matching from the route table, the JWT authorizer's claim
 * formatting, building the event, and turning the handler's result into an HTTP response.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { routeKey, type RouteDef } from '@shared/api/routes';

export interface RouteMatch {
  route: RouteDef;
  routeKey: string;
  pathParameters: Record<string, string> | undefined;
}

interface CompiledRoute {
  route: RouteDef;
  pattern: RegExp;
  names: string[];
  /** Lower is more specific: one per path parameter, many for a greedy {proxy+}. */
  weight: number;
}

/** "/deals/{id}" -> /^\/deals\/(?<p0>[^/]+)$/ ; "{proxy+}" matches the rest of the path. */
function compile(route: RouteDef): CompiledRoute {
  const names: string[] = [];
  let weight = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{([^}]+?)(\+?)\}$/.exec(segment);
      if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(param[1] ?? '');
      weight += param[2] ? 100 : 1;
      return param[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}$`), names, weight };
}

/**
 * Matches a request against the route table as API Gateway does: the most specific route wins (a literal
 * segment beats a parameter), and an unmatched method or path is a 404.
 */
export function createRouteMatcher(routes: readonly RouteDef[]): (method: string, path: string) => RouteMatch | undefined {
  const compiled = routes
    .map(compile)
    // Literal segments first: "/marketplace/trending" before "/marketplace/{id}", greedy paths last.
    .sort((a, b) => a.weight - b.weight);
  return (method, path) => {
    for (const { route, pattern, names } of compiled) {
      if (route.method !== method.toUpperCase()) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      const pathParameters = names.length ? decodeParameters(names, match.slice(1)) : undefined;
      return { route, routeKey: routeKey(route), pathParameters };
    }
    return undefined;
  };
}

/**
 * The path parameters, percent-decoded; undefined when a segment cannot be decoded ("%", "%E0%A4%A"), so that the
 * route's schema refuses the request with a 400 rather than the server failing on it.
 */
function decodeParameters(names: string[], values: (string | undefined)[]): Record<string, string> | undefined {
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
  } catch {
    return undefined;
  }
}

/**
 * API Gateway's JWT authorizer hands claims to the Lambda as strings: arrays become "[a b]", numbers and booleans
 * their text. shared/auth/roles.ts `roleFromGroups` reads "cognito:groups" in this form.
 */
export function formatClaims(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? `[${value.join(' ')}]`
        : typeof value === 'object' && value !== null
          ? JSON.stringify(value)
          : String(value),
    ]),
  );
}

/**
 * API Gateway's JWT authorizer refuses a token without an `exp` claim (it requires `exp` and checks it), where
 * aws-jwt-verify only checks `exp` when it is present. The local authorizer runs this on every token.
 */
export function assertExpiryPresent(payload: Record<string, unknown>): void {
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) throw new Error('The token has no exp claim');
}

/** The token the authorizer reads from `Authorization`, with or without the "Bearer " prefix. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const value = headers.authorization?.trim();
  if (!value) return undefined;
  return value.replace(/^Bearer\s+/i, '') || undefined;
}

const TEXT_CONTENT = /^(text\/|application\/(json|.*\+json|xml|.*\+xml|x-www-form-urlencoded|javascript))/i;

export interface IncomingApiRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Buffer;
  sourceIp: string;
}

export function buildEvent(
  request: IncomingApiRequest,
  match: RouteMatch,
  jwt: { claims: Record<string, string>; scopes: string[] } | undefined,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of request.url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const cookies = request.headers.cookie?.split(/;\s*/).filter(Boolean);
  const isText = TEXT_CONTENT.test(request.headers['content-type'] ?? 'application/json');
  const now = new Date();
  const event = {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: request.url.pathname,
    rawQueryString: request.url.search.replace(/^\?/, ''),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: match.pathParameters,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      ...(jwt ? { authorizer: { principalId: '', integrationLatency: 0, jwt } } : {}),
      domainName: request.headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: request.url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: request.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: match.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    body: request.body.length ? request.body.toString(isText ? 'utf8' : 'base64') : undefined,
    isBase64Encoded: request.body.length > 0 && !isText,
  };
  // Public routes have no authorizer, exactly as in API Gateway; the handler type still names the JWT shape.
  return event as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/**
 * Payload format 2.0 response rules: a result with a statusCode is used as is; anything else is the JSON body
 * of a 200 (a string body is sent as is).
 */
export function toHttpAnswer(result: unknown): HttpAnswer {
  const structured =
    typeof result === 'object' && result !== null && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : undefined;
  if (!structured) {
    const body = typeof result === 'string' ? result : JSON.stringify(result ?? null);
    return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (structured.cookies?.length) headers['set-cookie'] = structured.cookies;
  if (!headers['content-type'] && structured.body !== undefined) headers['content-type'] = 'application/json';
  const body = Buffer.from(structured.body ?? '', structured.isBase64Encoded ? 'base64' : 'utf8');
  return { status: structured.statusCode ?? 200, headers, body };
}
