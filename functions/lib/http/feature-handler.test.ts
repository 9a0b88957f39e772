import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { ConflictError, NotFoundError, TooManyRequestsError } from '../errors';
import { UNAVAILABLE_MESSAGES } from '../unavailable';
import { ruleNow } from '@shared/calendar';
import { featureHandler, type ApiEvent, type BrokerStandingReader, type FeatureRouteKey } from './feature-handler';
import { publicRoute, route, type RouteImpl } from './route';

/** These tests mount only the route under test; a real handler mounts every route of its feature. */
type MarketplaceRoutes = Record<FeatureRouteKey<'marketplace'>, RouteImpl>;

// Arrange helpers: synthetic API Gateway v2 events, no I/O.
type Claims = Record<string, string | string[]>;

function event(
  routeKey: string,
  options: { claims?: Claims; body?: string; query?: Record<string, string>; base64?: boolean } = {},
): ApiEvent {
  const [method, path] = routeKey.split(' ');
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    queryStringParameters: options.query,
    body: options.body,
    isBase64Encoded: options.base64 ?? false,
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: 'req-1',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      ...(options.claims
        ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: options.claims, scopes: [] } } }
        : {}),
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

const context = {} as Context;
const claimsOf = (role: string, sub = 'user-1'): Claims => ({ sub, email: `${role}@leasedesk.com`, 'cognito:groups': [role] });
const silentLogger = () => ({ info: vi.fn(), error: vi.fn() });
const parse = (result: { body?: string }) => JSON.parse(result.body ?? 'null');

/** A rate limiter that admits everything (the limit itself is tested below and against DynamoDB Local). */
const unlimited = () => ({ take: vi.fn(async () => undefined) });

const authedRoute = (handler = vi.fn(async () => ({ cards: [] }))) =>
  route({ response: z.object({ cards: z.array(z.unknown()) }), handler });

describe('featureHandler: route modules loaded on first use', () => {
  const loaderOf = (impl: RouteImpl) => vi.fn(async () => ({ default: impl }));

  it('loads a route module on the first call of its route only, and once per container', async () => {
    const dashboard = loaderOf(authedRoute());
    const handler = featureHandler('dashboard', { 'GET /dashboard': dashboard }, { logger: silentLogger() });
    expect(dashboard).not.toHaveBeenCalled();

    const first = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);
    const second = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);

    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(dashboard).toHaveBeenCalledTimes(1);
  });

  it('does not load the route module for a caller it refuses', async () => {
    const dashboard = loaderOf(authedRoute());
    const handler = featureHandler('dashboard', { 'GET /dashboard': dashboard }, { logger: silentLogger() });

    const result = await handler(event('GET /dashboard'), context);

    expect(result.statusCode).toBe(401);
    expect(dashboard).not.toHaveBeenCalled();
  });

  it('answers 500 and logs when a loaded module is mounted with the wrong access kind', async () => {
    const logger = silentLogger();
    const trending = loaderOf(route({ response: z.object({}), handler: () => ({}) }));
    const handler = featureHandler('marketplace', { 'GET /marketplace/trending': trending } as unknown as MarketplaceRoutes, {
      logger,
    });

    const result = await handler(event('GET /marketplace/trending'), context);

    expect(result.statusCode).toBe(500);
    expect(logger.error).toHaveBeenCalledWith(
      'unhandled error',
      expect.objectContaining({ error: expect.objectContaining({ message: expect.stringMatching(/publicRoute/) }) }),
    );
  });

  it('tries a module that failed to load again on the next request', async () => {
    const dashboard = vi
      .fn<() => Promise<{ default: RouteImpl }>>()
      .mockRejectedValueOnce(new Error('transient'))
      .mockResolvedValue({ default: authedRoute() });
    const handler = featureHandler('dashboard', { 'GET /dashboard': dashboard }, { logger: silentLogger() });

    const failed = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);
    const retried = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);

    expect([failed.statusCode, retried.statusCode]).toEqual([500, 200]);
    expect(dashboard).toHaveBeenCalledTimes(2);
  });
});

