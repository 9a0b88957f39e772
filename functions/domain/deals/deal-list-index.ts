/**
 * The deals list's derived items, kept by the deals store in the same transaction as the deal itself (its
 * `write` spreads `dealListIndexOperations`), so the list can never disagree with the deals:
 * - listing entries: per scope (everyone, or one dealership) and status filter (all, or the deal's status); per
 *   make (everyone's scope); per search token (everyone's scope, every listed status); and one in its broker's
 *   listing (every status: an own-book broker's list, docs/security.md "Ownership", filters it by status, make and
 *   search, and counts a group in the listing itself). Each listing is one
 *   paged Query in the screen's order: client group by name ("Unassigned" last), newest first inside a group;
 * - group counts: listed deals per scope, status, make (and every make) and client group: a group header's count
 *   under the status and make filters is a BatchGet of a few items whatever the number of deals;
 * - make counts: listed deals per scope and make (the make filter buttons), the broker's scope included.
 * Only client deals (not marketplace listings: shared/marketplace/inventory.ts) whose status the list shows
 * (available, pending, active, closed) have any of these.
 *
 * Each is computed as "after minus before" by the pure functions here, so an edit touches only what changed. The
 * worst write (a deal that changes client, make, model and status at once) costs MAX_INDEX_OPERATIONS
 * transaction items, which leaves room in DynamoDB's 100 for the deal, its marketplace items, counters and activity.
 *
 * Search tokens (DEAL_SEARCH_PREFIXES, search-words.ts `prefixTokens`): the VIN gives its first SEARCH_PREFIX_MAX
 * characters and its last 4 and last 6 (VIN_LISTED_TAILS); the stock number its start (stockStartTokens); each word of the stock number, client name,
 * model and make (in dealIndexedWords' order) gives every prefix of 3 to SEARCH_PREFIX_MAX characters (a word of 2
 * gives itself, of 1 none), whole words while SEARCH_TOKENS_MAX allows. A search word of 3 to SEARCH_PREFIX_MAX
 * characters reads the listing of exactly its characters ("rav" finds "RAV4" through "rav", "model" only entries with
 * a word starting "model"), one of 2 the listing of that 2-character word ("x5"); a longer one reads its first
 * SEARCH_PREFIX_MAX ("1hgcm82633" a VIN through "1hgcm8") and is checked in full against the entry's `text`.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { UNASSIGNED_GROUP_KEY } from '@shared/deals/enums';
import { type dealListCountEntity } from './entities/deal-list-count';
import { type dealListEntryEntity, type DealListEntry } from './entities/deal-list-entry';
import { sortable } from '@functions/lib/data/keys';
import { DEAL_LIST_STATUSES } from '@functions/domain/enums';
import { lookupToken, prefixTokens, wordPrefixes, wordStartText, words, type PrefixRule } from '@functions/lib/data/search-words';

export const SEARCH_PREFIX_MAX = 6;
/**
 * Bounds the entries (and transaction items) one deal can cost, whatever its make, model and client say
 * (MAX_INDEX_OPERATIONS; docs/data-model.md, "Global search").
 */
export const SEARCH_TOKENS_MAX = 26;
/**
 * The deals' token rule (search-words.ts): from 3 characters, so a word costs one listing fewer than from 2 and a
 * deal's stock number, client, model and make fit the cap together. A word of 2 characters ("X5", "GT", "Wu") is a
 * listing of its own, whole: a search word of 2 characters finds the deals with that word, a longer word starting
 * with it from its 3rd character. A one-letter search word reads no token listing.
 */
export const DEAL_SEARCH_PREFIXES: PrefixRule = {
  shortest: 3,
  longest: SEARCH_PREFIX_MAX,
  cap: SEARCH_TOKENS_MAX,
  wholeFrom: 2,
};
/**
 * The ends of a VIN people search by, each a word of the entry's text: its last 4 (what a lot sticker or a phone
 * call gives), its last 6 (the serial number) and its last 8 (the vehicle identifier section).
 */
