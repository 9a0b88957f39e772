/**
 * GET /search (feature `search`): the global search box. One call per pause in typing answers every kind the
 * caller may open, grouped: clients (name, e-mail, phone), deals (client, make, model, VIN, stock number), leads
 * (name, e-mail, phone) and marketplace vehicles (year, make, model). Each kind is read from its own search index
 * with a small limit (docs/data-model.md, "Global search"), so the cost is the same whatever the number of records.
 *
 * Who may search (docs/decisions.md, "Global search"): admins, approved brokers and dealers; consumers and brokers
 * waiting for approval get 403. Each kind is cut to what the caller may open (functions/search/visibility.ts).
 */
import * as z from 'zod';

export const SEARCH_QUERY_MAX = 100;
/** Results shown per kind: the box is a jump list, the full lists have their own screens. */
export const SEARCH_HITS_PER_KIND = 5;
export const SEARCH_QUERY_REQUIRED_MESSAGE = 'Type something to search';
export const SEARCH_QUERY_TOO_LONG_MESSAGE = `Search must be at most ${SEARCH_QUERY_MAX} characters`;

export const SEARCH_KINDS = ['clients', 'deals', 'leads', 'vehicles'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The group headings, in the order the box shows them. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  clients: 'Clients',
  deals: 'Deals',
  leads: 'Leads',
  vehicles: 'Marketplace vehicles',
};

export const searchQuerySchema = z.object({
  q: z
    .string(SEARCH_QUERY_REQUIRED_MESSAGE)
    .trim()
    .min(1, SEARCH_QUERY_REQUIRED_MESSAGE)
    .max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG_MESSAGE),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One result: what the box shows and where it goes (an app path the caller may open). */
export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  path: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({
  clients: z.array(searchHitSchema),
  deals: z.array(searchHitSchema),
  leads: z.array(searchHitSchema),
  vehicles: z.array(searchHitSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const EMPTY_SEARCH_RESPONSE: SearchResponse = { clients: [], deals: [], leads: [], vehicles: [] };

/**
 * Where each kind's result opens. There is no client page yet: a client opens the clients list searched for that
 * client's e-mail (unique), which lists exactly that client.
 */
export const searchPaths = {
  client: (client: { email?: string | null; fullName: string }) =>
    `/clients?q=${encodeURIComponent(client.email || client.fullName)}`,
  deal: (id: string) => `/deals/${encodeURIComponent(id)}`,
  lead: (id: string) => `/leads/${encodeURIComponent(id)}`,
  vehicle: (id: string) => `/marketplace/${encodeURIComponent(id)}`,
};
