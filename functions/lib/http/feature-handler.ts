/**
 * One Lambda per feature: `featureHandler('dashboard', { 'GET /dashboard': () => import('./routes/dashboard') })`
 * returns the handler API Gateway (and the local API server) call. Each route is its own module (its schemas, its
 * service, the AWS clients it needs), loaded on the route's first call, so a cold start loads the shared plumbing
 * only and a request loads its own route, never the feature's other routes (docs/architecture.md, "Cold start").
 * Per request it
 *   1. finds the route in the route table by `event.routeKey` (404 for a route this feature does not serve),
 *   2. authorizes from the verified claims: 401 without an identity on a non-public route, 403 for a role the
 *      route does not list, 403 for a broker below the route's `brokerStanding` (approved; approved and licensed), and
 *      counts the request against the route's per-source and per-caller limits (`sourceLimit`, `callerLimit`: 429
 *      when used up),
 *   3. loads the route's module (once per container), then parses and validates path parameters, query and JSON
 *      body with the route's schemas (400, with the
 *      schema's first message and a field map; a body over the route's `maxBodyBytes` is refused unread),
 *   4. runs the route and shapes its result with the response schema,
 * and maps every failure to the one error shape: an outside service that failed (the table throttling, a provider
 * timing out) is a 503 naming it (lib/unavailable.ts); anything else unexpected is logged and answered 500 "Internal
 * error". One log line per request: route, status, latency, caller role.
 */
import middy, { type MiddlewareObj, type Request } from '@middy/core';
import type {
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import type { z } from 'zod';
import { atTime } from '@shared/calendar';
import { findRoute, type Feature, type ROUTES, type RouteDef } from '@shared/api/routes';
import { fieldErrors, firstIssueMessage } from '@shared/errors';
import { identityFromEvent, type ClaimsIdentity, type Identity } from '../auth-context';
import { isLicensedAt } from '@shared/brokers/licence';
import { StoreConflictError } from '../data/errors';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  isAppError,
  NotFoundError,
  UnauthorizedError,
  type AppError,
} from '../errors';
import { logger as defaultLogger } from '../logger';
import { callerSource, defaultRateLimiter, type SourceRateLimiter } from '../rate-limit';
import { outsideServiceError } from '../unavailable';
import { errorResponse, internalErrorResponse, jsonResponse } from './response';
import type { AuthenticatedContext, PublicContext, RouteImpl } from './route';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer | APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;
export type ApiHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** The route keys of one feature, e.g. 'GET /dashboard'. */
type RouteOf<F extends Feature> = Extract<(typeof ROUTES)[number], { feature: F }>;
export type FeatureRouteKey<F extends Feature> =
  RouteOf<F> extends infer R
    ? R extends { method: infer M extends string; path: infer P extends string }
      ? `${M} ${P}`
      : never
    : never;

/** A broker's standing, read from the table on every call of a route with a `brokerStanding` so that revoking is immediate. */
export type BrokerStandingReader = (
  userId: string,
) => Promise<{ isApproved: boolean; isLicensed: boolean; licenseExpirationDate?: string } | undefined>;

export interface FeatureHandlerOptions {
  /**
   * Required when the feature has routes with a `brokerStanding`: the handler passes the table's broker profile
   * (`functions/domain/users/broker-standing.ts`; functions/lib imports no domain), tests inject their own.
   */
  brokerStanding?: BrokerStandingReader;
  /** Used by routes with a `sourceLimit`; counters in the table unless given. */
  rateLimiter?: () => SourceRateLimiter;
  clock?: () => Date;
  logger?: Pick<typeof defaultLogger, 'info' | 'error'>;
}

export const BROKER_PENDING_REVIEW_MESSAGE = 'Your broker account is pending review by an administrator';
export const BROKER_NOT_LICENSED_MESSAGE = 'Your broker account must be approved and licensed to do this';
const INVALID_JSON_MESSAGE = 'Request body must be valid JSON';
export const BODY_TOO_LARGE_MESSAGE = 'Request body is too large';

/** A route module, loaded on first use: `() => import('./routes/list-deals')`, whose default export is the route. */
export type RouteLoader = () => Promise<{ default: RouteImpl }>;