export const VIN_TAILS = [4, 6, 8] as const;
/**
 * The ends of a VIN that are a listing of their own (their lookup token: the last 4 whole, the last 6 itself). The
 * last 8 has none: a search word longer than SEARCH_PREFIX_MAX also reads the listing of its last 6 characters
 * (functions/search/search.ts `searchPlan`), which holds the VIN's serial number, and the filter checks the whole
 * word against the text. So a VIN costs 3 listings, as before its last 4 was searchable (docs/data-model.md,
 * "Token listings").
 */
export const VIN_LISTED_TAILS = [4, 6] as const;
export const ALL_DEALS_TOKEN = '*';
export const ALL_MAKES = '*';
export const ALL_STATUSES = 'all';
export const ALL_SCOPE = 'all';
/** Separates the parts of a position; below every character a name may hold, so "Ann" sorts before "Ann Lee". */
export const POSITION_SEPARATOR = '\t';

export type ListedStatus = (typeof DEAL_LIST_STATUSES)[number];
export type StatusFilter = typeof ALL_STATUSES | ListedStatus;

/** What a deal's list items depend on; nothing else about a deal changes them. */
export interface ListedDeal {
  id: string;
  createdAt: string;
  status: string;
  make: string;
  model: string;
  clientId?: string | null;
  clientName?: string | null;
  dealershipId?: string | null;
  /** The deal's broker: its own-book listing and make counts. */
  brokerId?: string | null;
  /** Found by the global search and the deals list's search (docs/data-model.md, "Global search"). */
  vin?: string | null;
  stockNumber?: string | null;
  /**
   * A marketplace listing is not a client deal: never in the deals list (absent, as written before 25 Nov 2026:
   * listed).
   */
  listing?: boolean | null;
}

/** One broker's deals (the own-book list): one all-statuses listing and the make counts, no group count items. */
export const brokerScope = (brokerId: string) => `broker#${brokerId}`;

export const dealershipScope = (dealershipId: string) => `dealership#${dealershipId}`;

export const isListed = (deal: Pick<ListedDeal, 'status' | 'listing'>): boolean =>
  deal.listing !== true && (DEAL_LIST_STATUSES as readonly string[]).includes(deal.status);

export const listingKey = (scope: string, status: StatusFilter) => `${scope}#${status}#${ALL_DEALS_TOKEN}`;
export const makeListingKey = (status: StatusFilter, makeKey: string) => `${ALL_SCOPE}#${status}#make#${makeKey}`;
export const tokenListingKey = (token: string) => `${ALL_SCOPE}#${ALL_STATUSES}#tok#${token}`;
export const groupCountSet = (scope: string, status: ListedStatus, makeKey: string) => `group#${scope}#${status}#${makeKey}`;
export const makeCountSet = (scope: string) => `make#${scope}`;

export { words };

/** The token a search word is looked up by: null for a one-letter word (no listing of them). */
export function searchToken(word: string): string | null {
  return lookupToken(word, DEAL_SEARCH_PREFIXES);
}

type SearchedDeal = Pick<ListedDeal, 'make' | 'model' | 'clientName' | 'vin' | 'stockNumber'>;

/** A VIN word's ends of these lengths (a shorter word, not a real VIN, has none). */
const vinTails = (vin: string, lengths: readonly number[] = VIN_TAILS) =>
  lengths.filter((length) => vin.length > length).map((length) => vin.slice(-length));

/** The words of a deal's VIN as the search matches them: each VIN word and its ends (VIN_TAILS). */
export const vinSearchWords = (deal: Pick<SearchedDeal, 'vin'>) => words(deal.vin).flatMap((vin) => [vin, ...vinTails(vin)]);

/**
 * A stock number of several words as one word of its letters and digits ("LD-1001" is "ld1001"); null for a stock
 * number of one word, which is that word.
 */
export function compactStockNumber(stockNumber: string | null | undefined): string | null {
  const parts = words(stockNumber);
  return parts.length > 1 ? parts.join('') : null;
}