describe('featureHandler: routing', () => {
  it('answers 404 in the error shape for a route key this feature does not serve', async () => {
    const handler = featureHandler('dashboard', { 'GET /dashboard': authedRoute() }, { logger: silentLogger() });

    const result = await handler(event('GET /marketplace/trending'), context);

    expect(result.statusCode).toBe(404);
    expect(parse(result)).toEqual({ error: { code: 'not_found', message: 'Route not found' } });
  });

  it('refuses at cold start a route mounted with the wrong access kind', () => {
    expect(() =>
      featureHandler('marketplace', {
        'GET /marketplace/trending': route({ response: z.object({}), handler: () => ({}) }),
      } as MarketplaceRoutes),
    ).toThrow(/publicRoute/);
  });

  it('refuses at cold start a route with a broker standing mounted without a standing reader', () => {
    type SearchRoutes = Record<FeatureRouteKey<'search'>, RouteImpl>;
    const search = { 'GET /search': route({ response: z.object({}), handler: () => ({}) }) } as SearchRoutes;

    expect(() => featureHandler('search', search)).toThrow(/GET \/search requires a broker standing/);
    expect(() => featureHandler('search', search, { brokerStanding: async () => undefined })).not.toThrow();
  });

  it('returns the route result as JSON with a JSON content type and no caching', async () => {
    const handler = featureHandler('dashboard', { 'GET /dashboard': authedRoute() }, { logger: silentLogger() });

    const result = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);

    expect(result.statusCode).toBe(200);
    expect(result.headers?.['content-type']).toMatch(/^application\/json/);
    expect(result.headers?.['cache-control']).toBe('no-store');
    expect(parse(result)).toEqual({ cards: [] });
  });

  it('shapes the result with the response schema, dropping fields it does not list', async () => {
    const handler = featureHandler(
      'dashboard',
      {
        'GET /dashboard': route({
          response: z.object({ cards: z.array(z.unknown()) }),
          handler: async () => ({ cards: [], secret: 'x' }) as never,
        }),
      },
      { logger: silentLogger() },
    );

    const result = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);

    expect(parse(result)).toEqual({ cards: [] });
  });
});

describe('featureHandler: access', () => {
  it('answers 401 without an identity on a non-public route, without running it', async () => {
    const run = vi.fn(async () => ({ cards: [] }));
    const handler = featureHandler('dashboard', { 'GET /dashboard': authedRoute(run) }, { logger: silentLogger() });

    const result = await handler(event('GET /dashboard'), context);

    expect(result.statusCode).toBe(401);
    expect(parse(result)).toEqual({ error: { code: 'unauthorized', message: 'Authentication required' } });
    expect(run).not.toHaveBeenCalled();
  });

  it('answers 403 to a signed-in user in no group', async () => {
    const handler = featureHandler('dashboard', { 'GET /dashboard': authedRoute() }, { logger: silentLogger() });

    const result = await handler(event('GET /dashboard', { claims: { sub: 'user-1', email: 'x@leasedesk.com' } }), context);

    expect(result.statusCode).toBe(403);
    expect(parse(result).error.code).toBe('forbidden');
  });

  it('passes the identity from the verified claims to the route (groups as API Gateway flattens them)', async () => {
    const run = vi.fn(async () => ({ cards: [] }));
    const handler = featureHandler('dashboard', { 'GET /dashboard': authedRoute(run) }, { logger: silentLogger() });

    await handler(
      event('GET /dashboard', { claims: { sub: 'u-9', email: 'Dealer@LeaseDesk.com', 'cognito:groups': '[dealer]' } }),
      context,
    );

    expect(run).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ identity: { userId: 'u-9', email: 'dealer@leasedesk.com', role: 'dealer' } }),
    );
  });

  it('runs a public route without an identity', async () => {
    const handler = featureHandler(
      'marketplace',
      {
        'GET /marketplace/trending': publicRoute({
          response: z.object({ vehicles: z.array(z.unknown()) }),
          cacheSeconds: 60,
          handler: (_input, ctx) => ({ vehicles: [ctx.identity] }),
        }),
      } as MarketplaceRoutes,
      { logger: silentLogger() },
    );

    const result = await handler(event('GET /marketplace/trending'), context);

    expect(result.statusCode).toBe(200);
    expect(parse(result)).toEqual({ vehicles: [null] });
    expect(result.headers?.['cache-control']).toBe('public, max-age=60');
  });
});

