/**
 * Runs every route of the route table as each kind of caller against the running local API and checks the verdict
 * against test/api/authorization-matrix.ts, object-level cells included. The API server verifies tokens as API
 * Gateway's authorizer does and the feature handlers enforce roles, so this suite proves the server side of every
 * permission, whatever the UI hides. It also switches methods: a method a path does not define never reaches a
 * handler.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type HttpMethod, type RouteDef } from '@shared/api/routes';
import { isApiErrorBody } from '@shared/errors';
import { setClientBook } from '@test/support/client-book';
import { loadPrincipals, type Principals } from '@test/support/principals';
import { apiFetch, type ApiResponse } from '@test/support/stack';
import { AUTHORIZATION_MATRIX, CALLERS, OWN_BOOK_MATRIX, type Caller, type Verdict } from './authorization-matrix';
import { documentedRows, SECURITY_DOC, securityTableRows } from './security-table';

let principals: Principals;

beforeAll(async () => {
  principals = await loadPrincipals();
});

const routes = ROUTES as readonly RouteDef[];

/** Fills path parameters with a syntactically valid id that does not exist, unless the matrix gives a sample path. */
function samplePath(route: RouteDef): string {
  return AUTHORIZATION_MATRIX[routeKey(route)]?.sample?.path ?? route.path.replace(/\{[^}]+\}/g, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
}

function expectVerdict(response: ApiResponse, caller: Caller, verdict: Verdict) {
  expect(response.status, `${caller} must not cause a server error`).toBeLessThan(500);
  // Every answer a handler writes forbids content sniffing (API Gateway's own 401 for a missing token is not one).
  if (caller !== 'anonymous' || response.status !== 401) {
    expect(response.headers.get('x-content-type-options'), `${caller}: nosniff`).toBe('nosniff');
  }
  switch (verdict) {
    case 'deny':
      expect(response.status, `${caller} must be refused`).toBe(caller === 'anonymous' ? 401 : 403);
      break;
    case 'hidden':
      expect(response.status, `${caller} must be told the object does not exist`).toBe(404);
      expect(isApiErrorBody(response.body) && response.body.error.code, `${caller} gets the error shape`).toBe('not_found');
      break;
    case 'allow':
      expect([401, 403], `${caller} must get past authorization (got ${response.status})`).not.toContain(response.status);
      break;
  }
}

const defaultBody = (route: RouteDef) => (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});

describe('authorization matrix', () => {
  it('is the table docs/security.md shows (npx tsx test/api/security-table.ts --write rewrites it)', () => {
    expect(documentedRows(readFileSync(SECURITY_DOC, 'utf8'))).toEqual(securityTableRows());
  });

  it('has a row for every route in the route table and no row for a route that does not exist', () => {
    const keys = routes.map(routeKey).sort();
    expect(Object.keys(AUTHORIZATION_MATRIX).sort()).toEqual(keys);
  });

  describe.each(routes.map((route) => [routeKey(route), route] as const))('%s', (key, route) => {
    it.each(CALLERS.map((caller) => [caller] as const))('as %s', async (caller) => {
      const row = AUTHORIZATION_MATRIX[key];
      expect(row, `route ${key} has no row in the authorization matrix`).toBeDefined();

      const response = await apiFetch(samplePath(route), {
        method: route.method,
        token: principals.tokenOf(caller),
        body: row.sample?.body ?? defaultBody(route),
      });

      expectVerdict(response, caller, row.verdicts[caller]);
    });
  });

  const objectCells = routes.flatMap((route) =>
    (AUTHORIZATION_MATRIX[routeKey(route)]?.objects ?? []).flatMap((cell) =>
      CALLERS.map((caller) => [`${routeKey(route)} on ${cell.name} as ${caller}`, route, cell, caller] as const),
    ),
  );
  // Object-level cells arrive with the first route that reaches one object (`/{id}`); until then there are none.
  if (objectCells.length > 0) {
    it.each(objectCells)('%s', async (_name, route, cell, caller) => {
      const { path, body } = cell.request(principals);

      const response = await apiFetch(path, {
        method: route.method,
        token: principals.tokenOf(caller),
        body: body ?? defaultBody(route),
      });

      expectVerdict(response, caller, cell.verdicts[caller]);
    });
  }
});

describe('authorization matrix in own book', () => {
  beforeAll(() => setClientBook('own'));
  afterAll(() => setClientBook('shared'));

  it('names only routes of the route table', () => {
    expect(Object.keys(OWN_BOOK_MATRIX).filter((key) => !routes.some((route) => routeKey(route) === key))).toEqual([]);
  });

  const cells = routes.flatMap((route) =>
    (OWN_BOOK_MATRIX[routeKey(route)] ?? []).flatMap((cell) =>
      CALLERS.map((caller) => [`${routeKey(route)} on ${cell.name} as ${caller}`, route, cell, caller] as const),
    ),
  );
  it.each(cells)('%s', async (_name, route, cell, caller) => {
    const { path, body } = cell.request(principals);

    const response = await apiFetch(path, {
      method: route.method,
      token: principals.tokenOf(caller),
      body: body ?? defaultBody(route),
    });

    expectVerdict(response, caller, cell.verdicts[caller]);
  });
});

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('method switching', () => {
  const paths = [...new Set(routes.map((route) => route.path))];
  const cases = paths.flatMap((path) => {
    const defined = new Set(routes.filter((route) => route.path === path).map((route) => route.method));
    return METHODS.filter((method) => !defined.has(method)).flatMap((method) =>
      (['anonymous', 'admin'] as const).map((caller) => [`${method} ${path} as ${caller}`, method, path, caller] as const),
    );
  });

  it.each(cases)('%s is not a route: 404 or 405 from the gateway, no handler runs', async (_name, method, path, caller) => {
    const concrete = path.replace(/\{[^}]+\}/g, '01JZZZZZZZZZZZZZZZZZZZZZZZ');

    const response = await apiFetch(concrete, {
      method,
      token: principals.tokenOf(caller),
      body: method === 'GET' ? undefined : {},
    });

    expect([404, 405]).toContain(response.status);
    // API Gateway's own answer ({"message":"Not Found"}), not a feature handler's error shape: no handler was reached.
    expect(isApiErrorBody(response.body), `a handler answered ${JSON.stringify(response.body)}`).toBe(false);
    expect(response.body).toEqual({ message: expect.any(String) });
  });
});
