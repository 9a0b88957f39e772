/**
 * Runs every route of the route table as each kind of caller against the running local API and checks the verdict
 * against test/api/authorization-matrix.ts. The API server verifies tokens as API Gateway's authorizer does and the
 * feature handlers enforce roles, so this suite proves the server side of every permission, whatever the UI hides.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeKey, type RouteDef } from '../../shared/api/routes';
import { DEMO_PASSWORD, DEMO_USERS } from '../../infra/local/config';
import { apiFetch, getStack, signIn } from '../support/stack';
import { AUTHORIZATION_MATRIX, CALLERS, type Caller } from './authorization-matrix';

const tokens = new Map<Caller, string | undefined>();

beforeAll(async () => {
  getStack();
  tokens.set('anonymous', undefined);
  for (const caller of CALLERS) {
    if (caller === 'anonymous') continue;
    const user = DEMO_USERS.find((candidate) => candidate.key === caller);
    if (!user) throw new Error(`No demo user for caller ${caller}`);
    tokens.set(caller, (await signIn(user.email, DEMO_PASSWORD)).idToken);
  }
});

/** Fills path parameters with a syntactically valid id that does not exist, unless the matrix gives a sample path. */
function samplePath(route: RouteDef): string {
  return AUTHORIZATION_MATRIX[routeKey(route)]?.sample?.path ?? route.path.replace(/\{[^}]+\}/g, '01JZZZZZZZZZZZZZZZZZZZZZZZ');
}

describe('authorization matrix', () => {
  it('has a row for every route in the route table and no row for a route that does not exist', () => {
    const keys = (ROUTES as readonly RouteDef[]).map(routeKey).sort();
    expect(Object.keys(AUTHORIZATION_MATRIX).sort()).toEqual(keys);
  });

  describe.each((ROUTES as readonly RouteDef[]).map((route) => [routeKey(route), route] as const))('%s', (key, route) => {
    it.each(CALLERS.map((caller) => [caller] as const))('as %s', async (caller) => {
      const row = AUTHORIZATION_MATRIX[key];
      expect(row, `route ${key} has no row in the authorization matrix`).toBeDefined();
      const expected = row.verdicts[caller];

      const response = await apiFetch(samplePath(route), {
        method: route.method,
        token: tokens.get(caller),
        body: row.sample?.body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {}),
      });

      if (expected === 'deny') {
        expect(response.status, `${caller} must be refused`).toBe(caller === 'anonymous' ? 401 : 403);
      } else {
        expect([401, 403], `${caller} must get past authorization (got ${response.status})`).not.toContain(response.status);
        expect(response.status, `${caller} must not cause a server error`).toBeLessThan(500);
      }
    });
  });
});
