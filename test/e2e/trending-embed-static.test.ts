/**
 * The trending embed as the rank-trending job writes it (docs/decisions.md, "Public pages"): after a run, the page at
 * /trending-deals-embed holds the trending cards in its HTML, so a browser without JavaScript shows them; with
 * JavaScript it loads at most 20 KB of gzipped script, and it keeps the embed's own headers (any site may frame it).
 * The job is invoked as EventBridge Scheduler invokes it (the local Lambda Invoke API: infra/local/lambda-invoke.ts),
 * with the handler the stack serves: the packaged function by default.
 */
import { describe, expect, it } from 'vitest';
import { reserveVehiclePath } from '@shared/quotes/request';
import { getStack, webMode } from '../support/stack';
import { expectAccessible, isEntry, recordScripts, useWebApp } from './browser';
import { PUBLIC_PAGE_JS_BUDGETS, describeScripts, gzippedTotal, recordTransferredScripts } from './page-weight';

const stack = getStack();
const openApp = useWebApp();

interface RankTrendingResult {
  vehicles: { vehicleId: string; views: number }[];
  embedPage: boolean;
}

/** Runs the rank-trending job now and answers its result. */
async function runRankTrending(): Promise<RankTrendingResult> {
  const answer = await fetch(`http://127.0.0.1:${stack.ports.lambda}/2015-03-31/functions/rank-trending/invocations`, {
    method: 'POST',
    body: '{}',
  });
  expect(answer.headers.get('x-amz-function-error'), await answer.clone().text()).toBeNull();
  return (await answer.json()) as RankTrendingResult;
}

const frameAncestors = (csp: string | undefined) => /(?:^|;\s*)frame-ancestors ([^;]+)/.exec(csp ?? '')?.[1]?.trim();

describe('the trending embed written by the rank-trending job', () => {
  it('shows the trending cards with JavaScript off, each linking to the quote wizard, with the disclaimer', async () => {
    const result = await runRankTrending();
    // The dev server serves the page from source and no build is in the bucket: the job has no page to fill there.
    if (webMode() === 'dev') {
      expect(result.embedPage).toBe(false);
      return;
    }
    expect(result.embedPage).toBe(true);
    // The seeded stack has trending vehicles.
    expect(result.vehicles.length).toBeGreaterThan(0);
    const { context, page } = await openApp({ javaScriptEnabled: false });

    await page.goto('/trending-deals-embed');

    await page.getByRole('heading', { level: 1, name: 'Trending Vehicles' }).waitFor();
    await page.getByText('Most viewed deals in the last 5 days').waitFor();
    const cards = page.getByRole('article');
    await expect(cards.count()).resolves.toBe(result.vehicles.length);
    const reserveLinks = await cards
      .getByRole('link', { name: /^Reserve This Deal/ })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(reserveLinks).toEqual(result.vehicles.map((vehicle) => reserveVehiclePath(vehicle.vehicleId)));
    // Each card shows its monthly payment as the one money formatter writes it (whole dollars).
    await expect(
      cards
        .first()
        .getByText(/^\$[\d,]+\/mo$/)
        .count(),
    ).resolves.toBe(1);
    await page.getByText(/Prices assume Tier 1 credit and are subject to lender approval/).waitFor();
    await expect(page.getByRole('status').count()).resolves.toBe(0);
    await expect(page.getByText('No trending vehicles yet').count()).resolves.toBe(0);
    await context.close();
  });

  it('with JavaScript, loads at most 20 KB of gzipped script, keeps the cards and may be framed by any site', async () => {
    const result = await runRankTrending();
    const { context, page } = await openApp();
    const scripts = recordScripts(page);
    const transferred = recordTransferredScripts(page);

    const response = await page.goto('/trending-deals-embed');

    const first = page.getByRole('article').first();
    await first.waitFor();
    await expect(page.getByRole('article').count()).resolves.toBe(result.vehicles.length);
    expect(frameAncestors(response?.headers()['content-security-policy'])).toBe('*');
    expect(response?.headers()['x-frame-options']).toBeUndefined();
    await expectAccessible(page);
    await page.waitForLoadState('networkidle');
    const loaded = await scripts();
    expect(loaded.some(isEntry('embed', '/src/embed/main.ts'))).toBe(true);
    // The dev server sends every module apart and unminified: the budget is the production build's.
    if (webMode() !== 'dev') {
      const sent = await transferred();
      expect(gzippedTotal(sent), describeScripts(sent)).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGETS.embed);
      // The written page's script fetches nothing: the cards came with the HTML.
      const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
      expect(requested.filter((url) => url.includes('/public-api/marketplace/trending'))).toEqual([]);
    }
    await context.close();
  });
});