/** A feature's routes: each route key to its module loader (or, in unit tests, to the route itself). */
export type FeatureRoutes<F extends Feature> = Record<FeatureRouteKey<F>, RouteLoader | RouteImpl>;

export function featureHandler<F extends Feature>(
  feature: F,
  routes: FeatureRoutes<F>,
  options: FeatureHandlerOptions = {},
): ApiHandler {
  const clock = options.clock ?? (() => new Date());
  const log = options.logger ?? defaultLogger;
  const rateLimiter = options.rateLimiter ?? defaultRateLimiter;
  const mounted = mountRoutes(feature, routes as Record<string, RouteLoader | RouteImpl>);
  const brokerStanding = options.brokerStanding ?? missingBrokerStanding(feature, mounted);

  const dispatch = async (event: ApiEvent): Promise<ApiResult> => {
    const now = clock();
    const found = mounted.get(event.routeKey);
    if (!found) throw new NotFoundError('Route not found');
    const { def } = found;

    const caller = identityFromEvent(event);
    const identity = await authorize(def, caller, brokerStanding, now);
    if (def.sourceLimit) await rateLimiter().take(event.routeKey, event.requestContext.http.sourceIp, def.sourceLimit, now);
    if (def.callerLimit && identity)
      await rateLimiter().take(event.routeKey, callerSource(identity.userId), def.callerLimit, now);
    const impl = await found.impl();
    const input = {
      params: validate(impl.params, event.pathParameters ?? {}, now),
      query: validate(impl.query, event.queryStringParameters ?? {}, now),
      body: impl.body ? validate(impl.body, parseJsonBody(event, def.maxBodyBytes), now) : undefined,
    };
    const base = { requestId: event.requestContext.requestId, now, event };
    const ctx: AuthenticatedContext | PublicContext = identity ? { ...base, identity } : { ...base, identity: null };
    const result = await impl.run(input, ctx);
    return jsonResponse(impl.status, impl.response.parse(result), {
      maxAge: impl.cacheSeconds,
      sMaxAge: impl.edgeCacheSeconds,
    });
  };

  return middy<ApiEvent, ApiResult>().use(httpBoundary(clock, log)).handler(dispatch) as unknown as ApiHandler;
}

function mountRoutes(feature: Feature, routes: Record<string, RouteLoader | RouteImpl>) {
  const mounted = new Map<string, { def: RouteDef; impl: () => Promise<RouteImpl> }>();
  for (const [key, entry] of Object.entries(routes)) {
    const def = findRoute(key);
    // Programming errors: fail at cold start, not on the first request.
    if (!def || def.feature !== feature) throw new Error(`${key} is not a route of feature ${feature} in shared/api/routes.ts`);
    if (typeof entry === 'function') {
      let loading: Promise<RouteImpl> | undefined;
      const load = async () => checkedKind(key, def, (await entry()).default);
      // A failed load (a module that throws on import) is not cached: the next request tries again.
      const impl = () => (loading ??= load().catch((error: unknown) => ((loading = undefined), Promise.reject(error))));
      mounted.set(key, { def, impl });
    } else {
      const impl = checkedKind(key, def, entry);
      mounted.set(key, { def, impl: () => Promise.resolve(impl) });
    }
  }
  return mounted;
}

/** Without a standing reader, a feature must mount no route with a `brokerStanding` (a programming error, at cold start). */
function missingBrokerStanding(feature: Feature, mounted: ReturnType<typeof mountRoutes>): BrokerStandingReader {
  const needs = [...mounted.entries()].find(([, { def }]) => def.brokerStanding);
  if (needs)
    throw new Error(`${needs[0]} requires a broker standing: pass featureHandler('${feature}', routes, { brokerStanding })`);
  return () => Promise.reject(new Error(`The ${feature} handler has no broker standing reader`));
}

/** The route, if it is mounted with the factory of its kind in the route table (`route` or `publicRoute`). */
export function checkedKind(key: string, def: RouteDef, impl: RouteImpl): RouteImpl {
  const isPublic = def.access === 'public';
  if (isPublic !== (impl.kind === 'public')) {
    throw new Error(
      `${key} is ${isPublic ? 'public' : 'restricted'} in the route table; mount it with ${isPublic ? 'publicRoute' : 'route'}()`,
    );
  }
  return impl;
}