/**
 * The listings a stock number's start is found by where its split words have none of their own: the compact stock
 * number's first word followed by 1 or 2 more characters ("ld1" and "ld10" of "LD-1001"). "LD-10" is the words "ld"
 * and "10", whose listings hold every "LD-" stock number and the word "10" alone; from 3 characters on ("LD-100") the
 * second word's own listing ("100") finds it, filtered by "ld". At most 2 listings, none past SEARCH_PREFIX_MAX.
 */
export function stockStartTokens(stockNumber: string | null | undefined): string[] {
  const compact = compactStockNumber(stockNumber);
  if (!compact) return [];
  const first = words(stockNumber)[0]!.length;
  const last = Math.min(compact.length, first + DEAL_SEARCH_PREFIXES.shortest - 1, SEARCH_PREFIX_MAX);
  const tokens: string[] = [];
  for (let length = first + 1; length <= last; length++) tokens.push(compact.slice(0, length));
  return tokens;
}

/**
 * The word a search is looked up by as a stock number's start (stockStartTokens): a query of one stock-number-like
 * run ("LD-10", "ld 1") of several words whose words after the first are 1 or 2 characters together; null otherwise
 * (the split words find it).
 */
export function stockStartWord(query: string): string | null {
  const trimmed = query.trim();
  if (!/^[\p{L}\p{N}]+([ ./-]+[\p{L}\p{N}]+)+$/u.test(trimmed) || !/\d/.test(trimmed)) return null;
  const compact = compactStockNumber(trimmed)!;
  const rest = compact.length - words(trimmed)[0]!.length;
  return rest >= 1 && rest < DEAL_SEARCH_PREFIXES.shortest && compact.length <= SEARCH_PREFIX_MAX ? compact : null;
}

/**
 * The words of a deal's identifiers: its VIN's, and its stock number's (split like any text: "STK-12" is "stk", "12";
 * and whole, "stk12", which a stock number's start is checked against).
 */
const identifierWords = (deal: SearchedDeal) => {
  const compact = compactStockNumber(deal.stockNumber);
  return [...vinSearchWords(deal), ...words(deal.stockNumber), ...(compact ? [compact] : [])];
};

/**
 * The words a deal's listings of every prefix come from, in priority order (the cap drops from the end): first the
 * words a deal is found by alone (the stock number's, the client's first and last name, the model's and the make's
 * first word), then the rest (the model's and make's further words, the client's middle names). So "Ann Lee" keeps
 * "lee" on a deal whose stock number, make and model would otherwise fill the cap, and "Hybrid" of "RAV4 Hybrid" is
 * what goes (a search "rav4 hybrid" still finds it through "rav4": every word stays in the entry's text).
 */
export function dealIndexedWords(deal: SearchedDeal): string[] {
  const { main, middle } = dealWordGroups(deal);
  return [...main, ...middle];
}

/** dealIndexedWords in two parts: the client's middle names come after the stock number's start (searchTokens). */
function dealWordGroups(deal: SearchedDeal): { main: string[]; middle: string[] } {
  const client = words(deal.clientName);
  const [makeFirst, ...makeRest] = words(deal.make);
  const [modelFirst, ...modelRest] = words(deal.model);
  const clientFirstLast = client.length > 1 ? [client[0]!, client[client.length - 1]!] : client;
  const first = [...words(deal.stockNumber), ...clientFirstLast, modelFirst, makeFirst].filter(
    (word): word is string => word !== undefined,
  );
  return { main: [...first, ...modelRest, ...makeRest], middle: client.slice(1, -1) };
}

/**
 * A VIN is looked up by its first SEARCH_PREFIX_MAX characters and by its ends (VIN_TAILS), one listing each, not
 * every prefix: 17 characters nobody types 3 of; a VIN word shorter than that (not a real VIN) gets every prefix like
 * any word.
 */