describe('featureHandler: broker standing', () => {
  // Mounts GET /dashboard under a route-table row with the standing under test.
  async function dashboardRequiring(brokerStanding: 'approved' | 'licensed', standing: BrokerStandingReader, clock?: () => Date) {
    vi.resetModules();
    vi.doMock('../../../shared/api/routes', async (importOriginal) => {
      const original = await importOriginal<typeof import('@shared/api/routes')>();
      const routes = original.ROUTES.map((r) => (r.path === '/dashboard' ? { ...r, brokerStanding } : r));
      return { ...original, ROUTES: routes, findRoute: (key: string) => routes.find((r) => `${r.method} ${r.path}` === key) };
    });
    const { featureHandler: withStanding } = await import('./feature-handler');
    const { route: standingRoute } = await import('./route');
    vi.doUnmock('../../../shared/api/routes');
    return withStanding(
      'dashboard',
      { 'GET /dashboard': standingRoute({ response: z.object({ ok: z.boolean() }), handler: () => ({ ok: true }) }) },
      { brokerStanding: standing, logger: silentLogger(), ...(clock ? { clock } : {}) },
    );
  }
  const standings: Record<string, { isApproved: boolean; isLicensed: boolean; licenseExpirationDate?: string }> = {
    pending: { isApproved: false, isLicensed: false },
    unlicensed: { isApproved: true, isLicensed: false },
    licensed: { isApproved: true, isLicensed: true },
    // The daily expiry job has not run since: the flag still reads true.
    expiredYesterday: { isApproved: true, isLicensed: true, licenseExpirationDate: '2026-11-24' },
    expiringToday: { isApproved: true, isLicensed: true, licenseExpirationDate: '2026-11-25' },
  };
  const readStanding = () => vi.fn<BrokerStandingReader>(async (userId) => standings[userId]);
  const call = async (handler: Awaited<ReturnType<typeof dashboardRequiring>>, role: string, userId: string) => {
    const result = await handler(event('GET /dashboard', { claims: claimsOf(role, userId) }), context);
    return { status: result.statusCode, message: result.statusCode === 200 ? undefined : parse(result).error.message };
  };

  it("'licensed' admits approved and licensed brokers and admins, reading the standing on each broker call", async () => {
    const standing = readStanding();
    const handler = await dashboardRequiring('licensed', standing);

    expect(await call(handler, 'broker', 'pending')).toEqual({
      status: 403,
      message: 'Your broker account is pending review by an administrator',
    });
    expect(await call(handler, 'broker', 'unlicensed')).toEqual({
      status: 403,
      message: 'Your broker account must be approved and licensed to do this',
    });
    expect(await call(handler, 'broker', 'licensed')).toEqual({ status: 200, message: undefined });
    expect(await call(handler, 'admin', 'someone')).toEqual({ status: 200, message: undefined });
    expect(standing).toHaveBeenCalledTimes(3);
  });

  it("'licensed' refuses a licence past its expiration date (UTC) before the expiry job ran, as an unlicensed broker", async () => {
    const handler = await dashboardRequiring('licensed', readStanding(), () => new Date('2026-11-25T08:00:00Z'));

    expect(await call(handler, 'broker', 'expiredYesterday')).toEqual({
      status: 403,
      message: 'Your broker account must be approved and licensed to do this',
    });
    expect(await call(handler, 'broker', 'expiringToday')).toEqual({ status: 200, message: undefined });
  });

  it("'approved' refuses only a broker still pending review", async () => {
    const handler = await dashboardRequiring('approved', readStanding());

    expect((await call(handler, 'broker', 'pending')).status).toBe(403);
    expect((await call(handler, 'broker', 'unlicensed')).status).toBe(200);
    expect((await call(handler, 'broker', 'licensed')).status).toBe(200);
  });
});