async function authorize(
  def: RouteDef,
  caller: ClaimsIdentity,
  brokerStanding: BrokerStandingReader,
  now: Date,
): Promise<Identity | null> {
  if (def.access === 'public') return caller.kind === 'identity' ? caller.identity : null;
  if (caller.kind === 'anonymous') throw new UnauthorizedError();
  if (caller.kind === 'no-role' || !def.access.includes(caller.identity.role)) throw new ForbiddenError();
  const { identity } = caller;
  if (def.brokerStanding && identity.role === 'broker') {
    const standing = await brokerStanding(identity.userId);
    if (!standing?.isApproved) throw new ForbiddenError(BROKER_PENDING_REVIEW_MESSAGE);
    // Licensed on a licence not expired at this request, whether or not the daily expiry job has run since.
    if (def.brokerStanding === 'licensed' && !isLicensedAt(standing, now)) throw new ForbiddenError(BROKER_NOT_LICENSED_MESSAGE);
  }
  return identity;
}

/**
 * The JSON body, refused before parsing when it is over the route's `maxBodyBytes` (API Gateway's own limit is
 * 10 MB, far more than any form here sends).
 */
function parseJsonBody(event: ApiEvent, maxBodyBytes: number | undefined): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (maxBodyBytes !== undefined && Buffer.byteLength(text, 'utf8') > maxBodyBytes)
    throw new BadRequestError(BODY_TOO_LARGE_MESSAGE);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestError(INVALID_JSON_MESSAGE);
  }
}

/** Parses at the request's time: a schema's rules relative to today (shared/calendar.ts) use the same `now` as the route. */
function validate(schema: z.ZodType | undefined, value: unknown, now: Date): unknown {
  if (!schema) return undefined;
  const parsed = atTime(now, () => schema.safeParse(value));
  if (!parsed.success) throw new BadRequestError(firstIssueMessage(parsed.error), fieldErrors(parsed.error));
  return parsed.data;
}

interface RequestState {
  startedAt: number;
  role: string;
}

/** Error mapping and the request log line, around the dispatch. */
function httpBoundary(clock: () => Date, log: Pick<typeof defaultLogger, 'info' | 'error'>): MiddlewareObj<ApiEvent, ApiResult> {
  const states = new WeakMap<object, RequestState>();

  const logLine = (request: Request<ApiEvent, ApiResult>, status: number) => {
    const state = states.get(request);
    log.info('request', {
      route: request.event.routeKey,
      status,
      latencyMs: state ? clock().getTime() - state.startedAt : undefined,
      role: state?.role ?? 'anonymous',
      requestId: request.event.requestContext?.requestId,
    });
  };

  return {
    before: (request) => {
      const caller = identityFromEvent(request.event);
      states.set(request, {
        startedAt: clock().getTime(),
        role: caller.kind === 'identity' ? caller.identity.role : caller.kind,
      });
    },
    after: (request) => {
      logLine(request, request.response?.statusCode ?? 200);
    },
    onError: (request) => {
      const error = request.error;
      let outside: AppError | null;
      if (isAppError(error)) {
        request.response = errorResponse(error);
      } else if (error instanceof StoreConflictError) {
        // A write lost to the table's current state (a changed deal, a taken stock number): the client's conflict.
        request.response = errorResponse(new ConflictError(error.message));
      } else if ((outside = outsideServiceError(error))) {
        // An outside service failed after its client's retries (or a concurrent write won): the caller may try again
        // (lib/unavailable.ts). A 503 is an error of ours to look at; a lost race is business as usual.
        if (outside.status === 503) log.error('dependency unavailable', { route: request.event.routeKey, error: error as Error });
        else log.info('write lost to a concurrent one', { route: request.event.routeKey, error: (error as Error).message });
        request.response = errorResponse(outside);
      } else {
        log.error('unhandled error', { route: request.event.routeKey, error: error as Error });
        request.response = internalErrorResponse();
      }
      logLine(request, request.response.statusCode ?? 500);
    },
  };
}
