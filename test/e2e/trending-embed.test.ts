/**
 * /trending-deals-embed: the public embed, its own small page (no router, no session, no staff screens), as
 * docs/decisions.md, "Trending embed: Reserve This Deal" describes it. The rank-trending job writes it with its
 * vehicles (trending-embed-static.test.ts); as built, before the job's first run, its script fetches them: a failed
 * load is only logged and reads "No trending vehicles yet"; an image that fails to load shows the placeholder. A
 * dealer's page on another origin frames it (and only it: the staff app refuses to be framed).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '@infra/local/config';
import { edgePath } from '@shared/api/edge';
import type { LeadDetail } from '@shared/leads/api';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { fillTrendingEmbed } from '@shared/marketplace/trending-embed';
import type { Page } from 'playwright-core';
import { apiFetch, getStack, signIn, webMode } from '../support/stack';
import { expectAccessible, isEntry, recordScripts, staffAppScripts, useWebApp } from './browser';
import { PUBLIC_PAGE_JS_BUDGETS, describeScripts, gzippedTotal, recordTransferredScripts } from './page-weight';

const stack = getStack();
const openApp = useWebApp();
/** A faked answer carries the CORS header the real API's does (the edge path itself is same-origin). */
const CORS = { 'access-control-allow-origin': '*' };
/** The embed reads trending through the site's cached edge path (shared/api/edge.ts), not the API's own origin. */
const trendingUrl = `${stack.urls.web.replace(/\/+$/, '')}${edgePath('/marketplace/trending')}`;

/**
 * The embed's page in the state it is built in (the job may have written it with vehicles already): the loading
 * state, whose script fetches the vehicles.
 */
async function serveAsBuilt(page: Page): Promise<void> {
  await page.route(`${stack.urls.web.replace(/\/+$/, '')}/trending-deals-embed`, async (route) => {
    const served = await route.fetch();
    await route.fulfill({ response: served, body: fillTrendingEmbed(await served.text(), null) });
  });
}

/** Serves `html` as a dealer's page on an origin of its own (another port); closes with the returned function. */
async function dealerSite(html: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const dealer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => dealer.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(dealer.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => dealer.close(() => resolve())),
  };
}