describe('featureHandler: input', () => {
  const bodySchema = z.object({
    name: z.string({ error: 'Name is required' }).min(1, 'Name is required'),
    age: z.number().int().optional(),
  });
  const signupRoute = (run = vi.fn(async () => ({ url: 'u', fields: {} }))) =>
    publicRoute({
      body: bodySchema,
      response: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
      handler: run,
    });

  it('answers 400 to a body that is not JSON', async () => {
    const handler = featureHandler(
      'auth',
      { 'GET /me': authedRoute(), 'POST /auth/signup-licence': signupRoute() },
      { logger: silentLogger(), rateLimiter: unlimited },
    );

    const result = await handler(event('POST /auth/signup-licence', { body: '{"name": ' }), context);

    expect(result.statusCode).toBe(400);
    expect(parse(result)).toEqual({ error: { code: 'bad_request', message: 'Request body must be valid JSON' } });
  });

  it("answers 400 with the schema's first message and a field map", async () => {
    const handler = featureHandler(
      'auth',
      { 'GET /me': authedRoute(), 'POST /auth/signup-licence': signupRoute() },
      { logger: silentLogger(), rateLimiter: unlimited },
    );

    const result = await handler(event('POST /auth/signup-licence', { body: JSON.stringify({ name: '', age: 1.5 }) }), context);

    expect(result.statusCode).toBe(400);
    expect(parse(result).error).toMatchObject({
      code: 'bad_request',
      message: 'Name is required',
      fields: { name: 'Name is required' },
    });
    expect(Object.keys(parse(result).error.fields)).toEqual(['name', 'age']);
  });

  it('answers 400, not 500, to a missing body, a JSON null and a base64 body it cannot use', async () => {
    const handler = featureHandler(
      'auth',
      { 'GET /me': authedRoute(), 'POST /auth/signup-licence': signupRoute() },
      { logger: silentLogger(), rateLimiter: unlimited },
    );

    const statuses = await Promise.all(
      [
        event('POST /auth/signup-licence'),
        event('POST /auth/signup-licence', { body: 'null' }),
        event('POST /auth/signup-licence', { body: '[1,2]' }),
        event('POST /auth/signup-licence', { body: Buffer.from('not json').toString('base64'), base64: true }),
      ].map(async (e) => (await handler(e, context)).statusCode),
    );

    expect(statuses).toEqual([400, 400, 400, 400]);
  });

  it('decodes a base64 body and passes the parsed input to the route', async () => {
    const run = vi.fn(async () => ({ url: 'u', fields: {} }));
    const handler = featureHandler(
      'auth',
      { 'GET /me': authedRoute(), 'POST /auth/signup-licence': signupRoute(run) },
      { logger: silentLogger(), rateLimiter: unlimited },
    );

    const result = await handler(
      event('POST /auth/signup-licence', { body: Buffer.from('{"name":"Ann"}').toString('base64'), base64: true }),
      context,
    );

    expect(result.statusCode).toBe(200);
    expect(run).toHaveBeenCalledWith({ params: undefined, query: undefined, body: { name: 'Ann' } }, expect.anything());
  });

  it('validates the query string with the route schema', async () => {
    const handler = featureHandler(
      'dashboard',
      {
        'GET /dashboard': route({
          query: z.object({ limit: z.coerce.number().int().max(10, 'Limit is at most 10') }),
          response: z.object({ limit: z.number() }),
          handler: ({ query }) => ({ limit: query.limit }),
        }),
      },
      { logger: silentLogger() },
    );

    const ok = await handler(event('GET /dashboard', { claims: claimsOf('admin'), query: { limit: '5' } }), context);
    const bad = await handler(event('GET /dashboard', { claims: claimsOf('admin'), query: { limit: '50' } }), context);

    expect(parse(ok)).toEqual({ limit: 5 });
    expect(bad.statusCode).toBe(400);
    expect(parse(bad).error.message).toBe('Limit is at most 10');
  });
});

