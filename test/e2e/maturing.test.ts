/**
 * The "Maturing Leases" screen in Chromium (/maturing-deals), on the seeded local stack, axe on the
 * page: a broker opens it from the deals screen; one API call renders it; a lease this file closes (maturing in 2
 * months) shows with its client, vehicle, start and maturity, earliest first, and opens its deal, whose page shows
 * the lease's maturity; the loading and empty states; a dealer is kept out.
 */
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, type DemoUserKey } from '@infra/local/config';
import { addMonths } from '@shared/calendar';
import type { ClientView } from '@shared/clients/api';
import type { DealView } from '@shared/deals/api';
import type { DealershipListResponse } from '@shared/dealerships/api';
import { formatDate } from '@shared/format';
import { apiFetch, getStack, signIn as signInApi } from '@test/support/stack';
import { screenCalls } from '@test/support/shell-calls';
import { expectAccessible, expectPath, saveScreenshot, useWebApp } from './browser';
import { signInAs } from './session';

const stack = getStack();
const openApp = useWebApp();
const apiOrigin = new URL(stack.urls.api).origin;

function letters(length: number): string {
  return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

const tag = letters(6);
const CLIENT = `Maya ${tag[0]!.toUpperCase()}${tag.slice(1)}`;
const MODEL = `Mq${tag}`;

const demo = (key: DemoUserKey) => DEMO_USERS.find((user) => user.key === key)!;

async function expectOk<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: actual, body } = await response;
  expect(actual, JSON.stringify(body)).toBe(status);
  return body;
}

function recordApiCalls(page: Page): { calls: string[]; stop: () => void } {
  const calls: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === apiOrigin && request.method() !== 'OPTIONS') calls.push(`${request.method()} ${url.pathname}`);
  };
  page.on('request', record);
  return { calls, stop: () => page.off('request', record) };
}

let lease: DealView;

beforeAll(async () => {
  const brokerToken = (await signInApi(demo('broker').email, DEMO_PASSWORD)).idToken;
  const adminToken = (await signInApi(demo('admin').email, DEMO_PASSWORD)).idToken;
  const dealerships = await expectOk(apiFetch<DealershipListResponse>('/dealerships?limit=100', { token: brokerToken }));
  const dealership = dealerships.dealerships.find((item) => item.name === 'Lakeside Toyota')!;
  const client = await expectOk(
    apiFetch<ClientView>('/clients', { token: brokerToken, body: { fullName: CLIENT, email: `maya.${tag}@example.com` } }),
    201,
  );
  const deal = await expectOk(
    apiFetch<DealView>('/deals', {
      token: brokerToken,
      body: {
        clientId: client.id,
        dealershipId: dealership.id,
        year: 2024,
        make: 'Toyota',
        model: MODEL,
        dealType: 'lease',
        monthlyPayment: 399,
        downPayment: 2500,
        termMonths: 36,
        mileageAllowance: 12000,
        apr: 3,
        status: 'active',
      },
    }),
    201,
  );
  const today = new Date().toISOString().slice(0, 10);
  // Closed by the admin, started 34 months ago: it matures in 2 months.
  lease = await expectOk(
    apiFetch<DealView>(`/deals/${deal.id}`, {
      token: adminToken,
      method: 'PATCH',
      body: { ...deal, status: 'closed', leaseStartDate: addMonths(today, -34) },
    }),
  );
});

describe('/maturing-deals', () => {
  it("lists a broker's maturing leases from the deals screen, earliest first, each opening its deal", async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'broker', '/deals');
    await page.getByRole('heading', { level: 1, name: 'Deals' }).waitFor();
    await page.waitForLoadState('networkidle');
    const recorder = recordApiCalls(page);
    await page.getByRole('link', { name: 'Maturing' }).click();
    await expectPath(page, '/maturing-deals');
    await page.getByRole('heading', { level: 1, name: 'Maturing Leases' }).waitFor();
    const table = page.getByRole('table', { name: 'Maturing leases' });
    const row = table.locator('tbody tr').filter({ hasText: CLIENT });
    await row.waitFor();
    await page.waitForLoadState('networkidle');
    recorder.stop();
    expect(screenCalls(recorder.calls)).toEqual(['GET /maturing-deals']);
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe('Maturing Leases · LeaseDesk');

    await expect
      .poll(() => row.locator('th, td').allTextContents())
      .toEqual([CLIENT, `2024 Toyota ${MODEL}`, formatDate(lease.leaseStartDate!), '36 months', formatDate(lease.maturityDate!)]);
    // Earliest maturity first (MM/dd/yyyy in the last column).
    const matures = await table.locator('tbody tr td:nth-of-type(4)').allTextContents();
    const asIso = matures.map((date) => date.replace(/^(\d\d)\/(\d\d)\/(\d{4})$/, '$3-$1-$2'));
    expect(asIso).toEqual([...asIso].sort());
    await expectAccessible(page);
    await saveScreenshot(page, 'maturing-deals');

    await row.getByRole('link', { name: `2024 Toyota ${MODEL}` }).click();
    await expectPath(page, `/deals/${lease.id}`);
    const maturity = page.getByRole('region', { name: 'Lease Maturity' });
    await expect.poll(() => maturity.textContent()).toContain(formatDate(lease.maturityDate!));
    await context.close();
  });

  it('shows its loading state, then the empty state when no lease matures in the next 6 months', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'admin');
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route(
      (url) => url.origin === apiOrigin && url.pathname === '/maturing-deals',
      async (route) => {
        if (route.request().method() === 'OPTIONS') return route.fallback();
        await answered;
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({ from: '2026-01-01', to: '2026-07-01', items: [], nextCursor: null }),
        });
      },
    );
    await page.goto('/maturing-deals');
    await page.getByRole('status').filter({ hasText: 'Loading maturing leases' }).first().waitFor();
    answer();
    await page.getByText('No leases mature in the next 6 months.').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('keeps a dealer in their own area', async () => {
    const { context, page } = await openApp();
    await signInAs(page, 'dealer', '/maturing-deals');
    await expectPath(page, '/dashboard');
    await context.close();
  });
});
