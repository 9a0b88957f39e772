/**
 * The clients feature's rules (docs/api.md, "Clients"; docs/decisions.md, "Clients"): the list and
 * its search with "All Clients (n)", create and edit with every client rule, delete (admins, refused while the
 * client has deals), and a client's past purchases. The creator (`profileId`) is always the caller.
 *
 * Ownership (docs/security.md, "Ownership"): in the shared book every approved broker reads and edits every client;
 * in own book (the company setting) a broker reaches only the clients they own (`profileId`), any other is a 404.
 * In both modes only the client's broker or an admin changes the e-mail or phone, only an admin moves a client to
 * another broker, and each such change is an entry of the client's trail, written in the client's transaction.
 *
 * A rename is copied onto the client's deals through the deals store, so the deals list (which orders and groups by
 * the name each deal carries) follows; that costs one deal write per deal of the client, never more.
 */
import { isLicensedAt } from '@shared/brokers/licence';
import {
  CLIENT_ACTIVITY_SHOWN,
  CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE,
  CLIENT_CONTACT_NOT_YOURS_MESSAGE,
  CLIENT_EMAIL_TAKEN_MESSAGE,
  CLIENT_REASSIGN_ADMIN_ONLY_MESSAGE,
  type ClientActivityResponse,
  CLIENT_HAS_DEALS_MESSAGE,
  CLIENT_NOT_FOUND_MESSAGE,
  type ClientDeal,
  type ClientDealsResponse,
  type ClientListResponse,
  type ClientView,
  type createClientRequestSchema,
  type clientListQuerySchema,
  type updateClientRequestSchema,
} from '@shared/clients/api';
import { PAST_PURCHASE_STATUSES } from '@shared/deals/enums';
import { inBook, isOwnerOrAdmin } from '@shared/auth/ownership';
import type { z } from 'zod';
import type { Identity } from '@functions/lib/auth-context';
import type { ClientsData } from './data';
import { ClientChangedError, ClientEmailTakenError, type Client, type ClientChange } from '@functions/domain/clients/clients';
import { ALL_CLIENTS_TOKEN, clientSearchToken, ownerClientsScope, ownerToken } from '@functions/domain/clients/client-search';
import { GLOBAL_SCOPE } from '@functions/domain/counters/counters';
import type { Deal } from '@functions/domain/deals/deals';
import { words } from '@functions/lib/data/search-words';
import { StoreConflictError } from '@functions/lib/data/errors';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@functions/lib/errors';
import { decodeListingCursor, encodeCursor } from '@functions/lib/http/list-cursor';

export type ClientListQuery = z.output<typeof clientListQuerySchema>;
export type CreateClientRequest = z.output<typeof createClientRequestSchema>;
export type UpdateClientRequest = z.output<typeof updateClientRequestSchema>;

export const CLIENT_CHANGED_MESSAGE = 'This client was changed by someone else. Reload it and try again.';
/** Saves retried when someone else saved the same client in between (the patch is applied again to what they saved). */
const SAVE_ATTEMPTS = 3;

/** The client as answered: an explicit field list. */
export function toClientView(client: Client): ClientView {
  return {
    id: client.id,
    fullName: client.fullName,
    email: client.email ?? null,
    phone: client.phone ?? null,
    address: client.address ?? null,
    creditScore: client.creditScore ?? null,
    dateOfBirth: client.dateOfBirth ?? null,
    preferredMakes: client.preferredMakes ?? [],
    notes: client.notes ?? null,
    profileId: client.profileId,
    createdAt: client.createdAt,
  };
}

/** The form's fields as client attributes: only these come from a body; null (a blank field) clears one. */
const EDITABLE_FIELDS = [
  'fullName',
  'email',
  'phone',
  'address',
  'creditScore',
  'dateOfBirth',
  'preferredMakes',
  'notes',
] as const satisfies readonly (keyof CreateClientRequest & keyof Client)[];

