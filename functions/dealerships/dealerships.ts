/**
 * The dealerships feature's rules: the list with its figures and stats, the admin's add, edit and delete, the
 * quick add of the deal and marketplace forms, and dealer logins. Figures come from counters kept by the deal
 * writes: no request reads a dealership's deals.
 */
import type { CreateDealerUserRequest, DealerUserView, DealershipListResponse, DealershipView } from '@shared/dealerships/api';
import {
  DEALER_EMAIL_TAKEN_MESSAGE,
  DEALER_NOT_FOUND_MESSAGE,
  DEALERSHIP_IN_USE_MESSAGE,
  DEALERSHIP_NOT_FOUND_MESSAGE,
  DEALERSHIP_PAGE_SIZE,
} from '@shared/dealerships/api';
import type { Dealership as DealershipInput, NewDealership as QuickDealershipInput } from '@shared/dealerships/schemas';
import type { Identity } from '@functions/lib/auth-context';
import type { DealerLoginData, DealershipsData } from './data';
import type { Counts } from '@functions/domain/counters/counters';
import { dealershipMonthScope, dealershipScope, GLOBAL_SCOPE, monthScope } from '@functions/domain/counters/counters';
import type { DealerUser, Dealership, DealershipChanges, DealershipCursor } from '@functions/domain/dealerships/dealerships';
import { BadRequestError, ConflictError, NotFoundError } from '@functions/lib/errors';
import { decodeCursor, encodeCursor } from '@functions/lib/http/list-cursor';
import type { DealerAccounts } from './dealer-accounts';

/** Index items one searched page may read: the cost of a page stays fixed however many dealerships there are. */
export const SEARCH_READ_BUDGET = 200;
/** "Units Sold (6mo)": the current calendar month (UTC) and the 5 before it (docs/decisions.md, "Dealerships"). */
export const UNITS_SOLD_MONTHS = 6;

/** The months of the units-sold window, newest first, as YYYY-MM. */
export function unitsSoldMonths(now: Date): string[] {
  return Array.from({ length: UNITS_SOLD_MONTHS }, (_, back) => {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return month.toISOString().slice(0, 7);
  });
}

export function encodeDealershipCursor(cursor: DealershipCursor): string {
  return encodeCursor(cursor.name, cursor.id);
}

export function decodeDealershipCursor(value: string): DealershipCursor {
  const [name, id] = decodeCursor(value);
  return { name, id };
}

function toView(dealership: Dealership, counts: Map<string, Counts>, months: string[]): DealershipView {
  const unitsSold6Months = months.reduce(
    (sum, month) => sum + (counts.get(dealershipMonthScope(dealership.id, month))?.unitsSold ?? 0),
    0,
  );
  return {
    id: dealership.id,
    name: dealership.name,
    location: dealership.location,
    contactName: dealership.contactName ?? null,
    contactEmail: dealership.contactEmail ?? null,
    contactPhone: dealership.contactPhone ?? null,
    leadEmail: dealership.leadEmail ?? null,
    website: dealership.website ?? null,
    responseTimeHours: dealership.responseTimeHours ?? null,
    successRate: dealership.successRate ?? null,
    notes: dealership.notes ?? null,
    createdAt: dealership.createdAt,
    liveVehicles: counts.get(dealershipScope(dealership.id))?.liveVehicles ?? 0,
    unitsSold6Months,
  };
}

function scopesOf(dealershipId: string, months: string[]): string[] {
  return [dealershipScope(dealershipId), ...months.map((month) => dealershipMonthScope(dealershipId, month))];
}

async function withFigures(data: DealershipsData, dealership: Dealership, now: Date): Promise<DealershipView> {
  const months = unitsSoldMonths(now);
  return toView(dealership, await data.counters.getMany(scopesOf(dealership.id, months)), months);
}

