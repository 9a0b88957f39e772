import { describe, expect, it } from 'vitest';
import type { RouteDef } from '@shared/api/routes';
import { assertExpiryPresent, bearerToken, buildEvent, createRouteMatcher, formatClaims, toHttpAnswer } from './api-gateway';

const routes: RouteDef[] = [
  { method: 'GET', path: '/deals/{id}', feature: 'dashboard', access: ['admin'], summary: '' },
  { method: 'GET', path: '/deals/archived', feature: 'dashboard', access: ['admin'], summary: '' },
  { method: 'GET', path: '/files/{key+}', feature: 'dashboard', access: 'public', summary: '' },
  { method: 'GET', path: '/files/index', feature: 'dashboard', access: 'public', summary: '' },
];
const match = createRouteMatcher(routes);

describe('createRouteMatcher', () => {
  it('matches path parameters and decodes them', () => {
    expect(match('GET', '/deals/01H%20X')).toMatchObject({ routeKey: 'GET /deals/{id}', pathParameters: { id: '01H X' } });
  });

  it('matches a segment that cannot be decoded with no path parameters (the route schema then answers 400)', () => {
    expect(match('GET', '/deals/%E0%A4%A')).toMatchObject({ routeKey: 'GET /deals/{id}', pathParameters: undefined });
  });

  it('prefers a literal segment over a parameter, and a parameter over a greedy path', () => {
    expect(match('GET', '/deals/archived')?.routeKey).toBe('GET /deals/archived');
    expect(match('GET', '/files/index')?.routeKey).toBe('GET /files/index');
    expect(match('GET', '/files/a/b.png')).toMatchObject({ routeKey: 'GET /files/{key+}', pathParameters: { key: 'a/b.png' } });
  });

  it('does not match another method or a longer path', () => {
    expect(match('POST', '/deals/1')).toBeUndefined();
    expect(match('GET', '/deals/1/extra')).toBeUndefined();
  });
});

describe('formatClaims', () => {
  it('formats claims as the JWT authorizer does: arrays as "[a b]", everything else as text', () => {
    expect(formatClaims({ 'cognito:groups': ['admin', 'broker'], exp: 1700000000, email_verified: true, sub: 'abc' })).toEqual({
      'cognito:groups': '[admin broker]',
      exp: '1700000000',
      email_verified: 'true',
      sub: 'abc',
    });
  });
});

describe('bearerToken', () => {
  it('reads the token with or without the Bearer prefix', () => {
    expect(bearerToken({ authorization: 'Bearer abc.def.ghi' })).toBe('abc.def.ghi');
    expect(bearerToken({ authorization: 'abc.def.ghi' })).toBe('abc.def.ghi');
    expect(bearerToken({})).toBeUndefined();
  });
});

describe('buildEvent', () => {
  const request = {
    method: 'GET',
    url: new URL('http://localhost:3001/deals/7?status=active&status=pending&q=a'),
    headers: { host: 'localhost:3001', cookie: 'a=1; b=2', 'x-multi': ['1', '2'] as unknown as string },
    body: Buffer.alloc(0),
    sourceIp: '127.0.0.1',
  };

  it('builds a payload 2.0 event with the route key, parameters, joined query values and cookies', () => {
    const event = buildEvent(request, match('GET', '/deals/7')!, { claims: { sub: 'u1' }, scopes: [] });
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /deals/{id}',
      rawPath: '/deals/7',
      rawQueryString: 'status=active&status=pending&q=a',
      queryStringParameters: { status: 'active,pending', q: 'a' },
      pathParameters: { id: '7' },
      cookies: ['a=1', 'b=2'],
      isBase64Encoded: false,
      requestContext: { routeKey: 'GET /deals/{id}', stage: '$default', http: { method: 'GET', path: '/deals/7' } },
    });
    expect(event.headers).toEqual({ host: 'localhost:3001', 'x-multi': '1,2' });
    expect(event.requestContext.authorizer.jwt.claims).toEqual({ sub: 'u1' });
    expect(event.body).toBeUndefined();
  });

  it('gives a public route no authorizer and base64-encodes a binary body', () => {
    const event = buildEvent(
      { ...request, headers: { 'content-type': 'image/png' }, body: Buffer.from([1, 2, 3]) },
      match('GET', '/deals/7')!,
      undefined,
    );
    expect(event.requestContext).not.toHaveProperty('authorizer');
    expect(event).toMatchObject({ body: 'AQID', isBase64Encoded: true });
  });
});

describe('toHttpAnswer', () => {
  it('uses a structured result as is', () => {
    const answer = toHttpAnswer({ statusCode: 201, headers: { 'Content-Type': 'text/plain' }, body: 'made', cookies: ['s=1'] });
    expect(answer).toMatchObject({ status: 201, headers: { 'content-type': 'text/plain', 'set-cookie': ['s=1'] } });
    expect(answer.body.toString()).toBe('made');
  });

  it('decodes a base64 body', () => {
    expect(toHttpAnswer({ statusCode: 200, body: 'AQID', isBase64Encoded: true }).body).toEqual(Buffer.from([1, 2, 3]));
  });

  it('sends any other result as the JSON body of a 200', () => {
    const answer = toHttpAnswer({ items: [1] });
    expect(answer).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(answer.body.toString())).toEqual({ items: [1] });
  });
});

describe('assertExpiryPresent', () => {
  it('refuses a token without a numeric exp, as API Gateway does', () => {
    for (const payload of [{}, { exp: '1700000000' }, { exp: null }, { exp: Number.NaN }]) {
      expect(() => assertExpiryPresent(payload)).toThrow('The token has no exp claim');
    }
  });

  it('lets a token with an exp through (its value is checked by the verifier)', () => {
    expect(() => assertExpiryPresent({ exp: 1_700_000_000 })).not.toThrow();
  });
});