/** Pure: `client` with the given fields of `changes` applied (absent: kept; null or an empty list: removed). */
export function applyClientChanges<T extends Partial<Client>>(client: T, changes: UpdateClientRequest): T {
  const next: Record<string, unknown> = { ...client };
  for (const field of EDITABLE_FIELDS) {
    if (!(field in changes) || changes[field] === undefined) continue;
    const value = changes[field];
    if (value === null || (Array.isArray(value) && value.length === 0)) delete next[field];
    else next[field] = value;
  }
  return next as T;
}

/** Who is asking, with the company's book mode (read for brokers only: admins see everything either way). */
export interface ClientViewer {
  userId: string;
  role: Identity['role'];
  ownBook: boolean;
}

export async function viewerOf(identity: Identity, data: Pick<ClientsData, 'settings'>): Promise<ClientViewer> {
  const ownBook = identity.role === 'broker' ? await data.settings.ownBook() : false;
  return { userId: identity.userId, role: identity.role, ownBook };
}

/** Whether the viewer's list is their own clients only (an own-book broker). */
const ownsOnly = (viewer: ClientViewer) => viewer.role === 'broker' && viewer.ownBook;

/**
 * Pure: the listing a search reads (its longest word's token, or every client) and the words it filters by. An
 * own-book broker reads their own listing, filtered by every search word (a page may come back short, with a cursor).
 */
export function clientSearchPlan(q: string | undefined, owner?: string): { token: string; words: string[] } {
  const searchWords = [...new Set(words(q))];
  if (owner) return { token: ownerToken(owner), words: searchWords };
  const longest = searchWords.reduce((best, word) => (word.length > best.length ? word : best), '');
  return { token: longest ? clientSearchToken(longest) : ALL_CLIENTS_TOKEN, words: searchWords };
}

/** GET /clients: a page in name order, the search, and "All Clients (n)" from the counter (the broker's own in own book). */
export async function listClients(identity: Identity, query: ClientListQuery, data: ClientsData): Promise<ClientListResponse> {
  const viewer = await viewerOf(identity, data);
  const plan = clientSearchPlan(query.q, ownsOnly(viewer) ? viewer.userId : undefined);
  const after = query.cursor ? decodeListingCursor(query.cursor, plan.token) : undefined;
  const [page, counts] = await Promise.all([
    data.clients.page({ token: plan.token, words: plan.words, after, limit: query.limit }),
    data.counters.get(ownsOnly(viewer) ? ownerClientsScope(viewer.userId) : GLOBAL_SCOPE),
  ]);
  const byId = new Map((await data.clients.getMany(page.clientIds)).map((client) => [client.id, client]));
  return {
    clients: page.clientIds.flatMap((id) => {
      const client = byId.get(id);
      // The entries are written with the client; this guards the own book once more (a move in between).
      return client && inBook(viewer, client.profileId) ? [toClientView(client)] : [];
    }),
    nextCursor: page.lastPosition ? encodeCursor(plan.token, page.lastPosition) : null,
    total: counts.clients,
    canDelete: identity.role === 'admin',
  };
}

/** The client, if it is in the viewer's book (admins and routes without a viewer: any); otherwise 404 as for an unknown id. */
async function existingClient(id: string, data: ClientsData, viewer?: ClientViewer): Promise<Client> {
  const client = await data.clients.get(id);
  if (!client || (viewer && !inBook(viewer, client.profileId))) throw new NotFoundError(CLIENT_NOT_FOUND_MESSAGE);
  return client;
}

/** GET /clients/{id}. */
export async function getClient(identity: Identity, id: string, data: ClientsData): Promise<ClientView> {
  return toClientView(await existingClient(id, data, await viewerOf(identity, data)));
}