describe('trending deals embed', () => {
  it('on a phone, "Reserve This Deal" in the framed embed opens the wizard in a new tab with the vehicle chosen, and the lead names it', async () => {
    const { vehicles } = (await apiFetch<TrendingResponse>('/marketplace/trending')).body;
    const vehicle = vehicles[0]!;
    const name = [vehicle.year, vehicle.make, vehicle.model, vehicle.vehicleTrim].filter(Boolean).join(' ');
    const embedUrl = `${stack.urls.web.replace(/\/+$/, '')}/trending-deals-embed`;
    const dealer = await dealerSite(`<!doctype html><html lang="en"><head><title>Smith Motors</title>
      <meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
      <iframe src="${embedUrl}" title="Trending lease deals" width="100%" height="900" style="border:0"></iframe>
    </body></html>`);
    const { context, page } = await openApp({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(dealer.origin);
      const embed = page.frameLocator('iframe[title="Trending lease deals"]');
      const card = embed
        .getByRole('article')
        .filter({ hasText: `${vehicle.year} ${vehicle.make} ${vehicle.model}` })
        .first();

      const [wizard] = await Promise.all([
        context.waitForEvent('page'),
        card.getByRole('link', { name: /^Reserve This Deal/ }).click(),
      ]);

      await wizard.waitForURL((url) => url.pathname === '/get-quote');
      expect(new URL(wizard.url()).searchParams.get('vehicle')).toBe(vehicle.vehicleId);
      await wizard.getByText('Your chosen vehicle').waitFor();
      await wizard.getByText(name, { exact: true }).waitFor();
      // Step 1 is answered with the vehicle: the shopper moves on.
      await expect(wizard.getByRole('radio', { name: /Yes, I know the exact/ }).isChecked()).resolves.toBe(true);
      await expect(wizard.getByRole('textbox', { name: 'Model', exact: true }).inputValue()).resolves.toBe(vehicle.model);
      for (let step = 1; step <= 3; step++) await wizard.getByRole('button', { name: /^Next/ }).click();
      await wizard.getByRole('textbox', { name: 'First name', exact: true }).fill('Jo');
      await wizard.getByRole('textbox', { name: 'Last name', exact: true }).fill('Reserve');
      await wizard.getByRole('textbox', { name: 'Email', exact: true }).fill(`reserve.${Date.now()}@example.com`);
      await wizard.getByRole('textbox', { name: 'Phone', exact: true }).fill('4155552671');
      await wizard.getByRole('textbox', { name: 'Zip code', exact: true }).fill('94107');
      const [submitted] = await Promise.all([
        wizard.waitForResponse(
          (response) => response.url().endsWith('/quote-requests') && response.request().method() === 'POST',
        ),
        wizard.getByRole('button', { name: 'Show Me My Matches!' }).click(),
      ]);
      expect(submitted.status()).toBe(201);
      await wizard.waitForURL((url) => url.pathname === '/quote-thank-you');

      const admin = DEMO_USERS.find((user) => user.key === 'admin')!;
      const { idToken } = await signIn(admin.email, DEMO_PASSWORD);
      const { id } = (await submitted.json()) as { id: string };
      const lead = await apiFetch<LeadDetail>(`/leads/${id}`, { token: idToken });
      expect(lead.body.reservedVehicle).toEqual({ id: vehicle.vehicleId, name });
    } finally {
      await context.close();
      await dealer.close();
    }
  });

  it('starts the wizard without a chosen vehicle for an id that is no marketplace vehicle', async () => {
    const { context, page } = await openApp({ viewport: { width: 390, height: 844 } });
    await page.goto('/get-quote?vehicle=01NOSUCHVEHICLE0000000000');

    await page.getByText('Step 1 of 4').waitFor();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Your chosen vehicle').count()).resolves.toBe(0);
    await expect(page.getByRole('radio', { name: /Yes, I know the exact/ }).isChecked()).resolves.toBe(false);
    await context.close();
  });

  it('shows the trending vehicles alone, from its own entry of at most 20 KB of gzipped JavaScript, without the router, Amplify or staff screens', async () => {
    const { context, page } = await openApp();
    const scripts = recordScripts(page);
    const transferred = recordTransferredScripts(page);
    await page.goto('/trending-deals-embed');

    await page.getByRole('heading', { level: 1, name: 'Trending Vehicles' }).waitFor();
    await page.getByText('Most viewed deals in the last 5 days').waitFor();
    // The seeded stack has trending vehicles: the card's link and "Reserve This Deal" both open the public quote
    // wizard with the vehicle chosen, in a new tab (never the staff app's sign-in).
    const firstCard = page.getByRole('article').first();
    await firstCard.waitFor();
    for (const link of [
      firstCard.getByRole('heading').getByRole('link'),
      firstCard.getByRole('link', { name: /^Reserve This Deal/ }),
    ]) {
      await expect(link.getAttribute('href')).resolves.toMatch(/^\/get-quote\?vehicle=[\w-]+$/);
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toBe('noopener');
    }
    await page.getByText(/Prices assume Tier 1 credit and are subject to lender approval/).waitFor();
    await expectAccessible(page);

    // The dev server sends every module apart and unminified: the budget is the production build's, which the
    // suite runs by default (docs/decisions.md, "Public pages").
    if (webMode() !== 'dev') {
      const sent = await transferred();
      expect(gzippedTotal(sent), describeScripts(sent)).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGETS.embed);
    }
    const loaded = await scripts();
    expect(loaded.some(isEntry('embed', '/src/embed/main.ts'))).toBe(true);
    expect(staffAppScripts(loaded)).toEqual([]);
    await context.close();
  });

  it('only logs a failed load and shows "No trending vehicles yet"', async () => {
    const { context, page } = await openApp();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await serveAsBuilt(page);
    await page.route(trendingUrl, (route) =>
      route.fulfill({ status: 500, headers: CORS, contentType: 'application/json', body: '{"message":"Internal Server Error"}' }),
    );
    await page.goto('/trending-deals-embed');

    await page.getByText('No trending vehicles yet').waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(0);
    expect(errors.some((text) => text.includes('Loading trending vehicles failed'))).toBe(true);
    await context.close();
  });

  it('shows the placeholder instead of an image that fails to load', async () => {
    const { context, page } = await openApp();
    const trending: TrendingResponse = {
      vehicles: [
        {
          vehicleId: '01JBROKENIMAGE0000000000000',
          year: 2025,
          make: 'Honda',
          model: 'Civic',
          vehicleTrim: 'Sport',
          imageUrl: `${stack.urls.web}/no-such-image.jpg`,
          msrp: 28000,
          monthlyPayment: 289,
          termMonths: 36,
          downPayment: 2000,
          expirationDate: null,
          views: 12,
        },
      ],
    };
    await page.route(trendingUrl, (route) =>
      route.fulfill({ status: 200, headers: CORS, contentType: 'application/json', body: JSON.stringify(trending) }),
    );
    await page.route('**/no-such-image.jpg', (route) => route.fulfill({ status: 404, body: '' }));
    await serveAsBuilt(page);
    await page.goto('/trending-deals-embed');

    const card = page.getByRole('article').first();
    await card.getByRole('img', { name: 'No photo available' }).waitFor();
    await expect(card.locator('img').count()).resolves.toBe(0);
    await context.close();
  });

  it('renders inside an iframe on a plain dealer page served from another origin', async () => {
    const embedUrl = `${stack.urls.web.replace(/\/+$/, '')}/trending-deals-embed`;
    // The README's snippet, on a page of its own origin (another port).
    const dealerPage = `<!doctype html><html lang="en"><head><title>Smith Motors</title></head><body>
      <h1>Smith Motors</h1>
      <iframe src="${embedUrl}" title="Trending lease deals" width="100%" height="900" style="border:0" loading="lazy"></iframe>
    </body></html>`;
    const dealer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(dealerPage);
    });
    await new Promise<void>((resolve) => dealer.listen(0, '127.0.0.1', resolve));
    const dealerOrigin = `http://127.0.0.1:${(dealer.address() as AddressInfo).port}`;
    expect(new URL(dealerOrigin).origin).not.toBe(new URL(stack.urls.web).origin);
    const { context, page } = await openApp();
    try {
      await page.goto(dealerOrigin);

      const embed = page.frameLocator('iframe[title="Trending lease deals"]');
      await embed.getByRole('heading', { level: 1, name: 'Trending Vehicles' }).waitFor();
      await embed.getByRole('article').first().waitFor();
      await expectAccessible(page);
    } finally {
      await context.close();
      await new Promise((resolve) => dealer.close(resolve));
    }
  });

  it('lets only the embed be framed: the staff app and the quote pages refuse', async () => {
    const headersOf = async (path: string) => (await fetch(`${stack.urls.web.replace(/\/+$/, '')}${path}`)).headers;
    /** The sources of the frame-ancestors directive (the dev server sends only it, the production edge a whole CSP). */
    const frameAncestors = (headers: Headers) =>
      /(?:^|;\s*)frame-ancestors ([^;]+)/.exec(headers.get('content-security-policy') ?? '')?.[1]?.trim();

    const embed = await headersOf('/trending-deals-embed');
    expect(embed.get('x-frame-options')).toBeNull();
    expect(frameAncestors(embed)).toBe('*');
    for (const path of ['/', '/auth', '/get-quote', '/quote-thank-you']) {
      const headers = await headersOf(path);
      expect(headers.get('x-frame-options'), path).toBe('DENY');
      expect(frameAncestors(headers), path).toBe("'none'");
    }
  });

  it('reads trending through the edge path, which answers what the API answers with its caching headers', async () => {
    const atEdge = await fetch(trendingUrl);
    const direct = await fetch(`${stack.urls.api.replace(/\/+$/, '')}/marketplace/trending`);

    expect(atEdge.status).toBe(200);
    expect(atEdge.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300');
    expect(await atEdge.json()).toEqual(await direct.json());
  });
});
