/**
 * The marketplace's derived items, kept by the deals store in the same transaction as the deal itself:
 * - listing entries (one Query per page of a tab, a dealership's tab, or a search token), and
 * - per-make vehicle counts per tab (the make buttons, group counts and tab counts), and per search token's listing
 *   (the group counts of a one-word search: read, not counted, docs/decisions.md "Marketplace screens"),
 * - pending client deals per source vehicle (on the vehicle's stats item).
 * Each is computed as "after minus before" by the pure functions here, so an edit touches only what changed.
 *
 * Search tokens: the prefixes (2 to SEARCH_PREFIX_MAX characters; one-letter words as themselves) of each word
 * of the make and model, and the year. A search word longer than SEARCH_PREFIX_MAX is looked up by its first
 * SEARCH_PREFIX_MAX characters and checked in full against the entry's `text`. Token entries exist for the
 * whole marketplace only; a dealer's search reads their dealership's listing, which holds only their vehicles.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { UpdateTransaction } from 'dynamodb-toolbox/entity/actions/transactUpdate';
import { $add } from 'dynamodb-toolbox/entity/actions/update/symbols';
import { type marketplaceMakeCountEntity } from './entities/marketplace-make-count';
import { type vehicleStatsEntity } from './entities/vehicle-stats';
import { isSoldOut } from '@shared/marketplace/inventory';
import { sortable } from '@functions/lib/data/keys';
import { type marketplaceListingEntity, type MarketplaceListing } from './entities/marketplace-listing';

export const SEARCH_PREFIX_MAX = 8;
/** Bounds the entries (and transaction items) one vehicle can cost, whatever its make and model say. */
export const SEARCH_TOKENS_MAX = 16;
export const ALL_VEHICLES_TOKEN = '*';

export type MarketplaceTabName = 'active' | 'archived';

/** What a deal's marketplace entries depend on. */
export interface ListedVehicle {
  id: string;
  year: number;
  make: string;
  model: string;
  isArchived: boolean;
  dealershipId?: string | null;
  /** A listing (./inventory.ts `indexRoleOf`): a client deal has no entries. Absent: a listing. */
  listed?: boolean;
  /** A listing with no unit left (0) is in no tab until a unit comes back; absent: 1. */
  availableStock?: number | null;
}

export const tabName = (isArchived: boolean): MarketplaceTabName => (isArchived ? 'archived' : 'active');

/** The tab a deal is listed in: none for a client deal or a sold-out listing (it leaves the active tab). */
export function listedTab(vehicle: ListedVehicle): MarketplaceTabName | null {
  if (vehicle.listed === false) return null;
  if (vehicle.isArchived) return 'archived';
  return isSoldOut(vehicle) ? null : 'active';
}

/** The scope of a listing or count: the whole marketplace or one dealership. */
export const ALL_SCOPE = 'all';
export const dealershipListingScope = (dealershipId: string) => `dealership#${dealershipId}`;

export const tabKey = (scope: string, tab: MarketplaceTabName) => `${scope}#${tab}`;
export const listingKey = (scope: string, tab: MarketplaceTabName, token: string) =>
  token === ALL_VEHICLES_TOKEN ? `${tabKey(scope, tab)}#*` : `${tabKey(scope, tab)}#tok#${token}`;

