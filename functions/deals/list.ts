/**
 * GET /deals: the deals list screen in one call (docs/api.md, "Deals list"). A page of deal
 * cards in the screen's order (client groups by name, "Unassigned" last, newest first inside a group), each group's
 * exact count under the current filters, and the make filter's makes. Only available, pending, active and closed
 * deals are listed; a dealer sees their own dealership's deals only, and a broker in own book (the company setting,
 * docs/security.md "Ownership") their own deals only.
 *
 * The page is read from the deals list's listing entries (functions/domain/deals/deal-list-index.ts), never
 * from the deals themselves, so its cost is bounded by the page size however many deals there are.
 *
 * `listDealsRoute` is the route's implementation, registered by the deals feature's handler (functions/deals/handler.ts).
 */
import {
  UNASSIGNED_GROUP_KEY,
  UNASSIGNED_GROUP_NAME,
  dealListQuerySchema,
  dealListResponseSchema,
  type DealCard,
  type DealGroup,
  type DealListResponse,
} from '@shared/deals/list-api';
import { DEAL_LIST_STATUSES } from '@shared/deals/enums';
import { longestWord } from '@shared/search/query';
import type { z } from 'zod';
import type { Identity } from '@functions/lib/auth-context';
import { sortable } from '@functions/lib/data/keys';
import { dealsData, type DealsData } from './data';
import type { DealListPage, EntryFilter } from './data/deal-list';
import {
  ALL_MAKES,
  ALL_SCOPE,
  ALL_STATUSES,
  brokerScope,
  POSITION_SEPARATOR,
  dealershipScope,
  groupCountSet,
  isListed,
  listingKey,
  makeCountSet,
  makeListingKey,
  SEARCH_PREFIX_MAX,
  searchToken,
  tokenListingKey,
  words,
} from '@functions/domain/deals/deal-list-index';
import type { Deal } from '@functions/domain/deals/deals';
import { paymentFields, vehicleFields } from '@functions/domain/deals/deal-views';
import { decodeCursor, decodeListingCursor, encodeCursor } from '@functions/lib/http/list-cursor';
import { route } from '@functions/lib/http/route';

export type DealListQuery = z.output<typeof dealListQuerySchema>;
/** Who is asking: a dealer's dealership is read from the table, so a change applies at once. */
export interface ListViewer {
  role: Identity['role'];
  /** Dealers only; null for a dealer whose account names no dealership (they see nothing). */
  dealershipId: string | null;
  /** Brokers in own book only: the broker whose deals the list is (absent: the whole book). */
  ownerId?: string;
}

async function viewerOf(identity: Identity, data: DealsData): Promise<ListViewer> {
  if (identity.role === 'broker' && (await data.settings.ownBook())) {
    return { role: identity.role, dealershipId: null, ownerId: identity.userId };
  }
  if (identity.role !== 'dealer') return { role: identity.role, dealershipId: null };
  const user = await data.users.get(identity.userId);
  return { role: identity.role, dealershipId: user?.dealershipId ?? null };
}

// ---------------------------------------------------------------------------------------------------------------

export interface ListPlan {
  scope: string;
  /** The listing the page is read from. */
  listing: string;
  /** What entries of that listing must match besides. */
  filter: EntryFilter;
  /** The search words (empty without a search). */
  words: string[];
  makeKey?: string;
  /** Group counts are counted in the listing (a search, a broker's own listing) rather than read from count items. */
  countsInListing: boolean;
  /**
   * A search of several words in everyone's scope: the next-longest word's token listing, read instead when the
   * longest word's has no match at all (a deal whose cap left that word out of its listings: docs/data-model.md,
   * "Token listings"). The cursor names the listing its pages come from.
   */
  next?: string;
}

/**
 * Pure: which listing a request reads and what it filters by. Everyone's scope reads the most selective listing
 * it has: the token of the longest search word, else the make's listing, else the status listing; whatever that
 * listing does not already guarantee is a filter. A dealer reads their dealership's status listing (their deals
 * only) and filters it by make and search.
 */
