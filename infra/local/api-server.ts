/**
 * The local API: what API Gateway does in AWS, for the same route table and the same handlers. A request is
 * matched against shared/api/routes.ts, a non-public route's bearer token is verified as the Cognito JWT
 * authorizer does, the APIGatewayProxyEventV2 is built and the feature's handler (functions/<feature>/handler.ts,
 * loaded on first use) answers it.
 *
 * Authorizer decision: API Gateway's JWT authorizer checks the signature, `iss`, expiry and that `aud` (ID tokens)
 * or `client_id` (access tokens) is the app client; it does not look at `token_use`. So both tokens are accepted
 * here too (aws-jwt-verify with Cognito's claim checks and tokenUse: null). It also requires `exp`, which
 * aws-jwt-verify checks only when present. The SPA sends the ID token, the only one that carries `email`.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Context } from 'aws-lambda';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { validateCognitoJwtFields } from 'aws-jwt-verify/cognito-verifier';
import type { JwksCache } from 'aws-jwt-verify/jwk';
import { ROUTES, type RouteDef } from '@shared/api/routes';
import { roleFromGroups } from '@shared/auth/roles';
import {
  assertExpiryPresent,
  bearerToken,
  buildEvent,
  createRouteMatcher,
  formatClaims,
  toHttpAnswer,
  type HttpAnswer,
} from './api-gateway';
import { listen, readBody } from './http';
import { lambdaContext, type HandlerModule, type LambdaHandler } from './lambda-context';
import type { StackLog } from './log';
import { answerSmsOutbox } from './sms-outbox';
import { localPage } from './pages/local-pages';

export interface ApiServerOptions {
  port: number;
  issuer: string;
  userPoolClientId: string;
  /** Origins allowed by CORS (the web app), as configured on the HTTP API in AWS. */
  webOrigins: string[];
  log: StackLog;
  routes?: readonly RouteDef[];
  /** Loads a feature's Lambda handler; defaults to functions/<feature>/handler.ts. */
  loadFeature?: (feature: string) => Promise<HandlerModule>;
  /**
   * The deployed routing instead (artifact mode): the function the template integrates with the route key, or
   * undefined when the template has no such route (answered 404, as API Gateway does).
   */
  deployedRoute?: (routeKey: string) => LambdaHandler | undefined;
}

const loadFeatureHandler = (feature: string): Promise<HandlerModule> =>
  import(`../../functions/${feature}/handler.ts`) as Promise<HandlerModule>;

interface Answered {
  answer: HttpAnswer;
  routeKey?: string;
  role?: string;
}

function json(status: number, body: unknown): HttpAnswer {
  return { status, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) };
}

/** A JWT verifier for the local issuer with Cognito's claim rules (the JWKS is fetched from the local pool). */
async function createVerifier(issuer: string, clientId: string) {
  const jwksUri = `${issuer}/.well-known/jwks.json`;
  const verifier = JwtRsaVerifier.create({
    issuer,
    jwksUri,
    audience: null,
    customJwtCheck: ({ payload }) => {
      assertExpiryPresent(payload);
      validateCognitoJwtFields(payload, { tokenUse: null, clientId, groups: null });
    },
  });
  // aws-jwt-verify fetches over https only; the local key never rotates, so it is loaded once.
  const response = await fetch(jwksUri);
  if (!response.ok) throw new Error(`Cannot load the local JWKS from ${jwksUri}: HTTP ${response.status}`);
  verifier.cacheJwks((await response.json()) as Parameters<JwksCache['addJwks']>[1]);
  return verifier;
}

export async function startApiServer(options: ApiServerOptions): Promise<Server> {
  const match = createRouteMatcher(options.routes ?? ROUTES);
  const verifier = await createVerifier(options.issuer, options.userPoolClientId);
  const loadFeature = options.loadFeature ?? loadFeatureHandler;
  const allowedOrigins = new Set(options.webOrigins);

  const answer = async (req: IncomingMessage): Promise<Answered> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') return { answer: { status: 204, headers: {}, body: Buffer.alloc(0) } };
    const smsOutbox = url.pathname.startsWith('/_local/sms') && answerSmsOutbox(method, url.pathname, await readBody(req));
    if (smsOutbox) return { answer: smsOutbox };
    const page = localPage(url.pathname);
    if (page)
      return { answer: await page({ method, url, body: await readBody(req), apiUrl: `http://localhost:${options.port}` }) };
    const matched = match(method, url.pathname);
    if (!matched) return { answer: json(404, { message: 'Not Found' }) };
    const deployed = options.deployedRoute?.(matched.routeKey);
    if (options.deployedRoute && !deployed) return { answer: json(404, { message: 'Not Found' }), routeKey: matched.routeKey };

    let jwt: { claims: Record<string, string>; scopes: string[] } | undefined;
    if (matched.route.access !== 'public') {
      const token = bearerToken(req.headers);
      const payload = token ? await verifier.verify(token).catch(() => undefined) : undefined;
      if (!payload) return { answer: json(401, { message: 'Unauthorized' }), routeKey: matched.routeKey };
      const scope = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
      jwt = { claims: formatClaims(payload), scopes: scope };
    }

    const event = buildEvent(
      { method, url, headers: req.headers, body: await readBody(req), sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
      matched,
      jwt,
    );
    const role = jwt ? roleFromGroups(jwt.claims['cognito:groups']) : undefined;
    try {
      const handler = deployed ?? (await loadFeature(matched.route.feature)).handler;
      const context: Context = lambdaContext(`leasedesk-local-${matched.route.feature}`);
      return { answer: toHttpAnswer(await handler(event as never, context)), routeKey: matched.routeKey, role };
    } catch (error) {
      // As API Gateway: a Lambda that throws is a bare 500; the details are in the function's log.
      options.log(
        'api',
        `${matched.routeKey} handler threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return { answer: json(500, { message: 'Internal Server Error' }), routeKey: matched.routeKey, role };
    }
  };

  const corsHeaders = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) return {};
    const preflight: Record<string, string> =
      req.method === 'OPTIONS'
        ? {
            'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
            'access-control-allow-headers': 'authorization, content-type',
            'access-control-max-age': '600',
          }
        : {};
    return { 'access-control-allow-origin': origin, vary: 'origin', ...preflight };
  };

  const server = createServer((req, res) => {
    const started = Date.now();
    void answer(req)
      .catch((error: unknown) => {
        options.log('api', `local API error: ${error instanceof Error ? error.message : String(error)}`);
        return { answer: json(500, { message: 'Internal Server Error' }) } as Answered;
      })
      .then(({ answer: result, routeKey, role }) => {
        res.writeHead(result.status, { ...result.headers, ...corsHeaders(req) });
        res.end(result.body);
        if (req.method === 'OPTIONS') return;
        // The route key, not the URL: paths and query strings may carry tokens (invitations, credit applications).
        const route = routeKey ?? `${req.method} (no route)`;
        options.log('api', `${route} ${result.status} ${Date.now() - started} ms${role ? ` ${role}` : ''}`);
      });
  });
  await listen(server, options.port);
  return server;
}