export const vinTokens = (deal: Pick<SearchedDeal, 'vin'>) => [
  ...new Set(
    words(deal.vin).flatMap((word) =>
      word.length >= SEARCH_PREFIX_MAX
        ? [word, ...vinTails(word, VIN_LISTED_TAILS)].map((part) => part.slice(0, SEARCH_PREFIX_MAX))
        : wordPrefixes(word, DEAL_SEARCH_PREFIXES),
    ),
  ),
];

/**
 * Every token listing a deal is in: the VIN's, then every prefix of the words of dealIndexedWords (whole words while
 * SEARCH_TOKENS_MAX allows), so a long make, model and client name cannot push the identifiers out; the stock
 * number's start (stockStartTokens, all or none) before the client's middle names.
 */
export function searchTokens(deal: SearchedDeal): string[] {
  const tokens = new Set(vinTokens(deal));
  const { main, middle } = dealWordGroups(deal);
  const add = (prefixes: string[]) => {
    const fresh = prefixes.filter((prefix) => !tokens.has(prefix));
    if (prefixes.length > 0 && tokens.size + fresh.length <= SEARCH_TOKENS_MAX) for (const prefix of fresh) tokens.add(prefix);
  };
  const rule = { ...DEAL_SEARCH_PREFIXES, cap: SEARCH_TOKENS_MAX - tokens.size };
  for (const token of prefixTokens(main, rule).tokens) tokens.add(token);
  add(stockStartTokens(deal.stockNumber));
  for (const word of middle) add(wordPrefixes(word, DEAL_SEARCH_PREFIXES));
  return [...tokens];
}

/** The text search words are checked against (search-words.ts). */
export function searchText(deal: SearchedDeal): string {
  return wordStartText([...words(deal.make), ...words(deal.model), ...words(deal.clientName), ...identifierWords(deal)]);
}

export const groupKeyOf = (deal: Pick<ListedDeal, 'clientId'>) => deal.clientId || UNASSIGNED_GROUP_KEY;

/**
 * Where a group sorts: named groups by name ("1" + the lower-cased name, then the client id so that two clients
 * who share a name stay two groups), the unassigned group after every name ("2").
 */
export function groupSortKey(deal: Pick<ListedDeal, 'clientId' | 'clientName'>): string {
  return deal.clientId ? `1${sortable(deal.clientName ?? '')}${POSITION_SEPARATOR}${deal.clientId}` : '2';
}

/** The start of every position of a group: a Query of that group's entries is `beginsWith` this. */
export const groupPrefix = (deal: Pick<ListedDeal, 'clientId' | 'clientName'>) => `${groupSortKey(deal)}${POSITION_SEPARATOR}`;

/** Each digit d becomes 9 - d: ISO times of one format then sort newest first. */
export const newestFirst = (isoTime: string) => isoTime.replace(/\d/g, (digit) => String(9 - Number(digit)));

export const listPosition = (deal: ListedDeal) =>
  `${groupPrefix(deal)}${newestFirst(deal.createdAt)}${POSITION_SEPARATOR}${deal.id}`;

/** Every listing entry of a deal (none for a status the list does not show). */
export function listEntries(deal: ListedDeal): DealListEntry[] {
  if (!isListed(deal)) return [];
  const status = deal.status as ListedStatus;
  const makeKey = sortable(deal.make);
  const base = {
    position: listPosition(deal),
    dealId: deal.id,
    status,
    makeKey,
    groupKey: groupKeyOf(deal),
    text: searchText(deal),
  };
  const scopes = [ALL_SCOPE, ...(deal.dealershipId ? [dealershipScope(deal.dealershipId)] : [])];
  const listings = [
    ...scopes.flatMap((scope) => [listingKey(scope, ALL_STATUSES), listingKey(scope, status)]),
    makeListingKey(ALL_STATUSES, makeKey),
    makeListingKey(status, makeKey),
    ...(deal.brokerId ? [listingKey(brokerScope(deal.brokerId), ALL_STATUSES)] : []),
    ...searchTokens(deal).map(tokenListingKey),
  ];
  return listings.map((listing) => ({ listing, ...base }));
}

