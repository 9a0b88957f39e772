/**
 * The public trending embed's vehicles as HTML (docs/decisions.md, "Public pages"): the rank-trending job writes the
 * embed page already filled with them, so a dealer's visitors see the cards before any script runs; the page's small
 * script uses the same function when it has to fetch them itself (the built page, before the job's first run).
 *
 * Pure and dependency-light (it ships in the embed's script). Every text and attribute value is escaped: the vehicles'
 * make, model and trim are brokers' input. The region of the page it fills lies between two comment markers of the
 * built page (web/trending-deals-embed.html), so the job needs no HTML parser and the page keeps its hashed assets.
 */
import { formatDate, formatMoneyWhole } from '../format';
import { reserveVehiclePath } from '../quotes/request';
import type { TrendingVehicle } from './trending';

/** The markers around the vehicles' region in the built page. */
export const TRENDING_REGION_START = '<!--trending-vehicles-->';
export const TRENDING_REGION_END = '<!--/trending-vehicles-->';
/** The region's element; `data-state` says what it holds ("loading": the script fetches the vehicles). */
export const TRENDING_REGION_ID = 'trending-vehicles';
export type TrendingRegionState = 'loading' | 'rendered';

/** The embed's disclaimer, in the required words; the dashboard panel shows a shorter one. */
export const TRENDING_DISCLAIMER =
  'Inventory is limited. Prices assume Tier 1 credit and are subject to lender approval. Lease offers include manufacturer rebates. Payments exclude taxes and fees.';
export const TRENDING_EMPTY = 'No trending vehicles yet';

const NEW_TAB_NOTE = '<span class="visually-hidden"> (opens in a new tab)</span>';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value (always double-quoted here) with every character HTML could read as markup escaped. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** An image URL the card may load: http(s) or a path of the site; anything else (javascript:, data:) is no image. */
function safeImageUrl(url: string | null): string | null {
  if (!url) return null;
  return /^https?:\/\//i.test(url) || /^\/(?!\/)/.test(url) ? url : null;
}

/** The outline car shown where a vehicle has no photo or its photo fails to load (web/src/components/ui/car-icon.tsx). */
export const PLACEHOLDER_HTML =
  '<div class="te-placeholder" role="img" aria-label="No photo available"><svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M5 17h14v-4.5l-1.8-4.2A2 2 0 0 0 15.4 7H8.6a2 2 0 0 0-1.8 1.3L5 12.5z"/><path d="M5 12.5h14"/><circle cx="8" cy="17" r="1.8"/><circle cx="16" cy="17" r="1.8"/></svg></div>';

/**
 * One card: its name links to the quote wizard with the vehicle chosen, as "Reserve This Deal" does, both in a new
 * tab (docs/decisions.md, "Trending embed: Reserve This Deal").
 */
export function trendingCardHtml(vehicle: TrendingVehicle): string {
  const name = escapeHtml(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
  const href = escapeHtml(reserveVehiclePath(vehicle.vehicleId));
  const image = safeImageUrl(vehicle.imageUrl);
  const expires = vehicle.expirationDate ? formatDate(vehicle.expirationDate) : '';
  const newTab = `href="${href}" target="_blank" rel="noopener"`;
  return [
    '<article class="te-card"><div class="te-media">',
    image ? `<img src="${escapeHtml(image)}" alt="${name}">` : PLACEHOLDER_HTML,
    expires ? `<span class="te-badge te-expires">Expires ${escapeHtml(expires)}</span>` : '',
    '</div><div class="te-body">',
    `<h2 class="te-name"><a class="te-link" ${newTab}>${name}${NEW_TAB_NOTE}</a></h2>`,
    vehicle.vehicleTrim ? `<p class="te-trim">${escapeHtml(vehicle.vehicleTrim)}</p>` : '',
    `<p class="te-payment">${escapeHtml(formatMoneyWhole(vehicle.monthlyPayment))}<span>/mo</span></p>`,
    '<dl class="te-terms">',
    vehicle.msrp != null ? `<dt>MSRP</dt><dd>${escapeHtml(formatMoneyWhole(vehicle.msrp))}</dd>` : '',
    `<dt>Term</dt><dd>${escapeHtml(vehicle.termMonths)} months</dd>`,
    `<dt>Down payment</dt><dd>${escapeHtml(formatMoneyWhole(vehicle.downPayment))}</dd>`,
    '</dl>',
    `<a class="te-button te-reserve" ${newTab}>Reserve This Deal${NEW_TAB_NOTE}</a>`,
    '</div></article>',
  ].join('');
}

/** The region's content: the cards and the disclaimer, or the empty state. */
export function trendingVehiclesHtml(vehicles: readonly TrendingVehicle[]): string {
  if (vehicles.length === 0) return `<p class="te-empty">${TRENDING_EMPTY}</p>`;
  const cards = vehicles.map((vehicle) => `<li>${trendingCardHtml(vehicle)}</li>`).join('');
  return `<ul class="te-grid">${cards}</ul><p class="te-disclaimer">${TRENDING_DISCLAIMER}</p>`;
}

/** The spinner the built page shows while its script fetches the vehicles. */
export const TRENDING_LOADING_HTML =
  '<div class="te-loading" role="status"><span class="te-spinner" aria-hidden="true"></span><span class="visually-hidden">Loading trending vehicles</span></div>';

/** The whole region: its element, with the vehicles, or (null) the loading state the script fills. */
export function trendingRegionHtml(vehicles: readonly TrendingVehicle[] | null): string {
  const state: TrendingRegionState = vehicles ? 'rendered' : 'loading';
  const content = vehicles ? trendingVehiclesHtml(vehicles) : TRENDING_LOADING_HTML;
  return `<div id="${TRENDING_REGION_ID}" data-state="${state}">${content}</div>`;
}

/**
 * The embed page `page` (the built one, or one already filled) with its region replaced by `vehicles`' (null: the
 * loading state). Throws when the page has no region: a build without the markers must fail the job loudly, not
 * publish a page without vehicles.
 */
export function fillTrendingEmbed(page: string, vehicles: readonly TrendingVehicle[] | null): string {
  const start = page.indexOf(TRENDING_REGION_START);
  const end = page.indexOf(TRENDING_REGION_END, start);
  if (start < 0 || end < 0) throw new Error('The embed page has no trending-vehicles region (its markers are missing)');
  const region = `${TRENDING_REGION_START}${trendingRegionHtml(vehicles)}`;
  // Replaced by position, never by String.replace: a `$` in a vehicle's text must stay text.
  return page.slice(0, start) + region + page.slice(end);
}

/**
 * The embed's objects in the site bucket: the built page, which the web deployment uploads, and the page the
 * rank-trending job writes from it, which CloudFront's embed behaviour serves first (infra/stacks/web-stack.ts).
 */
export const EMBED_BUILT_KEY = 'trending-deals-embed.html';
export const EMBED_RENDERED_PREFIX = 'rendered';
export const EMBED_RENDERED_KEY = `${EMBED_RENDERED_PREFIX}/${EMBED_BUILT_KEY}`;