/** GET /dealerships: one page ordered by name, its figures and the stats, in one Query and one BatchGet. */
export async function listDealerships(
  query: { search?: string; cursor?: string; limit?: number },
  data: DealershipsData,
  now: Date,
): Promise<DealershipListResponse> {
  const months = unitsSoldMonths(now);
  const page = await data.dealerships.page({
    limit: query.limit ?? DEALERSHIP_PAGE_SIZE,
    read: SEARCH_READ_BUDGET,
    search: query.search || undefined,
    after: query.cursor ? decodeDealershipCursor(query.cursor) : undefined,
  });
  const counts = await data.counters.getMany([
    GLOBAL_SCOPE,
    ...months.map(monthScope),
    ...page.dealerships.flatMap((dealership) => scopesOf(dealership.id, months)),
  ]);
  const global = counts.get(GLOBAL_SCOPE);
  return {
    dealerships: page.dealerships.map((dealership) => toView(dealership, counts, months)),
    nextCursor: page.next ? encodeDealershipCursor(page.next) : null,
    stats: {
      dealerships: global?.dealerships ?? 0,
      liveVehicles: global?.liveVehicles ?? 0,
      unitsSold6Months: months.reduce((sum, month) => sum + (counts.get(monthScope(month))?.unitsSold ?? 0), 0),
    },
  };
}

/**
 * GET /dealerships/{id}. A dealer reads only the dealership their user item names (read now, so a removed dealer
 * is refused at once); any other id answers as if it did not exist.
 */
export async function getDealership(id: string, identity: Identity, data: DealershipsData, now: Date): Promise<DealershipView> {
  if (identity.role === 'dealer') {
    const user = await data.users.get(identity.userId);
    if (user?.role !== 'dealer' || user.dealershipId !== id) throw new NotFoundError(DEALERSHIP_NOT_FOUND_MESSAGE);
  }
  const dealership = await data.dealerships.get(id);
  if (!dealership) throw new NotFoundError(DEALERSHIP_NOT_FOUND_MESSAGE);
  return withFigures(data, dealership, now);
}

/** Optional fields: null (a blank) means "not set", which the item stores by leaving the attribute out. */
function present<T extends object>(fields: T): { [K in keyof T]: Exclude<T[K], null> | undefined } {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? undefined])) as never;
}

/**
 * POST /dealerships: an admin's dialog, every field copied by name; a broker's quick add keeps name, location and
 * contact name only (brokers only view dealerships; they may add one from the deal forms only).
 */
export async function createDealership(
  input: DealershipInput,
  identity: Identity,
  data: DealershipsData,
  now: Date,
): Promise<DealershipView> {
  if (identity.role !== 'admin') return quickAddDealership(input, data, now);
  const { dealership } = await data.dealerships.create(
    present({
      name: input.name,
      location: input.location,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      leadEmail: input.leadEmail,
      website: input.website,
      responseTimeHours: input.responseTimeHours,
      successRate: input.successRate,
      notes: input.notes,
    }) as Parameters<DealershipsData['dealerships']['create']>[0],
    now,
  );
  return withFigures(data, dealership, now);
}

async function quickAddDealership(input: QuickDealershipInput, data: DealershipsData, now: Date): Promise<DealershipView> {
  const { dealership } = await data.dealerships.create(
    { name: input.name, location: input.location, contactName: input.contactName ?? undefined },
    now,
  );
  return withFigures(data, dealership, now);
}

/** PATCH /dealerships/{id} (admins). */
export async function updateDealership(
  id: string,
  changes: Partial<DealershipInput>,
  data: DealershipsData,
  now: Date,
): Promise<DealershipView> {
  const updated = await data.dealerships.update(id, {
    name: changes.name,
    location: changes.location,
    contactName: changes.contactName,
    contactEmail: changes.contactEmail,
    contactPhone: changes.contactPhone,
    leadEmail: changes.leadEmail,
    website: changes.website,
    responseTimeHours: changes.responseTimeHours,
    successRate: changes.successRate,
    notes: changes.notes,
  } satisfies DealershipChanges);
  if (!updated) throw new NotFoundError(DEALERSHIP_NOT_FOUND_MESSAGE);
  return withFigures(data, updated, now);
}

/**
 * DELETE /dealerships/{id} (admins). Refused (409) while any deal or dealer login points at it: deleting would
 * leave deals naming a dealership that no longer exists and dealers with no dealership (docs/decisions.md).
 */
export async function deleteDealership(id: string, data: DealershipsData): Promise<{ id: string }> {
  if (!(await data.dealerships.get(id))) throw new NotFoundError(DEALERSHIP_NOT_FOUND_MESSAGE);
  const inUse = await data.dealerships.isInUse(id);
  if (inUse.deals || inUse.dealers) throw new ConflictError(DEALERSHIP_IN_USE_MESSAGE);
  if (!(await data.dealerships.delete(id))) throw new NotFoundError(DEALERSHIP_NOT_FOUND_MESSAGE);
  return { id };
}