/** Lower-cased words of a text (letters and digits of any alphabet). */
export function words(value: string): string[] {
  return value.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The token a search word is looked up by. */
export const searchToken = (word: string) => word.slice(0, SEARCH_PREFIX_MAX);

export function searchTokens(vehicle: Pick<ListedVehicle, 'year' | 'make' | 'model'>): string[] {
  const tokens = new Set<string>([String(vehicle.year)]);
  for (const word of [...words(vehicle.make), ...words(vehicle.model)]) {
    if (word.length === 1) tokens.add(word);
    for (let length = 2; length <= Math.min(word.length, SEARCH_PREFIX_MAX); length++) tokens.add(word.slice(0, length));
  }
  return [...tokens].slice(0, SEARCH_TOKENS_MAX);
}

/** The text search words are checked against: each word preceded by a space, so " rav" matches a word start. */
export function searchText(vehicle: Pick<ListedVehicle, 'year' | 'make' | 'model'>): string {
  return ` ${[String(vehicle.year), ...words(vehicle.make), ...words(vehicle.model)].join(' ')} `;
}

export const listingPosition = (vehicle: Pick<ListedVehicle, 'id' | 'make' | 'model'>) =>
  `${sortable(vehicle.make)}#${sortable(vehicle.model)}#${vehicle.id}`;

/** Every listing entry of a vehicle. */
export function listingEntries(vehicle: ListedVehicle): MarketplaceListing[] {
  const tab = listedTab(vehicle);
  if (!tab) return [];
  const position = listingPosition(vehicle);
  const text = searchText(vehicle);
  const entry = (listing: string) => ({ listing, position, vehicleId: vehicle.id, text });
  return [
    entry(listingKey(ALL_SCOPE, tab, ALL_VEHICLES_TOKEN)),
    ...(vehicle.dealershipId ? [entry(listingKey(dealershipListingScope(vehicle.dealershipId), tab, ALL_VEHICLES_TOKEN))] : []),
    ...searchTokens(vehicle).map((token) => entry(listingKey(ALL_SCOPE, tab, token))),
  ];
}

const entryId = (entry: Pick<MarketplaceListing, 'listing' | 'position'>) => `${entry.listing}\n${entry.position}`;

/** Entries to put (new or changed) and to delete (gone); an unchanged entry is not written. */
export function listingChanges(before: ListedVehicle | undefined, after: ListedVehicle | undefined) {
  const old = new Map((before ? listingEntries(before) : []).map((entry) => [entryId(entry), entry]));
  const next = after ? listingEntries(after) : [];
  const nextIds = new Set(next.map(entryId));
  return {
    put: next.filter((entry) => old.get(entryId(entry))?.text !== entry.text),
    remove: [...old.values()].filter((entry) => !nextIds.has(entryId(entry))),
  };
}

export interface MakeCountDelta {
  tab: string;
  makeKey: string;
  make: string;
  change: number;
}

/** The counts of a search token's listing are kept under the listing's key (never equal to a tab's key). */
export const tokenCountKey = (tab: MarketplaceTabName, token: string) => listingKey(ALL_SCOPE, tab, token);

function makeContributions(vehicle: ListedVehicle): MakeCountDelta[] {
  const tab = listedTab(vehicle);
  if (!tab) return [];
  const counted = [
    tabKey(ALL_SCOPE, tab),
    ...(vehicle.dealershipId ? [tabKey(dealershipListingScope(vehicle.dealershipId), tab)] : []),
    ...searchTokens(vehicle).map((token) => tokenCountKey(tab, token)),
  ];
  return counted.map((key) => ({ tab: key, makeKey: sortable(vehicle.make), make: vehicle.make.trim(), change: 1 }));
}

/** Per-make count changes of a write; zeros dropped. */
export function makeCountDeltas(before: ListedVehicle | undefined, after: ListedVehicle | undefined): MakeCountDelta[] {
  const byKey = new Map<string, MakeCountDelta>();
  const add = (delta: MakeCountDelta, sign: number) => {
    const key = `${delta.tab}\n${delta.makeKey}`;
    const current = byKey.get(key);
    byKey.set(key, {
      ...delta,
      make: sign > 0 ? delta.make : (current?.make ?? delta.make),
      change: (current?.change ?? 0) + sign,
    });
  };
  for (const delta of before ? makeContributions(before) : []) add(delta, -1);
  for (const delta of after ? makeContributions(after) : []) add(delta, 1);
  return [...byKey.values()].filter((delta) => delta.change !== 0);
}

/** What a client deal's pending count depends on: the vehicle it is pending on (./inventory.ts), if any. */
export interface PendingFacts {
  pendingOn?: string | null;
}

/**
 * Changes to vehicles' pending-deal counts: +1 when a deal from a vehicle becomes pending on it (an open status,
 * shared/marketplace/inventory.ts), -1 when it stops.
 */
export function pendingDealDeltas(before: PendingFacts | undefined, after: PendingFacts | undefined): Map<string, number> {
  const changes = new Map<string, number>();
  const count = (facts: PendingFacts | undefined, sign: number) => {
    if (facts?.pendingOn) changes.set(facts.pendingOn, (changes.get(facts.pendingOn) ?? 0) + sign);
  };
  count(before, -1);
  count(after, 1);
  return new Map([...changes].filter(([, change]) => change !== 0));
}

/**
 * The most transaction items marketplaceIndexOperations returns (a vehicle with SEARCH_TOKENS_MAX tokens whose make,
 * model, dealership and tab all change, and whose pending deal moves): listing entries 2 x (2 + 16), make counts
 * 2 x (2 + 16), stats 2. DynamoDB takes 100 items per transaction; the deal write adds its own (the deal, the
 * stock-number claim and release, the counters) to these, within the rest.
 */
export const MARKETPLACE_INDEX_OPERATIONS_MAX = 2 * (2 + SEARCH_TOKENS_MAX) * 2 + 2;

type IndexEntities = {
  readonly marketplaceListing: ReturnType<typeof marketplaceListingEntity>;
  readonly marketplaceMakeCount: ReturnType<typeof marketplaceMakeCountEntity>;
  readonly vehicleStats: ReturnType<typeof vehicleStatsEntity>;
};

/** The transaction items that keep the marketplace's derived items in step with a deal write. */
export function marketplaceIndexOperations(
  entities: IndexEntities,
  before: (ListedVehicle & PendingFacts) | undefined,
  after: (ListedVehicle & PendingFacts) | undefined,
) {
  const { put, remove } = listingChanges(before, after);
  return [
    ...put.map((entry) => entities.marketplaceListing.build(PutTransaction).item(entry)),
    ...remove.map(({ listing, position }) => entities.marketplaceListing.build(DeleteTransaction).key({ listing, position })),
    ...makeCountDeltas(before, after).map(({ tab, makeKey, make, change }) =>
      entities.marketplaceMakeCount.build(UpdateTransaction).item({ tab, makeKey, make, vehicles: $add(change) }),
    ),
    // A new listing gets its stats item at once (zeros): every card then reads the same items, whatever its views.
    ...(!before && after && after.listed !== false
      ? [entities.vehicleStats.build(UpdateTransaction).item({ vehicleId: after.id, views: $add(0), pendingDeals: $add(0) })]
      : []),
    ...[...pendingDealDeltas(before, after)].map(([vehicleId, change]) =>
      entities.vehicleStats.build(UpdateTransaction).item({ vehicleId, pendingDeals: $add(change) }),
    ),
  ];
}
