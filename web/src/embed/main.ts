/**
 * Script of the public trending embed (trending-deals-embed.html, served at /trending-deals-embed): it only enhances
 * a page that already shows the vehicles (docs/decisions.md, "Public pages"). The rank-trending job writes the page
 * with the cards; as built (before the job's first run, and on the dev server) the page holds the loading state, and
 * this script fetches the vehicles through the site's cached edge path and fills the region with the same HTML the
 * job writes. A failed call is logged and shows "No trending vehicles yet". A photo that fails to load is replaced
 * by the placeholder. No framework: a few KB, far under the embed's 20 KB budget.
 */
import { edgePath } from '@shared/api/edge';
import type { TrendingResponse } from '@shared/marketplace/trending';
import { PLACEHOLDER_HTML, TRENDING_REGION_ID, trendingVehiclesHtml } from '@shared/marketplace/trending-embed';
import { logger } from '@web/lib/logger';
import '@web/styles/global.css';
import './trending-embed.css';

const TRENDING_AT_EDGE = edgePath('/marketplace/trending');

async function fetchVehicles(region: HTMLElement): Promise<void> {
  let html: string;
  try {
    const response = await fetch(TRENDING_AT_EDGE, { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${TRENDING_AT_EDGE} answered ${response.status}`);
    html = trendingVehiclesHtml(((await response.json()) as TrendingResponse).vehicles);
  } catch (error) {
    logger.error('Loading trending vehicles failed', error);
    html = trendingVehiclesHtml([]);
  }
  region.innerHTML = html;
  region.dataset.state = 'rendered';
  showPlaceholdersForBrokenImages(region);
}

/** A photo that failed before this script ran, or fails later, becomes the placeholder (never a broken image). */
function showPlaceholdersForBrokenImages(region: HTMLElement): void {
  for (const image of region.querySelectorAll<HTMLImageElement>('.te-media img')) {
    const replace = () => (image.outerHTML = PLACEHOLDER_HTML);
    if (image.complete && image.naturalWidth === 0) replace();
    else image.addEventListener('error', replace, { once: true });
  }
}

const region = document.getElementById(TRENDING_REGION_ID);
if (region?.dataset.state === 'loading') void fetchVehicles(region);
else if (region) showPlaceholdersForBrokenImages(region);
