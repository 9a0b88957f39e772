import { describe, expect, it } from 'vitest';
import { TRENDING_REGION_END, TRENDING_REGION_START } from '@shared/marketplace/trending-embed';
import type { TrendingVehicle } from '@shared/marketplace/trending';
import { publishTrendingEmbed, type EmbedPageStore } from './embed-page';

const BUILT = `<html><head><script type="module" src="/assets/embed-1.js"></script></head><body><h1>Trending Vehicles</h1>${TRENDING_REGION_START}<div id="trending-vehicles" data-state="loading"></div>${TRENDING_REGION_END}</body></html>`;

const vehicle: TrendingVehicle = {
  vehicleId: '01JEMBEDPAGE00000000000000',
  year: 2026,
  make: 'Mazda',
  model: 'CX-5',
  vehicleTrim: 'Turbo',
  imageUrl: null,
  msrp: null,
  monthlyPayment: 399,
  termMonths: 36,
  downPayment: 2500,
  expirationDate: null,
  views: 3,
};

function fakeStore(built: string | null): EmbedPageStore & { published: string[] } {
  const published: string[] = [];
  return { published, builtPage: async () => built, publish: async (html) => void published.push(html) };
}

describe('the trending embed page the rank-trending job writes', () => {
  it("fills the built page's region with the ranked vehicles and keeps its assets", async () => {
    const store = fakeStore(BUILT);

    await expect(publishTrendingEmbed(store, [vehicle])).resolves.toBe(true);

    expect(store.published).toHaveLength(1);
    expect(store.published[0]).toContain('2026 Mazda CX-5');
    expect(store.published[0]).toContain('data-state="rendered"');
    expect(store.published[0]).toContain('src="/assets/embed-1.js"');
  });

  it('writes the empty state when nothing is trending', async () => {
    const store = fakeStore(BUILT);

    await publishTrendingEmbed(store, []);

    expect(store.published[0]).toContain('No trending vehicles yet');
  });

  it('writes nothing before the web deployment has put a built page in the bucket', async () => {
    const store = fakeStore(null);

    await expect(publishTrendingEmbed(store, [vehicle])).resolves.toBe(false);

    expect(store.published).toEqual([]);
  });
});
