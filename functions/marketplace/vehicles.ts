/**
 * Marketplace vehicles (docs/decisions.md, "Marketplace"): who sees which vehicle, what a create or an edit may set,
 * and the list screen in one call. A marketplace vehicle is stored as a deal; the deals store keeps its stock-number
 * claim, listing entries and counts in the deal's own transaction.
 *
 * Visibility: admins see every vehicle; brokers the active ones (and the ones they added, to unarchive them);
 * dealers only their own dealership's. A vehicle the caller may not see is answered 404, like an unknown id.
 */
import { isListing } from '@shared/marketplace/inventory';
import { ulid } from 'ulid';
import {
  ARCHIVED_ADMIN_ONLY_MESSAGE,
  DEALERSHIP_LOCKED_MESSAGE,
  DEALERSHIP_NOT_FOUND_MESSAGE,
  EDIT_NOT_ALLOWED_MESSAGE,
  VEHICLE_NOT_FOUND_MESSAGE,
  type MarketplaceListResponse,
  type MarketplaceVehicleDetail,
  type MarketplaceVehicleView,
  type StockNumberAvailability,
} from '@shared/marketplace/api';
import type { MarketplaceVehicle } from '@shared/marketplace/schemas';
import type { z } from 'zod';
import {
  DEFAULT_CREDIT_APP_FORM_TYPE,
  DEFAULT_DEAL_STATUS,
  DEFAULT_DEAL_TYPE,
  MARKETPLACE_DEFAULT_APR,
  MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE,
} from '@shared/constants';
import type { marketplaceListQuerySchema, updateMarketplaceVehicleRequestSchema } from '@shared/marketplace/api';
import type { Identity } from '@functions/lib/auth-context';
import type { MarketplaceData } from './data';
import { sortable } from '@functions/lib/data/keys';
import type { Deal, DealFields } from '@functions/domain/deals/deals';
import {
  ALL_SCOPE,
  ALL_VEHICLES_TOKEN,
  dealershipListingScope,
  listingKey,
  searchToken,
  tabKey,
  tokenCountKey,
  words,
} from '@functions/domain/deals/marketplace-index';
import { activityEntry, changedFields, type ReferenceNames } from '@functions/domain/deals/activity';
import { listingFields, offerFields } from '@functions/domain/deals/deal-views';
import { BadRequestError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import { decodeListingCursor, encodeCursor } from '@functions/lib/http/list-cursor';

export type ListQuery = z.output<typeof marketplaceListQuerySchema>;
export type UpdateRequest = z.output<typeof updateMarketplaceVehicleRequestSchema>;

export const NO_DEALERSHIP_MESSAGE = 'Your dealer account is not linked to a dealership';

/** Who is asking, with a dealer's dealership read from the table (so a change of dealership applies at once). */
export interface Viewer {
  userId: string;
  role: Identity['role'];
  /** Dealers only; null for a dealer whose account names no dealership (they see nothing). */
  dealershipId: string | null;
}

export async function viewerOf(identity: Identity, data: MarketplaceData): Promise<Viewer> {
  if (identity.role !== 'dealer') return { userId: identity.userId, role: identity.role, dealershipId: null };
  const user = await data.users.get(identity.userId);
  return { userId: identity.userId, role: identity.role, dealershipId: user?.dealershipId ?? null };
}

/** Pure: whether the viewer may see the vehicle at all. A client deal is no marketplace vehicle (for nobody). */
export function canSee(
  viewer: Viewer,
  vehicle: Pick<Deal, 'isArchived' | 'dealershipId' | 'brokerId'> & Partial<Pick<Deal, 'listing' | 'stockNumber'>>,
): boolean {
  if (!isListing(vehicle)) return false;
  const addedIt = vehicle.brokerId === viewer.userId;
  switch (viewer.role) {
    case 'admin':
      return true;
    case 'broker':
      return !vehicle.isArchived || addedIt;
    case 'dealer':
      return !!viewer.dealershipId && vehicle.dealershipId === viewer.dealershipId && (!vehicle.isArchived || addedIt);
    default:
      return false;
  }
}

/** Pure: admins and whoever added the vehicle may edit, archive and unarchive it. */
export function canEdit(viewer: Viewer, vehicle: Pick<Deal, 'brokerId'>): boolean {
  return viewer.role === 'admin' || vehicle.brokerId === viewer.userId;
}

/** The vehicle as answered: explicit field lists, so nothing of a client deal (client, fees, lead source) leaks. */
export function toVehicleView(
  vehicle: Deal,
  counts: { views: number; pendingDeals: number },
  viewer: Viewer,
): MarketplaceVehicleView {
  return {
    ...offerFields(vehicle),
    ...listingFields(vehicle),
    availableStock: vehicle.availableStock ?? 1,
    createdAt: vehicle.createdAt,
    viewCount: counts.views,
    pendingDealCount: counts.pendingDeals,
    canEdit: canEdit(viewer, vehicle),
  };
}

/**
 * Pure: which listing a request reads and what it filters by. A dealer reads their dealership's listing (their
 * vehicles only) and filters it by the search words; everyone else reads the listing of the longest search word's
 * token, which holds exactly the vehicles with a word starting that way.
 *
 * `searchCounts`, with a search, is where its per-make counts come from: the token's make counts when the token
 * is the whole search (one word of at most SEARCH_PREFIX_MAX characters, for everyone but dealers), else the
 * listing's matching entries, counted (docs/decisions.md "Marketplace screens", "Group counts").
 */
export function listingPlan(viewer: Viewer, query: { tab: ListQuery['tab']; make?: string; q?: string }) {
  const searchWords = query.q ? [...new Set(words(query.q))] : [];
  const scope = viewer.role === 'dealer' ? dealershipListingScope(viewer.dealershipId ?? '') : ALL_SCOPE;
  const longest = searchWords.reduce((best, word) => (word.length > best.length ? word : best), '');
  const token = scope === ALL_SCOPE && longest ? searchToken(longest) : ALL_VEHICLES_TOKEN;
  const listing = listingKey(scope, query.tab, token);
  const tokenIsTheSearch = token !== ALL_VEHICLES_TOKEN && searchWords.length === 1 && searchWords[0] === token;
  return {
    scope,
    listing,
    makeKey: query.make ? sortable(query.make) : undefined,
    words: searchWords,
    searchCounts:
      searchWords.length === 0
        ? null
        : tokenIsTheSearch
          ? ({ from: 'token counts', key: tokenCountKey(query.tab, token) } as const)
          : ({ from: 'listing', listing, words: searchWords } as const),
  };
}

type SearchCountsPlan = ReturnType<typeof listingPlan>['searchCounts'];

/** Per make, the vehicles of the tab matching the search (null without one), over every vehicle, not a page. */
async function searchMakeCounts(plan: SearchCountsPlan, data: MarketplaceData) {
  if (!plan) return null;
  return plan.from === 'token counts' ? data.marketplace.makeCounts(plan.key) : data.marketplace.countMatches(plan);
}

/**
 * Pure: a tab's badge from per-make counts, under the make filter (`makeKey`: that make's count alone, 0 when the
 * tab has none of it). The counts given are already the search's when there is one.
 */
export function tabTotal(makes: { makeKey: string; count: number }[], makeKey: string | undefined): number {
  return makes.filter((make) => makeKey === undefined || make.makeKey === makeKey).reduce((sum, make) => sum + make.count, 0);
}

/**
 * The other tab's badge under a search (admins only: nobody else has two tabs), read the way the shown tab's
 * matches are: one small Query of its token's make counts for a one-word search, else its listing's matching
 * entries counted (only the chosen make's entries with a make filter). Null without a search.
 */
async function otherTabSearchTotal(viewer: Viewer, query: ListQuery, data: MarketplaceData): Promise<number | null> {
  const plan = listingPlan(viewer, { ...query, tab: query.tab === 'active' ? 'archived' : 'active' });
  const counts = plan.searchCounts;
  if (!counts) return null;
  if (counts.from === 'token counts') return tabTotal(await data.marketplace.makeCounts(counts.key), plan.makeKey);
  const byMake = await data.marketplace.matchCounts({ listing: counts.listing, words: counts.words, makeKey: plan.makeKey });
  return tabTotal(
    [...byMake].map(([makeKey, count]) => ({ makeKey, count })),
    plan.makeKey,
  );
}

/**
 * GET /marketplace/vehicles: one page of cards, the tab counts and the make counts, in one call. The tab badges
 * count what the list would show in each tab under the same filters (make, search): from the per-make counters
 * the deal writes keep (no filter, or a make), or from the search's per-make counts (docs/decisions.md
 * "Marketplace screens", "Tab counts").
 */
export async function listVehicles(
  identity: Identity,
  query: ListQuery,
  data: MarketplaceData,
): Promise<MarketplaceListResponse> {
  const viewer = await viewerOf(identity, data);
  if (query.tab === 'archived' && viewer.role !== 'admin') throw new ForbiddenError(ARCHIVED_ADMIN_ONLY_MESSAGE);
  if (viewer.role === 'dealer' && !viewer.dealershipId) {
    return { items: [], nextCursor: null, counts: { active: 0, archived: 0 }, makes: [], matches: query.q ? [] : null };
  }
  const plan = listingPlan(viewer, query);
  const after = query.cursor ? decodeListingCursor(query.cursor, plan.listing) : undefined;
  const isAdmin = viewer.role === 'admin';

  const [page, activeMakes, archivedMakes, matches, otherTabMatches] = await Promise.all([
    data.marketplace.page({ listing: plan.listing, makeKey: plan.makeKey, words: plan.words, after, limit: query.limit }),
    data.marketplace.makeCounts(tabKey(plan.scope, 'active')),
    isAdmin ? data.marketplace.makeCounts(tabKey(plan.scope, 'archived')) : Promise.resolve([]),
    searchMakeCounts(plan.searchCounts, data),
    isAdmin ? otherTabSearchTotal(viewer, query, data) : Promise.resolve(null),
  ]);
  const [vehicles, counts] = await Promise.all([data.deals.getMany(page.vehicleIds), data.marketplace.counts(page.vehicleIds)]);
  const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const items = page.vehicleIds
    .map((id) => byId.get(id))
    .filter((vehicle): vehicle is Deal => !!vehicle && canSee(viewer, vehicle))
    .map((vehicle) => toVehicleView(vehicle, counts.get(vehicle.id)!, viewer));

  // The shown tab from its own (search or make) counts; the other one from its makes, or its search total.
  const shown = tabTotal(matches ?? (query.tab === 'archived' ? archivedMakes : activeMakes), plan.makeKey);
  const other = otherTabMatches ?? tabTotal(query.tab === 'archived' ? activeMakes : archivedMakes, plan.makeKey);
  const tabMakes = query.tab === 'archived' ? archivedMakes : activeMakes;
  return {
    items,
    nextCursor: page.lastPosition ? encodeCursor(plan.listing, page.lastPosition) : null,
    counts: query.tab === 'archived' ? { active: other, archived: shown } : { active: shown, archived: isAdmin ? other : 0 },
    makes: tabMakes.map(({ make, count }) => ({ make, count })),
    matches: matches && matches.map(({ make, count }) => ({ make, count })),
  };
}

async function visibleVehicle(viewer: Viewer, id: string, data: MarketplaceData): Promise<Deal> {
  const vehicle = await data.deals.get(id);
  if (!vehicle || !canSee(viewer, vehicle)) throw new NotFoundError(VEHICLE_NOT_FOUND_MESSAGE);
  return vehicle;
}

/** GET /marketplace/vehicles/{id}. */
export async function getVehicle(identity: Identity, id: string, data: MarketplaceData): Promise<MarketplaceVehicleDetail> {
  const viewer = await viewerOf(identity, data);
  const vehicle = await visibleVehicle(viewer, id, data);
  const [counts, dealership] = await Promise.all([
    data.marketplace.counts([vehicle.id]),
    vehicle.dealershipId ? data.dealerships.get(vehicle.dealershipId) : Promise.resolve(null),
  ]);
  return {
    ...toVehicleView(vehicle, counts.get(vehicle.id)!, viewer),
    dealership: dealership ? { id: dealership.id, name: dealership.name, location: dealership.location ?? null } : null,
  };
}

/** A visible vehicle's id, for recording a view (404 otherwise). */
export async function assertVisible(identity: Identity, id: string, data: MarketplaceData): Promise<void> {
  await visibleVehicle(await viewerOf(identity, data), id, data);
}

/**
 * The dealership a create or edit may set: a dealer's is always their own (another one is 403); an admin or
 * broker may name any existing dealership or none.
 */
async function allowedDealership(
  viewer: Viewer,
  requested: string | null | undefined,
  data: MarketplaceData,
): Promise<string | null> {
  if (viewer.role === 'dealer') {
    if (!viewer.dealershipId) throw new ForbiddenError(NO_DEALERSHIP_MESSAGE);
    if (requested && requested !== viewer.dealershipId) throw new ForbiddenError(DEALERSHIP_LOCKED_MESSAGE);
    return viewer.dealershipId;
  }
  if (!requested) return null;
  if (!(await data.dealerships.get(requested))) {
    throw new BadRequestError(DEALERSHIP_NOT_FOUND_MESSAGE, { dealershipId: DEALERSHIP_NOT_FOUND_MESSAGE });
  }
  return requested;
}

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The form's fields as deal attributes (absent rather than null). Only these come from the body. */
function formFields(form: Partial<MarketplaceVehicle>): Partial<DealFields> {
  const fields: Partial<DealFields> = {};
  const set = <K extends keyof DealFields>(key: K, value: DealFields[K] | undefined, present: boolean) => {
    if (present) fields[key] = value as DealFields[K];
  };
  set('stockNumber', form.stockNumber, 'stockNumber' in form);
  set('year', form.year, 'year' in form);
  set('make', form.make, 'make' in form);
  set('model', form.model, 'model' in form);
  set('trim', orUndefined(form.trim), 'trim' in form);
  set('vin', orUndefined(form.vin), 'vin' in form);
  set('msrp', orUndefined(form.msrp), 'msrp' in form);
  set('totalDueAtSigning', orUndefined(form.totalDueAtSigning), 'totalDueAtSigning' in form);
  set('downPayment', form.downPayment ?? 0, 'downPayment' in form);
  set('monthlyPayment', form.monthlyPayment, 'monthlyPayment' in form);
  set('termMonths', form.termMonths, 'termMonths' in form);
  set('availableStock', form.availableStock, 'availableStock' in form);
  set('expirationDate', form.expirationDate, 'expirationDate' in form);
  set('incentives', form.incentives, 'incentives' in form);
  set('notes', orUndefined(form.notes), 'notes' in form);
  set('imageUrl', orUndefined(form.imageUrl), 'imageUrl' in form);
  return fields;
}

/** POST /marketplace/vehicles. The adder is the caller; everything the form does not have takes its default. */
export async function createVehicle(
  identity: Identity,
  form: MarketplaceVehicle,
  data: MarketplaceData,
  now: Date,
): Promise<MarketplaceVehicleView> {
  const viewer = await viewerOf(identity, data);
  const dealershipId = await allowedDealership(viewer, form.dealershipId, data);
  const fields: DealFields = {
    ...(formFields(form) as Required<
      Pick<DealFields, 'year' | 'make' | 'model' | 'monthlyPayment' | 'termMonths' | 'downPayment'>
    >),
    dealershipId: dealershipId ?? undefined,
    brokerId: viewer.userId,
    dealType: DEFAULT_DEAL_TYPE,
    status: DEFAULT_DEAL_STATUS,
    mileageAllowance: MARKETPLACE_DEFAULT_MILEAGE_ALLOWANCE,
    apr: MARKETPLACE_DEFAULT_APR,
    isArchived: false,
    creditAppFormType: DEFAULT_CREDIT_APP_FORM_TYPE,
    // Added on /marketplace/new: inventory (shared/marketplace/inventory.ts).
    listing: true,
  };
  const activity = activityEntry({
    kind: 'created',
    actor: await actorOf(identity, data),
    changes: changedFields(undefined, fields, await referenceNames(undefined, fields, data)),
    now,
  });
  const { deal } = await data.deals.create({ ...fields, id: ulid(now.getTime()) }, now, activity);
  return toVehicleView(deal, { views: 0, pendingDeals: 0 }, viewer);
}

/** PATCH /marketplace/vehicles/{id}: the fields present change; `isArchived` archives or unarchives. */
export async function updateVehicle(
  identity: Identity,
  id: string,
  change: UpdateRequest,
  data: MarketplaceData,
  now: Date,
): Promise<MarketplaceVehicleView> {
  const viewer = await viewerOf(identity, data);
  const before = await visibleVehicle(viewer, id, data);
  if (!canEdit(viewer, before)) throw new ForbiddenError(EDIT_NOT_ALLOWED_MESSAGE);
  const dealershipId =
    'dealershipId' in change ? await allowedDealership(viewer, change.dealershipId, data) : (before.dealershipId ?? null);
  const after: Deal = {
    ...before,
    ...formFields(change),
    dealershipId: dealershipId ?? undefined,
    ...(change.isArchived !== undefined ? { isArchived: change.isArchived } : {}),
  };
  // The vehicle is a deal: its terms and dealership are recorded in the deal's activity trail like any deal save.
  const activity = activityEntry({
    kind: 'updated',
    actor: await actorOf(identity, data),
    changes: changedFields(before, after, await referenceNames(before, after, data)),
    now,
  });
  const stored = await data.deals.replace(before, after, activity);
  const counts = await data.marketplace.counts([stored.id]);
  return toVehicleView(stored, counts.get(stored.id)!, viewer);
}

/** GET /marketplace/stock-numbers/{stockNumber}: free, or held by the vehicle being edited. */
export async function stockNumberAvailability(
  stockNumber: string,
  exceptVehicleId: string | undefined,
  data: MarketplaceData,
): Promise<StockNumberAvailability> {
  const holder = await data.deals.idByStockNumber(stockNumber);
  return { available: holder === null || holder === exceptVehicleId };
}

/** Who the activity trail names for a marketplace save. */
async function actorOf(identity: Identity, data: MarketplaceData): Promise<{ id: string; name: string }> {
  const user = await data.users.get(identity.userId);
  return { id: identity.userId, name: user?.fullName ?? identity.email };
}

/** The trail records the dealership by name (as it was then), like the deal form's saves. */
async function referenceNames(
  before: Pick<Deal, 'dealershipId'> | undefined,
  after: Pick<Deal, 'dealershipId'>,
  data: MarketplaceData,
): Promise<ReferenceNames> {
  if ((before?.dealershipId ?? null) === (after.dealershipId ?? null)) return {};
  const nameOf = async (id: string | undefined) => (id ? ((await data.dealerships.get(id))?.name ?? null) : null);
  return { dealershipId: { before: await nameOf(before?.dealershipId), after: await nameOf(after.dealershipId) } };
}
