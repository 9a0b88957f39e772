/**
 * Public API routes that the site's CloudFront distribution also serves, cached at the edge, under its own
 * origin: `/public-api/marketplace/trending` is GET /marketplace/trending of the API. Dealer sites frame the
 * trending embed, so every page view of every dealer would otherwise reach the API; through the edge path they
 * share one cached answer for as long as the route's `s-maxage` allows (functions/marketplace/handler.ts), and the
 * embed needs no cross-origin call. Only anonymous, cacheable GET routes belong here: the edge path forwards no
 * Authorization header, cookie or query string.
 */
export const EDGE_API_PREFIX = '/public-api';

/** The API paths served under EDGE_API_PREFIX. */
export const EDGE_CACHED_PATHS = ['/marketplace/trending'] as const;

export const edgePath = (apiPath: (typeof EDGE_CACHED_PATHS)[number]) => `${EDGE_API_PREFIX}${apiPath}`;
