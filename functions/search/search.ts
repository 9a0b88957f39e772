/**
 * GET /search: the global search box (shared/search/api.ts). For each kind the caller may see
 * (./visibility.ts), the plan names one listing to read: the search index of the longest search word's token (then,
 * if it finds too few, the next-longest word's), or a dealer's own dealership listing, every search word checked
 * against each entry. The four kinds are read in
 * parallel with a small budget each, their records fetched in parallel BatchGets, cut by the kind's rule and to
 * SEARCH_HITS_PER_KIND, and answered from explicit field lists.
 */
import { DEAL_STATUS_LABELS } from '@shared/deals/enums';
import { isListing } from '@shared/marketplace/inventory';
import { formatPhone } from '@shared/format';
import { LEAD_STATUS_LABELS } from '@shared/leads/api';
import { leadVehicleSummary } from '@shared/leads/rules';
import { SEARCH_HITS_PER_KIND, searchPaths, type SearchHit, type SearchQuery, type SearchResponse } from '@shared/search/api';
import { longestWord, searchWords } from '@shared/search/query';
import type { Identity } from '@functions/lib/auth-context';
import {
  ALL_STATUSES,
  DEAL_SEARCH_PREFIXES,
  dealershipScope,
  listingKey as dealListingKey,
  SEARCH_PREFIX_MAX,
  searchToken as dealSearchToken,
  stockStartWord,
  tokenListingKey as dealTokenListingKey,
} from '@functions/domain/deals/deal-list-index';
import {
  ALL_SCOPE as MARKETPLACE_ALL_SCOPE,
  ALL_VEHICLES_TOKEN,
  dealershipListingScope,
  listingKey as marketplaceListingKey,
  SEARCH_PREFIX_MAX as MARKETPLACE_SEARCH_PREFIX_MAX,
  searchToken as marketplaceSearchToken,
} from '@functions/domain/deals/marketplace-index';
import type { Deal } from '@functions/domain/deals/deals';
import { callerOf } from '@functions/domain/deals/visibility';
import { LEAD_SEARCH_PREFIXES, leadSearchToken } from '@functions/domain/leads/lead-search-index';
import { isExactLookup, type PrefixRule } from '@functions/lib/data/search-words';
import { type Client } from '@functions/domain/clients/clients';
import { CLIENT_SEARCH_PREFIXES, clientSearchToken } from '@functions/domain/clients/client-search';
import type { Lead } from '@functions/domain/leads/leads';
import type { SearchData } from './data';
import type { ReadBudget } from './data/search-index';
import {
  clientSearchScope,
  dealSearchScope,
  leadSearchScope,
  vehicleSearchScope,
  type SearchScope,
  type Searcher,
} from './visibility';

/**
 * A token listing holds exactly the records with a word starting with the longest search word (up to the index's
 * longest prefix: search-words.ts `prefixTokens`), so a one-word search reads only matches (EXACT_BUDGET). With more
 * words (or a word longer than the longest prefix) the other words are a filter, and a listing is read on until it
 * has enough matches or the read budget is spent: DynamoDB's Limit counts entries before the filter, so the budget
 * is entries evaluated, not matches: Queries of 10, 40, 200 and 750 entries (1,000 entries, about 250 KB, at most)
 * per kind, stopping as soon as 2 x SEARCH_HITS_PER_KIND match, so a listing where most entries match costs one
 * Query of 10. A dealership listing is read the same way.
 */
export const TOKEN_BUDGET: ReadBudget = { limits: [10, 40, 200, 750], want: 2 * SEARCH_HITS_PER_KIND };
/**
 * A one-word search of at most the index's longest prefix (6 characters for clients, deals and leads, 8 for vehicles)
 * reads the listing of exactly that word: every entry in it matches, so one Query of the matches wanted is enough
 * (docs/data-model.md, "Global search").
 */
export const EXACT_BUDGET: ReadBudget = { limits: [2 * SEARCH_HITS_PER_KIND], want: 2 * SEARCH_HITS_PER_KIND };
export const DEALERSHIP_BUDGET: ReadBudget = TOKEN_BUDGET;
/**
 * The next word's listing (`KindRead.then`): one Query of 10 entries (half a capacity unit), so a search's cost stays
 * flat with the table's size (npm run bench, "client prepared 4"); it finds a record the first listing missed among
 * the next word's first 10 entries in the listing's order.
 */
export const NEXT_WORD_BUDGET: ReadBudget = { limits: [2 * SEARCH_HITS_PER_KIND], want: 2 * SEARCH_HITS_PER_KIND };

/**
 * Where one kind is read: a listing and its budget, or nothing; `then`, for a search of several words, the listing
 * of the next-longest word, read when the first finds fewer matches than it wants: a record left out of the first
 * word's listing by its kind's cap (a deal's client middle name, a model's second word) is found through another of
 * its words.
 */
export interface KindRead {
  listing: string;
  budget: ReadBudget;
  then?: KindRead;
  /** The words every entry is checked against, when not the search's own (a stock number's start: one word). */
  words?: string[];
}