/** GET /clients/{id}/activity: the client's trail, newest first. */
export async function clientActivity(identity: Identity, id: string, data: ClientsData): Promise<ClientActivityResponse> {
  await existingClient(id, data, await viewerOf(identity, data));
  const entries = await data.clients.listActivity(id, CLIENT_ACTIVITY_SHOWN);
  return {
    activity: entries.map((entry) => ({
      id: entry.id,
      at: entry.at,
      actor: { id: entry.actorId, fullName: entry.actorName },
      changes: entry.changes.map((change) => ({
        field: change.field as ClientChange['field'],
        before: change.before ?? null,
        after: change.after ?? null,
      })),
    })),
  };
}

const emailTaken = () => new ConflictError(CLIENT_EMAIL_TAKEN_MESSAGE);

/** POST /clients: the form's fields only; the creator is the caller. */
export async function createClient(
  identity: Identity,
  body: CreateClientRequest,
  data: ClientsData,
  now: Date,
): Promise<ClientView> {
  const fields = applyClientChanges({ fullName: body.fullName, profileId: identity.userId }, body);
  try {
    const { client } = await data.clients.create(fields, now);
    return toClientView(client);
  } catch (error) {
    if (error instanceof ClientEmailTakenError) throw emailTaken();
    throw error;
  }
}

/** Pure: the trail's record of a save: each contact field that changes, and the move to another broker. */
export function clientChanges(
  before: Pick<Client, 'email' | 'phone' | 'profileId'>,
  after: Pick<Client, 'email' | 'phone' | 'profileId'>,
  brokerNames: { before?: string; after?: string } = {},
): ClientChange[] {
  const changes: ClientChange[] = [];
  for (const field of ['email', 'phone'] as const) {
    if ((before[field] ?? undefined) !== (after[field] ?? undefined)) {
      changes.push({
        field,
        ...(before[field] ? { before: before[field] } : {}),
        ...(after[field] ? { after: after[field] } : {}),
      });
    }
  }
  if (before.profileId !== after.profileId) {
    changes.push({
      field: 'broker',
      before: brokerNames.before ?? before.profileId,
      after: brokerNames.after ?? after.profileId,
    });
  }
  return changes;
}

/** A user's name for the trail: the broker profile's, else the user's (an admin), else the id. */
async function personName(id: string, data: ClientsData): Promise<string> {
  const [profile, user] = await Promise.all([data.users.getBrokerProfile(id), data.users.get(id)]);
  return profile?.fullName ?? user?.fullName ?? id;
}

/**
 * PATCH /clients/{id}: the given fields; a rename is copied onto the client's deals. The e-mail and phone are the
 * client's broker's or an admin's to change (403 otherwise); `profileId` is an admin's move to an approved, licensed
 * broker. Contact changes and moves are recorded on the client's trail in the same transaction.
 */
export async function updateClient(
  identity: Identity,
  id: string,
  changes: UpdateClientRequest,
  data: ClientsData,
  now: Date,
): Promise<ClientView> {
  const viewer = await viewerOf(identity, data);
  const { profileId: newOwner, ...fields } = changes;
  let newOwnerName: string | undefined;
  for (let attempt = 1; ; attempt++) {
    const before = await existingClient(id, data, viewer);
    const moves = newOwner !== undefined && newOwner !== before.profileId;
    if (moves && viewer.role !== 'admin') throw new ForbiddenError(CLIENT_REASSIGN_ADMIN_ONLY_MESSAGE);
    if (moves && newOwnerName === undefined) {
      const profile = await data.users.getBrokerProfile(newOwner);
      if (!profile?.isApproved || !isLicensedAt(profile, now)) {
        throw new BadRequestError(CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE, { profileId: CLIENT_BROKER_NOT_ASSIGNABLE_MESSAGE });
      }
      newOwnerName = profile.fullName ?? profile.email ?? newOwner;
    }
    const next = { ...applyClientChanges(before, fields), profileId: moves ? newOwner : before.profileId };
    const recorded = clientChanges(before, next);
    if (recorded.some((change) => change.field !== 'broker') && !isOwnerOrAdmin(viewer, before.profileId)) {
      throw new ForbiddenError(CLIENT_CONTACT_NOT_YOURS_MESSAGE);
    }
    const [actorName, oldOwnerName] = await Promise.all([
      recorded.length > 0 ? personName(identity.userId, data) : Promise.resolve(''),
      moves ? personName(before.profileId, data) : Promise.resolve(undefined),
    ]);
    const trail = {
      actor: { id: identity.userId, name: actorName },
      changes: clientChanges(before, next, { before: oldOwnerName, after: newOwnerName }),
      now,
    };
    try {
      const saved = await data.clients.update(before, next, { reassign: moves, trail });
      if (saved.fullName !== before.fullName) await renameOnDeals(saved, data);
      return toClientView(saved);
    } catch (error) {
      if (error instanceof ClientEmailTakenError) throw emailTaken();
      if (error instanceof ClientChangedError && attempt < SAVE_ATTEMPTS) continue;
      if (error instanceof ClientChangedError) throw new ConflictError(CLIENT_CHANGED_MESSAGE);
      throw error;
    }
  }
}