export function listPlan(viewer: ListViewer, query: { status: DealListQuery['status']; make?: string; q?: string }): ListPlan {
  const searchWords = query.q ? [...new Set(words(query.q))] : [];
  const makeKey = query.make ? sortable(query.make) : undefined;
  const status = query.status;
  const byStatus = status === 'all' ? undefined : status;
  if (viewer.ownerId) {
    // An own-book broker: their one listing (every status), filtered by everything the request asks.
    const scope = brokerScope(viewer.ownerId);
    return {
      scope,
      listing: listingKey(scope, ALL_STATUSES),
      filter: { status: byStatus, makeKey, words: searchWords },
      words: searchWords,
      makeKey,
      countsInListing: true,
    };
  }
  const countsInListing = searchWords.length > 0;
  if (viewer.role === 'dealer') {
    const scope = dealershipScope(viewer.dealershipId ?? '');
    return {
      scope,
      listing: listingKey(scope, status),
      filter: { makeKey, words: searchWords },
      words: searchWords,
      makeKey,
      countsInListing,
    };
  }
  const tokenWord = longestWord(searchWords, (word) => searchToken(word) !== null);
  const plan = { scope: ALL_SCOPE, words: searchWords, makeKey, countsInListing };
  if (tokenWord) {
    const listing = tokenListingKey(searchToken(tokenWord)!);
    const nextWord = longestWord(
      searchWords,
      (word) => word !== tokenWord && searchToken(word) !== null && tokenListingKey(searchToken(word)!) !== listing,
    );
    // A word of 8 characters may be a VIN's last 8, which has no listing of its own: its last 6
    // characters' listing holds the VIN's serial number (deal-list-index.ts VIN_LISTED_TAILS), read when the word's
    // own listing has no match, as the global search does.
    const tail = isVinLast8(tokenWord) ? searchToken(tokenWord.slice(-SEARCH_PREFIX_MAX)) : null;
    const next = nextWord
      ? tokenListingKey(searchToken(nextWord)!)
      : tail && tokenListingKey(tail) !== listing
        ? tokenListingKey(tail)
        : undefined;
    return {
      ...plan,
      listing,
      filter: { status: byStatus, makeKey, words: searchWords },
      ...(next ? { next } : {}),
    };
  }
  if (makeKey) return { ...plan, listing: makeListingKey(status, makeKey), filter: { words: searchWords } };
  return { ...plan, listing: listingKey(ALL_SCOPE, status), filter: { words: searchWords } };
}

const isVinLast8 = (word: string) => word.length === 8;

/** The start of every position of the entry's group (its position less the time and deal id). */
export function groupPrefixOf(position: string): string {
  const parts = position.split(POSITION_SEPARATOR);
  return `${parts.slice(0, -2).join(POSITION_SEPARATOR)}${POSITION_SEPARATOR}`;
}

/** The card: explicit field lists, so nothing else of a deal (fees, lead source, credit data) leaves. */
export function toDealCard(deal: Deal, clientName: string | null): DealCard {
  return {
    ...vehicleFields(deal),
    ...paymentFields(deal),
    status: deal.status,
    mileageAllowance: deal.mileageAllowance ?? null,
    apr: deal.apr ?? null,
    clientId: deal.clientId ?? null,
    clientName: deal.clientId ? clientName : null,
    createdAt: deal.createdAt,
  };
}

/** The exact count of each group of the page under the plan's filters. */
async function groupCounts(
  plan: ListPlan,
  query: Pick<DealListQuery, 'status'>,
  page: DealListPage,
  data: DealsData,
): Promise<Map<string, number>> {
  const firstOfGroup = new Map<string, string>();
  for (const entry of page.entries) if (!firstOfGroup.has(entry.groupKey)) firstOfGroup.set(entry.groupKey, entry.position);

  if (plan.countsInListing) {
    // A search (and a broker's own listing) has no count items: each group's matches are counted in the listing
    // itself, a Query bounded by that group's entries there.
    const counted = await Promise.all(
      [...firstOfGroup].map(
        async ([groupKey, position]) =>
          [groupKey, await data.dealList.countGroup(plan.listing, groupPrefixOf(position), plan.filter)] as const,
      ),
    );
    return new Map(counted);
  }
  const statuses = query.status === 'all' ? DEAL_LIST_STATUSES : [query.status];
  const keys = [...firstOfGroup.keys()].flatMap((groupKey) =>
    statuses.map((status) => ({ set: groupCountSet(plan.scope, status, plan.makeKey ?? ALL_MAKES), key: groupKey })),
  );
  const counts = await data.dealList.counts(keys);
  const result = new Map<string, number>();
  for (const { set, key } of keys) result.set(key, (result.get(key) ?? 0) + (counts.get(`${set}\n${key}`) ?? 0));
  return result;
}