/**
 * Pure: the listing each kind reads for these words and scopes (null: that kind is not searched). `stockStart`: the
 * query read as a stock number's start (deal-list-index.ts `stockStartWord`), whose listing the deals read first.
 */
export function searchPlan(
  words: readonly string[],
  scopes: {
    clients: SearchScope<Client>;
    deals: SearchScope<Deal>;
    leads: SearchScope<Lead>;
    vehicles: SearchScope<Deal>;
  },
  stockStart: string | null = null,
) {
  const byToken = <R>(
    scope: SearchScope<R>,
    token: (word: string) => string | null,
    rule: Pick<PrefixRule, 'shortest' | 'longest'>,
  ): KindRead | null => {
    if (scope.read !== 'everyone') return null;
    const word = longestWord(words, (candidate) => token(candidate) !== null);
    if (!word) return null;
    const listing = token(word)!;
    const next = longestWord(
      words,
      (candidate) => candidate !== word && token(candidate) !== null && token(candidate) !== listing,
    );
    return {
      listing,
      budget: words.length === 1 && isExactLookup(word, rule) ? EXACT_BUDGET : TOKEN_BUDGET,
      ...(next ? { then: { listing: token(next)!, budget: NEXT_WORD_BUDGET } } : {}),
    };
  };
  const dealership = <R>(scope: SearchScope<R>, listing: (dealershipId: string) => string): KindRead | null =>
    scope.read === 'dealership' && words.length > 0 ? { listing: listing(scope.dealershipId), budget: DEALERSHIP_BUDGET } : null;

  const dealToken = (word: string) => {
    const token = dealSearchToken(word);
    return token ? dealTokenListingKey(token) : null;
  };
  const dealsByToken = (): KindRead | null => {
    const read = byToken(scopes.deals, dealToken, DEAL_SEARCH_PREFIXES);
    if (!read) return null;
    // A word longer than the deals' longest prefix may be a VIN's last 8: its last 6 characters' listing holds the
    // VIN's serial number (deal-list-index.ts VIN_LISTED_TAILS), read next (one Query of 10) when its own finds too few.
    const word = longestWord(words, (candidate) => dealToken(candidate) !== null)!;
    const tail = word.length > DEAL_SEARCH_PREFIXES.longest ? dealToken(word.slice(-SEARCH_PREFIX_MAX)) : null;
    if (!tail || tail === read.listing) return read;
    return { ...read, then: { listing: tail, budget: NEXT_WORD_BUDGET, ...(read.then ? { then: read.then } : {}) } };
  };
  const dealsOfStockStart = (): KindRead | null => {
    const then = dealsByToken();
    if (!stockStart || scopes.deals.read !== 'everyone') return then;
    return {
      listing: dealTokenListingKey(stockStart),
      budget: EXACT_BUDGET,
      words: [stockStart],
      // The split words' plan next, one Query of 10 (a stock number whose start listings the cap left out): flat.
      ...(then ? { then: { ...then, budget: NEXT_WORD_BUDGET } } : {}),
    };
  };
  const vehicleToken = (word: string) =>
    word.length > 0 ? marketplaceListingKey(MARKETPLACE_ALL_SCOPE, 'active', marketplaceSearchToken(word)) : null;
  // The marketplace's listings hold every prefix of 2 to 8 characters (marketplace-index.ts); a one-letter word
  // reads the listing of one-letter words, whose entries all match it too.
  const vehiclePrefixes = { shortest: 1, longest: MARKETPLACE_SEARCH_PREFIX_MAX };
  return {
    clients: byToken(scopes.clients, (word) => (word ? clientSearchToken(word) : null), CLIENT_SEARCH_PREFIXES),
    deals: dealsOfStockStart() ?? dealership(scopes.deals, (id) => dealListingKey(dealershipScope(id), ALL_STATUSES)),
    leads: byToken(scopes.leads, (word) => (word ? leadSearchToken(word) : null), LEAD_SEARCH_PREFIXES),
    vehicles:
      byToken(scopes.vehicles, vehicleToken, vehiclePrefixes) ??
      dealership(scopes.vehicles, (id) => marketplaceListingKey(dealershipListingScope(id), 'active', ALL_VEHICLES_TOKEN)),
  };
}

const join = (parts: (string | null | undefined)[]) => parts.filter((part) => !!part).join(' · ');

const vehicleTitle = (deal: Deal) => [deal.year, deal.make, deal.model, deal.trim].filter((part) => !!part).join(' ');

export function clientHit(client: Client): SearchHit {
  return {
    id: client.id,
    title: client.fullName,
    detail: join([client.email, client.phone ? formatPhone(client.phone) : null]),
    path: searchPaths.client(client),
  };
}

export function dealHit(deal: Deal): SearchHit {
  return {
    id: deal.id,
    title: vehicleTitle(deal),
    detail: join([
      deal.clientName ?? (deal.clientId ? null : 'Unassigned'),
      DEAL_STATUS_LABELS[deal.status],
      deal.stockNumber ? `Stock # ${deal.stockNumber}` : null,
      deal.vin ? `VIN ${deal.vin}` : null,
    ]),
    path: searchPaths.deal(deal.id),
  };
}