const entryId = (entry: Pick<DealListEntry, 'listing' | 'position'>) => `${entry.listing}\n${entry.position}`;
const sameEntry = (a: DealListEntry, b: DealListEntry) =>
  a.status === b.status && a.makeKey === b.makeKey && a.groupKey === b.groupKey && a.text === b.text && a.dealId === b.dealId;

/** Entries to put (new or changed) and to delete (gone); an unchanged entry is not written. */
export function listEntryChanges(before: ListedDeal | undefined, after: ListedDeal | undefined) {
  const old = new Map((before ? listEntries(before) : []).map((entry) => [entryId(entry), entry]));
  const next = after ? listEntries(after) : [];
  const nextIds = new Set(next.map(entryId));
  return {
    put: next.filter((entry) => {
      const previous = old.get(entryId(entry));
      return !previous || !sameEntry(previous, entry);
    }),
    remove: [...old.values()].filter((entry) => !nextIds.has(entryId(entry))),
  };
}

export interface CountDelta {
  set: string;
  key: string;
  /** A make's name (make counts). */
  label?: string;
  change: number;
}

function countContributions(deal: ListedDeal): CountDelta[] {
  if (!isListed(deal)) return [];
  const status = deal.status as ListedStatus;
  const makeKey = sortable(deal.make);
  const group = groupKeyOf(deal);
  const scopes = [ALL_SCOPE, ...(deal.dealershipId ? [dealershipScope(deal.dealershipId)] : [])];
  return [
    ...scopes.flatMap((scope) => [
      { set: groupCountSet(scope, status, ALL_MAKES), key: group, change: 1 },
      { set: groupCountSet(scope, status, makeKey), key: group, change: 1 },
      { set: makeCountSet(scope), key: makeKey, label: deal.make.trim(), change: 1 },
    ]),
    ...(deal.brokerId
      ? [{ set: makeCountSet(brokerScope(deal.brokerId)), key: makeKey, label: deal.make.trim(), change: 1 }]
      : []),
  ];
}

/** Count changes of a write (group and make counts); zeros dropped. */
export function countDeltas(before: ListedDeal | undefined, after: ListedDeal | undefined): CountDelta[] {
  const byKey = new Map<string, CountDelta>();
  const add = (delta: CountDelta, sign: number) => {
    const id = `${delta.set}\n${delta.key}`;
    const current = byKey.get(id);
    byKey.set(id, {
      ...delta,
      label: sign > 0 ? delta.label : (current?.label ?? delta.label),
      change: (current?.change ?? 0) + sign,
    });
  };
  for (const delta of before ? countContributions(before) : []) add(delta, -1);
  for (const delta of after ? countContributions(after) : []) add(delta, 1);
  return [...byKey.values()].filter((delta) => delta.change !== 0);
}

/**
 * The most transaction items one deal write adds here: every entry of the old and the new version (4 scope
 * listings, 2 make listings, the broker's listing, SEARCH_TOKENS_MAX tokens each) and every count of both (6, and
 * the broker's make count).
 */
export const MAX_INDEX_OPERATIONS = 2 * (7 + SEARCH_TOKENS_MAX) + 2 * 7;

type IndexEntities = {
  readonly dealListEntry: ReturnType<typeof dealListEntryEntity>;
  readonly dealListCount: ReturnType<typeof dealListCountEntity>;
};

/** The transaction items that keep the deals list's derived items in step with a deal write (`after` absent: a delete). */
export function dealListIndexOperations(entities: IndexEntities, before: ListedDeal | undefined, after: ListedDeal | undefined) {
  const { put, remove } = listEntryChanges(before, after);
  return [
    ...put.map((entry) => entities.dealListEntry.build(PutTransaction).item(entry)),
    ...remove.map(({ listing, position }) => entities.dealListEntry.build(DeleteTransaction).key({ listing, position })),
    ...countDeltas(before, after).map(({ set, key, label, change }) =>
      entities.dealListCount
        .build(UpdateTransaction)
        .item({ set, key, ...(label && change > 0 ? { label } : {}), deals: $add(change) }),
    ),
  ];
}