/** GET /deals. */
/**
 * The listing a page comes from and the page: the plan's, or, for a first page of the plan's listing with no match
 * at all, its `next` listing's; a later page's cursor names the one its first page came from.
 */
async function planAndPage(plan: ListPlan, query: DealListQuery, data: DealsData): Promise<[ListPlan, DealListPage]> {
  const read = (from: ListPlan, after?: string) =>
    data.dealList.page({ listing: from.listing, ...from.filter, after, limit: query.limit });
  if (query.cursor) {
    const [listing] = decodeCursor(query.cursor);
    const from = plan.next && listing === plan.next ? { ...plan, listing: plan.next } : plan;
    return [from, await read(from, decodeListingCursor(query.cursor, from.listing))];
  }
  const page = await read(plan);
  if (!plan.next || page.entries.length > 0 || page.lastPosition) return [plan, page];
  const next = { ...plan, listing: plan.next };
  return [next, await read(next)];
}

export async function listDeals(identity: Identity, query: DealListQuery, data: DealsData): Promise<DealListResponse> {
  const viewer = await viewerOf(identity, data);
  const canDelete = viewer.role === 'admin';
  if (viewer.role === 'dealer' && !viewer.dealershipId) {
    return { items: [], groups: [], nextCursor: null, makes: [], canDelete };
  }
  const planned = listPlan(viewer, query);
  const [[plan, page], makes] = await Promise.all([
    planAndPage(planned, query, data),
    data.dealList.makeCounts(makeCountSet(planned.scope)),
  ]);
  const [deals, counts] = await Promise.all([
    data.deals.getMany(page.entries.map((entry) => entry.dealId)),
    groupCounts(plan, query, page, data),
  ]);
  const byId = new Map(deals.map((deal) => [deal.id, deal]));
  const listed = page.entries
    .map((entry) => byId.get(entry.dealId))
    // The entries are written with the deal; this only guards the dealer's scope once more.
    .filter(
      (deal): deal is Deal =>
        !!deal &&
        isListed(deal) &&
        (viewer.role !== 'dealer' || deal.dealershipId === viewer.dealershipId) &&
        (!viewer.ownerId || deal.brokerId === viewer.ownerId),
    );

  // Deals written before client names were copied onto deals: their names come from the clients (a page at most).
  const unnamed = [...new Set(listed.filter((deal) => deal.clientId && !deal.clientName).map((deal) => deal.clientId!))];
  const clientNames = new Map(
    (unnamed.length > 0 ? await data.clients.getMany(unnamed) : []).map((client) => [client.id, client.fullName]),
  );
  const nameOf = (deal: Deal) => (deal.clientId ? (deal.clientName ?? clientNames.get(deal.clientId) ?? '') : null);

  const groups: DealGroup[] = [];
  for (const deal of listed) {
    const key = deal.clientId ?? UNASSIGNED_GROUP_KEY;
    if (groups.at(-1)?.key === key) continue;
    groups.push({ key, name: nameOf(deal) ?? UNASSIGNED_GROUP_NAME, count: counts.get(key) ?? 0 });
  }
  return {
    items: listed.map((deal) => toDealCard(deal, nameOf(deal))),
    groups,
    nextCursor: page.lastPosition ? encodeCursor(plan.listing, page.lastPosition) : null,
    makes,
    canDelete,
  };
}

/** The route, registered by functions/deals/handler.ts. */
export const listDealsRoute = route({
  query: dealListQuerySchema,
  response: dealListResponseSchema,
  handler: ({ query }, { identity }) => listDeals(identity, query, dealsData()),
});
