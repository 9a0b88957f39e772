/**
 * GET /search: the global search box (shared/search/api.ts). For each kind the caller may see
 * (./visibility.ts), the plan names one listing to read: the search index of the longest search word's token, or a
 * dealer's own dealership listing, every search word checked against each entry. The four kinds are read in
 * parallel with a small budget each, their records fetched in parallel BatchGets, cut by the kind's rule and to
 * SEARCH_HITS_PER_KIND, and answered from explicit field lists.
 */
import { DEAL_STATUS_LABELS } from '@shared/deals/enums';
import { formatPhone } from '@shared/format';
import { LEAD_STATUS_LABELS } from '@shared/leads/api';
import { leadVehicleSummary } from '@shared/leads/rules';
import { SEARCH_HITS_PER_KIND, searchPaths, type SearchHit, type SearchQuery, type SearchResponse } from '@shared/search/api';
import { longestWord, searchWords } from '@shared/search/query';
import type { Identity } from '@functions/lib/auth-context';
import {
  ALL_STATUSES,
  dealershipScope,
  listingKey as dealListingKey,
  searchToken as dealSearchToken,
  tokenListingKey as dealTokenListingKey,
} from '@functions/lib/data/deals/deal-list-index';
import {
  ALL_SCOPE as MARKETPLACE_ALL_SCOPE,
  ALL_VEHICLES_TOKEN,
  dealershipListingScope,
  listingKey as marketplaceListingKey,
  searchToken as marketplaceSearchToken,
} from '@functions/lib/data/deals/marketplace-index';
import type { Deal } from '@functions/lib/data/deals/deals';
import { callerOf } from '@functions/lib/data/deals/visibility';
import { leadSearchToken } from '@functions/lib/data/lead-search-index';
import { clientSearchToken, type Client } from '@functions/lib/data/stores/clients';
import type { Lead } from '@functions/lib/data/stores/leads';
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
 * A listing is read on until it has enough matches or the read budget is spent: a token listing holds every entry
 * sharing the longest word's first letters, and when many share them (a common name start, a crowded make) the
 * entries matching the whole query can sit far down it. DynamoDB's Limit counts entries before the word filter, so
 * the budget is entries evaluated, not matches: up to 4 Queries of 250 entries (1,000 entries, about 250 KB) per
 * kind, stopping as soon as 2 x SEARCH_HITS_PER_KIND match. A dealership listing is read the same way.
 * (Issue 20: a budget of 2 x 10 entries missed a real match behind 20 others with the same 4-letter prefix.)
 */
export const TOKEN_BUDGET: ReadBudget = { evaluate: 250, reads: 4, want: 2 * SEARCH_HITS_PER_KIND };
export const DEALERSHIP_BUDGET: ReadBudget = { evaluate: 250, reads: 4, want: 2 * SEARCH_HITS_PER_KIND };

/** Where one kind is read: a listing and its budget, or nothing. */
export interface KindRead {
  listing: string;
  budget: ReadBudget;
}

/** Pure: the listing each kind reads for these words and scopes (null: that kind is not searched). */
export function searchPlan(
  words: readonly string[],
  scopes: {
    clients: SearchScope<Client>;
    deals: SearchScope<Deal>;
    leads: SearchScope<Lead>;
    vehicles: SearchScope<Deal>;
  },
) {
  const byToken = <R>(scope: SearchScope<R>, token: (word: string) => string | null): KindRead | null => {
    if (scope.read !== 'everyone') return null;
    const word = longestWord(words, (candidate) => token(candidate) !== null);
    return word ? { listing: token(word)!, budget: TOKEN_BUDGET } : null;
  };
  const dealership = <R>(scope: SearchScope<R>, listing: (dealershipId: string) => string): KindRead | null =>
    scope.read === 'dealership' && words.length > 0 ? { listing: listing(scope.dealershipId), budget: DEALERSHIP_BUDGET } : null;

  const dealToken = (word: string) => {
    const token = dealSearchToken(word);
    return token ? dealTokenListingKey(token) : null;
  };
  const vehicleToken = (word: string) =>
    word.length > 0 ? marketplaceListingKey(MARKETPLACE_ALL_SCOPE, 'active', marketplaceSearchToken(word)) : null;
  return {
    clients: byToken(scopes.clients, (word) => (word ? clientSearchToken(word) : null)),
    deals:
      byToken(scopes.deals, dealToken) ?? dealership(scopes.deals, (id) => dealListingKey(dealershipScope(id), ALL_STATUSES)),
    leads: byToken(scopes.leads, (word) => (word ? leadSearchToken(word) : null)),
    vehicles:
      byToken(scopes.vehicles, vehicleToken) ??
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
  const plan = searchPlan(words, scopes);
  const read = (kind: KindRead | null, reader: (listing: string, words: string[], budget: ReadBudget) => Promise<string[]>) =>
    kind ? reader(kind.listing, words, kind.budget) : Promise.resolve([]);

  const [clientIds, dealIds, leadIds, vehicleIds] = await Promise.all([
    read(plan.clients, data.searchIndex.clients),
    read(plan.deals, data.searchIndex.deals),
    read(plan.leads, data.searchIndex.leads),
    read(plan.vehicles, data.searchIndex.vehicles),
  ]);
  const [clients, deals, leads] = await Promise.all([
    clientIds.length > 0 ? data.clients.getMany([...new Set(clientIds)]) : [],
    dealIds.length + vehicleIds.length > 0 ? data.deals.getMany([...new Set([...dealIds, ...vehicleIds])]) : [],
    data.searchIndex.leadsById([...new Set(leadIds)]),
  ]);
  return {
    clients: visible(clientIds, clients, scopes.clients).map(clientHit),
    deals: visible(dealIds, deals, scopes.deals).map(dealHit),
    leads: visible(leadIds, leads, scopes.leads).map(leadHit),
    vehicles: visible(vehicleIds, deals, scopes.vehicles).map(vehicleHit),
  };
}
