import { createPrivateKey, createSign, type JsonWebKey } from 'node:crypto';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiFetch, createUser, getStack, signIn, TEST_PASSWORD } from '@test/support/stack';
import { startApiServer } from './api-server';
import { closeServer } from './http';
import { silentLog } from './log';

const stack = getStack();

/** A JWT signed as cognito-local signs its tokens (RS256, key id "CognitoLocal"). */
function signLocally(payload: Record<string, unknown>): string {
  const { jwk } = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JsonWebKey };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal' })}.${encode(payload)}`;
  const signature = createSign('RSA-SHA256')
    .update(unsigned)
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }));
  return `${unsigned}.${signature.toString('base64url')}`;
}

describe('local API of the stack', () => {
  it('answers 401 like API Gateway when a protected route has no token or a bad one', async () => {
    expect(await apiFetch('/dashboard')).toMatchObject({ status: 401, body: { message: 'Unauthorized' } });
    expect(await apiFetch('/dashboard', { token: 'not.a.jwt' })).toMatchObject({
      status: 401,
      body: { message: 'Unauthorized' },
    });
  });

  it('answers 404 like API Gateway for a path outside the route table', async () => {
    expect(await apiFetch('/nope')).toMatchObject({ status: 404, body: { message: 'Not Found' } });
  });

  it('dispatches a public route to its feature handler without a token', async () => {
    const response = await apiFetch('/marketplace/trending');
    expect(response.status).toBe(200);
  });

  it('allows the web origin by CORS', async () => {
    const response = await fetch(`${stack.urls.api}/dashboard`, {
      method: 'OPTIONS',
      headers: {
        origin: stack.urls.web,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.urls.web);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('API Gateway event built by the local API', () => {
  let server: Server;
  let url: string;
  const seen: APIGatewayProxyEventV2WithJWTAuthorizer[] = [];

  beforeAll(async () => {
    // The stack's route table and authorizer, with a handler that records the event it gets.
    server = await startApiServer({
      port: 0,
      issuer: stack.issuer,
      userPoolClientId: stack.userPoolClientId,
      webOrigins: [stack.urls.web],
      log: silentLog,
      loadFeature: async () => ({
        handler: async (event: APIGatewayProxyEventV2WithJWTAuthorizer) => {
          seen.push(event);
          return { statusCode: 200, body: JSON.stringify({ ok: true }) };
        },
      }),
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeServer(server);
  });

  it('passes the verified claims of an ID token, groups formatted as API Gateway does', async () => {
    const { email, userId } = await createUser('dealer');
    const { idToken } = await signIn(email, TEST_PASSWORD);
    const response = await fetch(`${url}/dashboard?view=cards`, { headers: { authorization: `Bearer ${idToken}` } });
    expect(response.status).toBe(200);
    const event = seen.at(-1)!;
    expect(event).toMatchObject({ routeKey: 'GET /dashboard', rawPath: '/dashboard', queryStringParameters: { view: 'cards' } });
    expect(event.requestContext.authorizer.jwt.claims).toMatchObject({ sub: userId, email, 'cognito:groups': '[dealer]' });
  });

  it('accepts an access token of the app client too, as the JWT authorizer does', async () => {
    const { email } = await createUser('admin');
    const { accessToken } = await signIn(email, TEST_PASSWORD);
    const response = await fetch(`${url}/me`, { headers: { authorization: accessToken } });
    expect(response.status).toBe(200);
    expect(seen.at(-1)?.requestContext.authorizer.jwt.claims).toMatchObject({ token_use: 'access', 'cognito:groups': '[admin]' });
  });

  it('rejects a token signed by someone else or for another issuer', async () => {
    const { email } = await createUser('broker');
    const { idToken } = await signIn(email, TEST_PASSWORD);
    const [header, payload] = idToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    expect((await fetch(`${url}/me`, { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
    const tampered = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const otherPayload = Buffer.from(JSON.stringify({ ...tampered, 'cognito:groups': ['admin'] })).toString('base64url');
    expect(
      (await fetch(`${url}/me`, { headers: { authorization: `Bearer ${header}.${otherPayload}.${idToken.split('.')[2]}` } }))
        .status,
    ).toBe(401);
  });

  it('refuses a correctly signed token that has no exp claim, as the JWT authorizer does', async () => {
    const { email } = await createUser('admin');
    const { idToken } = await signIn(email, TEST_PASSWORD);
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    // Re-signed with the local pool's own key (public in cognito-local's package): only `exp` differs.
    const withExpiry = signLocally(claims);
    const { exp: _exp, ...withoutExpiry } = claims;

    expect((await fetch(`${url}/me`, { headers: { authorization: `Bearer ${withExpiry}` } })).status).toBe(200);
    expect((await fetch(`${url}/me`, { headers: { authorization: `Bearer ${signLocally(withoutExpiry)}` } })).status).toBe(401);
  });

  it('gives a public route an event without an authorizer', async () => {
    expect((await fetch(`${url}/marketplace/trending`)).status).toBe(200);
    expect(seen.at(-1)?.requestContext).not.toHaveProperty('authorizer');
  });
});