/**
 * Copies the client's name onto each of their deals (one deal write each, through the deals store, so every index
 * of the deal follows). A deal saved by someone else in between is read again and renamed on what they saved.
 */
export async function renameOnDeals(client: Pick<Client, 'id' | 'fullName'>, data: ClientsData): Promise<void> {
  const deals = await data.deals.listByClient(client.id);
  for (const listed of deals) {
    let deal: Deal | null = listed;
    for (let attempt = 1; deal && deal.clientId === client.id && deal.clientName !== client.fullName; attempt++) {
      try {
        await data.deals.replace(deal, { ...deal, clientName: client.fullName });
        break;
      } catch (error) {
        if (!(error instanceof StoreConflictError) || attempt >= SAVE_ATTEMPTS) throw error;
        deal = await data.deals.get(deal.id);
      }
    }
  }
}

/** DELETE /clients/{id} (admins): refused while deals name the client (docs/decisions.md, "Clients"); the trail goes too. */
export async function deleteClient(id: string, data: ClientsData): Promise<{ id: string }> {
  const client = await existingClient(id, data);
  if ((await data.deals.listByClient(id)).length > 0) throw new ConflictError(CLIENT_HAS_DEALS_MESSAGE);
  try {
    await data.clients.delete(client);
  } catch (error) {
    if (error instanceof ClientChangedError) throw new ConflictError(CLIENT_CHANGED_MESSAGE);
    throw error;
  }
  await data.clients.deleteActivity(id);
  return { id };
}

const isArchivedPurchase = (deal: Pick<Deal, 'status'>) => (PAST_PURCHASE_STATUSES as readonly string[]).includes(deal.status);

function toClientDeal(deal: Deal): ClientDeal {
  return {
    id: deal.id,
    year: deal.year,
    make: deal.make,
    model: deal.model,
    status: deal.status,
    monthlyPayment: deal.monthlyPayment,
    dealClosedAt: deal.dealClosedAt ?? null,
    createdAt: deal.createdAt,
  };
}

/**
 * GET /clients/{id}/deals: "Past Purchases", split into active (not closed or finalized) and archived deals. An
 * own-book broker gets their own client's deals that are theirs (another broker's deal with the client is not).
 */
export async function clientDeals(identity: Identity, id: string, data: ClientsData): Promise<ClientDealsResponse> {
  const viewer = await viewerOf(identity, data);
  await existingClient(id, data, viewer);
  const deals = (await data.deals.listByClient(id)).filter((deal) => inBook(viewer, deal.brokerId));
  return {
    activeDeals: deals.filter((deal) => !isArchivedPurchase(deal)).map(toClientDeal),
    archivedDeals: deals.filter(isArchivedPurchase).map(toClientDeal),
  };
}