describe('featureHandler: per-source limit', () => {
  const signupRoute = (run = vi.fn(async () => ({ url: 'u', fields: {} }))) =>
    publicRoute({
      body: z.object({ name: z.string() }),
      response: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
      handler: run,
    });

  it("counts a request to a route with a sourceLimit against the caller's source IP, before validating it", async () => {
    const limiter = unlimited();
    const handler = featureHandler(
      'auth',
      { 'GET /me': authedRoute(), 'POST /auth/signup-licence': signupRoute() },
      { logger: silentLogger(), rateLimiter: () => limiter },
    );

    const result = await handler(event('POST /auth/signup-licence', { body: 'not json' }), context);

    expect(result.statusCode).toBe(400);
    expect(limiter.take).toHaveBeenCalledWith(
      'POST /auth/signup-licence',
      '127.0.0.1',
      { requests: 20, windowSeconds: 600 },
      expect.any(Date),
    );
  });

  it('answers 429 in the one error shape with Retry-After, without running the route, once the source is over its limit', async () => {
    const run = vi.fn(async () => ({ url: 'u', fields: {} }));
    const refusing = () => ({
      take: vi.fn(async () => Promise.reject(new TooManyRequestsError('Too many requests. Please try again later.', 42))),
    });
    const handler = featureHandler(
      'auth',
      { 'GET /me': authedRoute(), 'POST /auth/signup-licence': signupRoute(run) },
      { logger: silentLogger(), rateLimiter: refusing },
    );

    const result = await handler(event('POST /auth/signup-licence', { body: '{"name":"Ann"}' }), context);

    expect(result.statusCode).toBe(429);
    expect(result.headers).toMatchObject({ 'retry-after': '42', 'cache-control': 'no-store' });
    expect(parse(result)).toEqual({
      error: { code: 'too_many_requests', message: 'Too many requests. Please try again later.' },
    });
    expect(run).not.toHaveBeenCalled();
  });

  it('does not count routes without a sourceLimit', async () => {
    const limiter = unlimited();
    const handler = featureHandler(
      'dashboard',
      { 'GET /dashboard': authedRoute() },
      { logger: silentLogger(), rateLimiter: () => limiter },
    );

    await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);

    expect(limiter.take).not.toHaveBeenCalled();
  });
});

describe('featureHandler: errors and logging', () => {
  it('maps each AppError to its status and code', async () => {
    const failing = (error: Error) =>
      featureHandler(
        'dashboard',
        { 'GET /dashboard': authedRoute(vi.fn(async () => Promise.reject(error))) },
        { logger: silentLogger() },
      );

    const notFound = await failing(new NotFoundError('Deal not found'))(
      event('GET /dashboard', { claims: claimsOf('admin') }),
      context,
    );
    const conflict = await failing(new ConflictError('This stock number is already in use'))(
      event('GET /dashboard', { claims: claimsOf('admin') }),
      context,
    );

    expect(notFound.statusCode).toBe(404);
    expect(parse(notFound)).toEqual({ error: { code: 'not_found', message: 'Deal not found' } });
    expect(conflict.statusCode).toBe(409);
    expect(parse(conflict)).toEqual({ error: { code: 'conflict', message: 'This stock number is already in use' } });
  });

  it('answers any other error with 500 "Internal error", logging the error but not leaking it', async () => {
    const logger = silentLogger();
    const handler = featureHandler(
      'dashboard',
      { 'GET /dashboard': authedRoute(vi.fn(async () => Promise.reject(new Error('table exploded: secret detail')))) },
      { logger },
    );

    const result = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);

    expect(result.statusCode).toBe(500);
    expect(parse(result)).toEqual({ error: { code: 'internal', message: 'Internal error' } });
    expect(result.body).not.toContain('secret');
    expect(logger.error).toHaveBeenCalledWith('unhandled error', expect.objectContaining({ route: 'GET /dashboard' }));
  });

  it('answers an outside service that failed after its retries with 503 naming it and Retry-After, not 500', async () => {
    const logger = silentLogger();
    const throttled = Object.assign(new Error('Rate of requests exceeds the allowed throughput'), {
      name: 'ProvisionedThroughputExceededException',
      $metadata: { httpStatusCode: 400, attempts: 10 },
    });
    const handler = featureHandler(
      'dashboard',
      { 'GET /dashboard': authedRoute(vi.fn(async () => Promise.reject(throttled))) },
      { logger },
    );

    const result = await handler(event('GET /dashboard', { claims: claimsOf('admin') }), context);

    expect(result.statusCode).toBe(503);
    expect(parse(result)).toEqual({ error: { code: 'unavailable', message: UNAVAILABLE_MESSAGES.table } });
    expect(result.headers?.['retry-after']).toBe('5');
    expect(logger.error).toHaveBeenCalledWith('dependency unavailable', expect.objectContaining({ route: 'GET /dashboard' }));
  });

  it('logs one line per request with route, status, latency and role, and nothing from the body', async () => {
    const logger = silentLogger();
    let tick = 1_000;
    const handler = featureHandler(
      'auth',
      {
        'GET /me': authedRoute(),
        'POST /auth/signup-licence': publicRoute({
          body: z.object({ password: z.string().min(50) }),
          response: z.object({}),
          handler: () => ({}),
        }),
      },
      {
        logger,
        clock: () => new Date((tick += 7)),
        rateLimiter: unlimited,
      },
    );

    await handler(event('POST /auth/signup-licence', { body: JSON.stringify({ password: 'hunter2' }) }), context);
    await handler(event('GET /me', { claims: claimsOf('consumer') }), context);

    expect(logger.info).toHaveBeenCalledTimes(2);
    expect(logger.info).toHaveBeenNthCalledWith(1, 'request', {
      route: 'POST /auth/signup-licence',
      status: 400,
      latencyMs: expect.any(Number),
      role: 'anonymous',
      requestId: 'req-1',
    });
    expect(logger.info).toHaveBeenNthCalledWith(
      2,
      'request',
      expect.objectContaining({ route: 'GET /me', status: 200, role: 'consumer' }),
    );
    expect(JSON.stringify(logger.info.mock.calls)).not.toContain('hunter2');
  });
});