function toDealerView(dealer: DealerUser): DealerUserView {
  return {
    userId: dealer.userId,
    dealershipId: dealer.dealershipId,
    name: dealer.fullName,
    email: dealer.email,
    licenseNumber: dealer.licenseNumber ?? null,
    createdAt: dealer.createdAt,
  };
}

async function requireDealership(id: string, data: DealershipsData): Promise<void> {
  if (!(await data.dealerships.get(id))) throw new NotFoundError(DEALERSHIP_NOT_FOUND_MESSAGE);
}

/** GET /dealerships/{id}/dealers (admins). */
export async function listDealerUsers(id: string, data: DealershipsData): Promise<{ dealers: DealerUserView[] }> {
  await requireDealership(id, data);
  return { dealers: (await data.dealerships.listDealers(id)).map(toDealerView) };
}

/**
 * POST /dealerships/{id}/dealers (admins): the dealer's Cognito account (its invitation carries the temporary
 * password), then the user item that gives it its dealership. The two cannot share a transaction, so the add is
 * resumable rather than undone (docs/security.md, "Dealer logins"): a claim on the e-mail is written first; when a
 * later step fails (the group, the user item, or the Lambda dies), the account stays and the admin's next add of
 * the same e-mail at the same dealership takes it over (only an account this flow made: never signed in to, in no
 * other group, with no user item) and finishes the job. The claim is released once the user item is written.
 */
export async function addDealerUser(
  id: string,
  input: Required<Pick<CreateDealerUserRequest, 'name' | 'email'>> & { licenseNumber?: string | null },
  deps: { data: DealerLoginData; accounts: DealerAccounts },
  now: Date,
): Promise<DealerUserView> {
  const { data, accounts } = deps;
  const dealership = await data.dealerships.get(id);
  if (!dealership) throw new NotFoundError(DEALERSHIP_NOT_FOUND_MESSAGE);
  const claim = await data.dealerLogins.claim({ email: input.email, dealershipId: id, fullName: input.name }, now);
  if (!claim) throw new ConflictError(DEALER_EMAIL_TAKEN_MESSAGE);
  let account = await accounts.create({ email: input.email, fullName: input.name, dealershipName: dealership.name });
  if (!account.created && account.reason === 'exists' && claim === 'resumed') {
    // Ours to finish only if an earlier add of this login made it: its claim was there before this attempt, and
    // the account's state says nobody has used it (adopt).
    account = await accounts.adopt({
      email: input.email,
      isUnclaimed: async (userId) => (await data.users.get(userId)) === null,
    });
  }
  if (!account.created) {
    // No account of this flow's: the claim would only block the address.
    await data.dealerLogins.release(input.email).catch(() => undefined);
    if (account.reason === 'exists') throw new ConflictError(DEALER_EMAIL_TAKEN_MESSAGE);
    throw new BadRequestError('Invalid email address', { email: 'Invalid email address' });
  }
  const dealer: DealerUser = {
    userId: account.userId,
    dealershipId: id,
    fullName: input.name,
    email: input.email,
    licenseNumber: input.licenseNumber ?? undefined,
    createdAt: now.toISOString(),
  };
  if (!(await data.dealerships.addDealer(dealer))) throw new ConflictError(DEALER_EMAIL_TAKEN_MESSAGE);
  // Best effort: a claim left behind only lets this dealership's next add of the address resume (and find it taken).
  await data.dealerLogins.release(input.email).catch(() => undefined);
  return toDealerView(dealer);
}

/**
 * DELETE /dealerships/{id}/dealers/{userId} (admins): the user item goes first, which ends access at the dealer's
 * next request (every dealer route reads it); then the account, which ends their sessions' refresh.
 */
export async function removeDealerUser(
  id: string,
  userId: string,
  deps: { data: DealershipsData; accounts: DealerAccounts },
): Promise<{ userId: string }> {
  if (!(await deps.data.dealerships.removeDealer(id, userId))) throw new NotFoundError(DEALER_NOT_FOUND_MESSAGE);
  await deps.accounts.delete(userId);
  return { userId };
}
