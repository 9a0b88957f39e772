import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '@infra/local/config';
import { expectAccessible, expectPath, saveScreenshot, signIn, useWebApp } from './browser';

const openApp = useWebApp();

/** The overview cards of each role (docs/api.md, "`GET /dashboard`"); a pending broker and a consumer see none. */
const EXPECTED: Record<DemoUserKey, { landing: string; cards: string[] }> = {
  admin: {
    landing: '/',
    cards: [
      'Vehicles in Marketplace',
      'Client Deals',
      'Total Clients',
      'Dealerships',
      'Academy',
      'Broker Performance',
      'New Leads',
    ],
  },
  broker: {
    landing: '/',
    cards: ['Vehicles in Marketplace', 'Client Deals', 'Total Clients', 'Dealerships', 'Academy', 'New Leads'],
  },
  pendingBroker: { landing: '/', cards: [] },
  dealer: { landing: '/dashboard', cards: ['Vehicles in Marketplace', 'Client Deals', 'My Dealership Deals'] },
  consumer: { landing: '/consumer-portal', cards: [] },
};

describe('dashboard per role', () => {
  it.each(DEMO_USERS.map((user) => [user.label, user] as const))(
    '%s signs in and sees exactly their cards',
    async (_label, user) => {
      const { context, page } = await openApp();
      const expected = EXPECTED[user.key];

      await signIn(page, user.email, DEMO_PASSWORD);
      await expectPath(page, expected.landing);
      await page.getByRole('heading', { level: 1, name: new RegExp(user.fullName) }).waitFor();

      const overview = page.getByRole('region', { name: 'Overview' });
      if (expected.cards.length > 0) {
        await overview.waitFor();
        await expect(overview.getByRole('heading', { level: 3 }).allTextContents()).resolves.toEqual(expected.cards);
      } else {
        await expect(overview.count()).resolves.toBe(0);
      }
      if (user.key === 'pendingBroker') {
        await page.getByRole('heading', { name: 'Account Pending Review' }).waitFor();
      }
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await expect(page.getByRole('link', { name: 'Profile', exact: true }).count()).resolves.toBe(
        user.role === 'broker' ? 1 : 0,
      );

      if (expected.cards.length > 0) {
        // Let the trending panel settle (cards or its empty state) before checking and capturing the page.
        const trending = page.getByRole('region', { name: 'Trending Vehicles' });
        await trending.getByText('No trending vehicles yet').or(trending.getByRole('article').first()).waitFor();
      }
      await expectAccessible(page);
      await saveScreenshot(page, `dashboard-${user.key}`);
      await context.close();
    },
  );

  it('sends a dealer who opens /clients to /dashboard', async () => {
    const dealer = DEMO_USERS.find((user) => user.key === 'dealer')!;
    const { context, page } = await openApp();
    await signIn(page, dealer.email, DEMO_PASSWORD);
    await expectPath(page, '/dashboard');

    await page.goto('/clients');
    await expectPath(page, '/dashboard');
    await page.getByRole('region', { name: 'Overview' }).waitFor();
    await context.close();
  });

  it('returns to /auth on logout', async () => {
    const admin = DEMO_USERS.find((user) => user.key === 'admin')!;
    const { context, page } = await openApp();
    await signIn(page, admin.email, DEMO_PASSWORD);
    await expectPath(page, '/');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectPath(page, '/auth');
    await page.goto('/');
    await expectPath(page, '/auth');
    await context.close();
  });
});