describe('featureHandler: body limit', () => {
  type QuoteRoutes = Record<FeatureRouteKey<'quotes'>, RouteImpl>;
  const limit = 8 * 1024; // POST /quote-requests' maxBodyBytes in the route table
  const quoteRoute = (run = vi.fn(async () => ({ id: '01LEAD' }))) =>
    publicRoute({ body: z.object({ note: z.string() }), response: z.object({ id: z.string() }), status: 201, handler: run });

  it("refuses a body over the route's maxBodyBytes with 400 before parsing or running it, counting UTF-8 bytes", async () => {
    const run = vi.fn(async () => ({ id: '01LEAD' }));
    const handler = featureHandler('quotes', { 'POST /quote-requests': quoteRoute(run) } as QuoteRoutes, {
      logger: silentLogger(),
      rateLimiter: unlimited,
    });
    // 2-byte characters: under the limit in characters, over it in bytes.
    const body = JSON.stringify({ note: 'é'.repeat(limit / 2) });

    const result = await handler(event('POST /quote-requests', { body }), context);

    expect(body.length).toBeLessThan(limit + 20);
    expect(result.statusCode).toBe(400);
    expect(parse(result)).toEqual({ error: { code: 'bad_request', message: 'Request body is too large' } });
    expect(run).not.toHaveBeenCalled();
  });

  it('accepts a body at the limit', async () => {
    const handler = featureHandler('quotes', { 'POST /quote-requests': quoteRoute() } as QuoteRoutes, {
      logger: silentLogger(),
      rateLimiter: unlimited,
    });
    const body = JSON.stringify({ note: 'x'.repeat(limit - '{"note":""}'.length) });

    const result = await handler(event('POST /quote-requests', { body }), context);

    expect(Buffer.byteLength(body)).toBe(limit);
    expect(result.statusCode).toBe(201);
  });
});

describe('featureHandler: schemas judge "now" at the request time', () => {
  it("parses the body at the handler's clock, not at the module's load or the wall clock", async () => {
    // Arrange: a body rule relative to today, and a clock far from the real one.
    const seen: string[] = [];
    const datedRoute = route({
      body: z.object({
        date: z.string().superRefine((value, ctx) => {
          seen.push(ruleNow().toISOString());
          if (value < ruleNow().toISOString().slice(0, 10)) ctx.addIssue({ code: 'custom', message: 'Date is in the past' });
        }),
      }),
      response: z.object({ ok: z.boolean() }),
      handler: async () => ({ ok: true }),
    });
    const handler = featureHandler(
      'deals',
      { 'POST /deals': datedRoute } as unknown as Record<FeatureRouteKey<'deals'>, RouteImpl>,
      // An admin's call: the broker standing is never read.
      { logger: silentLogger(), clock: () => new Date('2031-01-01T00:00:00.000Z'), brokerStanding: async () => undefined },
    );
    const post = (date: string) =>
      handler(event('POST /deals', { claims: claimsOf('admin'), body: JSON.stringify({ date }) }), context);

    // Act
    const past = await post('2030-12-31');
    const today = await post('2031-01-01');

    // Assert
    expect([past.statusCode, parse(past).error.message]).toEqual([400, 'Date is in the past']);
    expect(today.statusCode).toBe(200);
    expect(seen).toEqual(['2031-01-01T00:00:00.000Z', '2031-01-01T00:00:00.000Z']);
    expect(ruleNow().getUTCFullYear()).not.toBe(2031);
  });
});
