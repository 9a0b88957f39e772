/**
 * The foundation's routes through the local API with the demo logins and the demo seed: what a signed-in
 * user's dashboard loads.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import type { MeResponse } from '@shared/auth/api';
import { DASHBOARD_PENDING_REVIEW_MESSAGE, type DashboardResponse } from '@shared/dashboard/api';
import { dashboardCardsFor } from '@shared/dashboard/cards';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { apiFetch, signIn } from '@test/support/stack';

describe('the dashboard routes with the demo users', () => {
  const working = DEMO_USERS.filter((user) => user.key !== 'pendingBroker');
  it.each(working.map((user) => [user.key, user] as const))(
    'GET /me and GET /dashboard answer %s with its identity and cards',
    async (_key, user) => {
      const { idToken } = await signIn(user.email, DEMO_PASSWORD);

      const me = await apiFetch<MeResponse>('/me', { token: idToken });
      const dashboard = await apiFetch<DashboardResponse>('/dashboard', { token: idToken });

      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: user.email, role: user.role, fullName: user.fullName });
      expect(me.body.dealershipId !== null).toBe(user.role === 'dealer');
      if (user.key === 'broker') expect(me.body.broker).toEqual({ isApproved: true, isLicensed: true });
      expect(dashboard.status).toBe(200);
      expect(dashboard.body.cards.map((card) => card.id)).toEqual(dashboardCardsFor(user.role));
      expect(dashboard.body.cards.find((card) => card.id === 'vehiclesInMarketplace')?.value).toBeGreaterThan(0);
    },
  );

  it('GET /dashboard refuses the pending broker with 403 in the one error shape, and GET /me still tells their state', async () => {
    const user = DEMO_USERS.find((candidate) => candidate.key === 'pendingBroker')!;
    const { idToken } = await signIn(user.email, DEMO_PASSWORD);

    const me = await apiFetch<MeResponse>('/me', { token: idToken });
    const dashboard = await apiFetch('/dashboard', { token: idToken });

    expect(me.body.broker).toEqual({ isApproved: false, isLicensed: false });
    expect(dashboard).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden', message: DASHBOARD_PENDING_REVIEW_MESSAGE } },
    });
    expect(JSON.stringify(dashboard.body)).not.toContain('cards');
  });

  it('GET /marketplace/trending answers anonymous callers with the seeded top 5', async () => {
    const trending = await apiFetch<TrendingResponse>('/marketplace/trending');

    expect(trending.status).toBe(200);
    expect(trending.body.vehicles).toHaveLength(5);
    const views = trending.body.vehicles.map((vehicle) => vehicle.views);
    expect([...views].sort((a, b) => b - a)).toEqual(views);
  });

  it('GET /dashboard without a token is refused by the authorizer with 401, before the function runs', async () => {
    const response = await apiFetch('/dashboard');

    expect(response.status).toBe(401);
    // API Gateway's JWT authorizer answers in its own fixed shape (HTTP APIs cannot customise it); the local API does the same.
    expect(response.body).toEqual({ message: 'Unauthorized' });
  });
});