export function leadHit(lead: Lead): SearchHit {
  return {
    id: lead.id,
    title: `${lead.firstName} ${lead.lastName}`.trim(),
    detail: join([
      lead.email,
      lead.phone ? formatPhone(lead.phone) : null,
      leadVehicleSummary(lead),
      LEAD_STATUS_LABELS[lead.status],
    ]),
    path: searchPaths.lead(lead.id),
  };
}

export function vehicleHit(vehicle: Deal): SearchHit {
  return {
    id: vehicle.id,
    title: vehicleTitle(vehicle),
    detail: join([vehicle.stockNumber ? `Stock # ${vehicle.stockNumber}` : null, vehicle.vin ? `VIN ${vehicle.vin}` : null]),
    path: searchPaths.vehicle(vehicle.id),
  };
}

async function searcherOf(identity: Identity, data: SearchData): Promise<Searcher> {
  const caller = await callerOf(identity, data);
  return {
    userId: caller.userId,
    role: caller.role,
    dealershipId: caller.dealershipId,
    licensed: caller.role === 'broker' && caller.mayWrite,
    ownBook: caller.ownBook,
  };
}

/** The records of `ids` the scope lets the caller open, in the order of `ids`, at most SEARCH_HITS_PER_KIND. */
function visible<R extends { id: string }>(ids: readonly string[], records: readonly R[], scope: SearchScope<R>): R[] {
  if (scope.read === 'nothing') return [];
  const byId = new Map(records.map((record) => [record.id, record]));
  return [...new Set(ids)]
    .map((id) => byId.get(id))
    .filter((record): record is R => !!record && scope.mayOpen(record))
    .slice(0, SEARCH_HITS_PER_KIND);
}

/**
 * Pure: the stock number a search may be, looked up whole by its claim: one word of letters, digits and dashes with
 * a digit in it ("LD-1001", "P12345"), as typed (claims are kept trimmed and upper-cased).
 */
export function stockNumberQuery(q: string): string | null {
  const candidate = q.trim();
  return /^[\p{L}\p{N}][\p{L}\p{N}./-]*$/u.test(candidate) && /\d/.test(candidate) && candidate.length <= STOCK_NUMBER_QUERY_MAX
    ? candidate
    : null;
}
/** Longer than any stock number the forms take. */
const STOCK_NUMBER_QUERY_MAX = 40;

/** GET /search. */
export async function search(identity: Identity, query: SearchQuery, data: SearchData): Promise<SearchResponse> {
  const searcher = await searcherOf(identity, data);
  const scopes = {
    clients: clientSearchScope(searcher),
    deals: dealSearchScope(searcher),
    leads: leadSearchScope(searcher),
    vehicles: vehicleSearchScope(searcher),
  };
  const words = searchWords(query.q);
  const plan = searchPlan(words, scopes, stockStartWord(query.q));
  const read = async (
    kind: KindRead | null,
    reader: (listing: string, words: string[], budget: ReadBudget) => Promise<string[]>,
  ): Promise<string[]> => {
    if (!kind) return [];
    const ids = await reader(kind.listing, kind.words ?? words, kind.budget);
    return kind.then && ids.length < kind.budget.want ? [...ids, ...(await read(kind.then, reader))] : ids;
  };

  const stockNumber = stockNumberQuery(query.q);
  const [clientIds, listedDealIds, leadIds, listedVehicleIds, stocked] = await Promise.all([
    read(plan.clients, data.searchIndex.clients),
    read(plan.deals, data.searchIndex.deals),
    read(plan.leads, data.searchIndex.leads),
    read(plan.vehicles, data.searchIndex.vehicles),
    stockNumber && (scopes.deals.read !== 'nothing' || scopes.vehicles.read !== 'nothing')
      ? data.searchIndex.dealOfStockNumber(stockNumber)
      : null,
  ]);
  const [clients, deals, leads] = await Promise.all([
    clientIds.length > 0 ? data.clients.getMany([...new Set(clientIds)]) : [],
    listedDealIds.length + listedVehicleIds.length > 0 || stocked
      ? data.deals.getMany([...new Set([...(stocked ? [stocked] : []), ...listedDealIds, ...listedVehicleIds])])
      : [],
    data.searchIndex.leadsById([...new Set(leadIds)]),
  ]);
  // The record whose whole stock number was typed comes first among its kind's (a vehicle, or a client deal of any
  // status: a not-sold deal is in no token listing).
  const exact = stocked ? deals.find((deal) => deal.id === stocked) : undefined;
  const dealIds = exact && !isListing(exact) ? [exact.id, ...listedDealIds] : listedDealIds;
  const vehicleIds = exact && isListing(exact) ? [exact.id, ...listedVehicleIds] : listedVehicleIds;
  return {
    clients: visible(clientIds, clients, scopes.clients).map(clientHit),
    deals: visible(dealIds, deals, scopes.deals).map(dealHit),
    leads: visible(leadIds, leads, scopes.leads).map(leadHit),
    vehicles: visible(vehicleIds, deals, scopes.vehicles).map(vehicleHit),
  };
}
