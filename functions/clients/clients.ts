/**
 * The clients feature's rules (docs/api.md, "Clients"; docs/decisions.md, "Clients"): the list and
 * its search with "All Clients (n)", create and edit with every client rule, delete (admins, refused while the
 * client has deals), and a client's past purchases. The creator (`profileId`) is always the caller.
 *
 * A rename is copied onto the client's deals through the deals store, so the deals list (which orders and groups by
 * the name each deal carries) follows; that costs one deal write per deal of the client, never more.
 */
import {
  CLIENT_EMAIL_TAKEN_MESSAGE,
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
import type { z } from 'zod';
import type { Identity } from '@functions/lib/auth-context';
import type { ClientsData } from './data';
import {
  ALL_CLIENTS_TOKEN,
  ClientChangedError,
  ClientEmailTakenError,
  clientSearchToken,
  type Client,
} from '@functions/lib/data/stores/clients';
import { GLOBAL_SCOPE } from '@functions/lib/data/stores/counters';
import type { Deal } from '@functions/lib/data/deals/deals';
import { words } from '@functions/lib/data/search-words';
import { StoreConflictError } from '@functions/lib/data/errors';
import { ConflictError, NotFoundError } from '@functions/lib/errors';
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

/** Pure: the listing a search reads (its longest word's token, or every client) and the words it filters by. */
export function clientSearchPlan(q: string | undefined): { token: string; words: string[] } {
  const searchWords = [...new Set(words(q))];
  const longest = searchWords.reduce((best, word) => (word.length > best.length ? word : best), '');
  return { token: longest ? clientSearchToken(longest) : ALL_CLIENTS_TOKEN, words: searchWords };
}

/** GET /clients: a page in name order, the search, and "All Clients (n)" from the counter. */
export async function listClients(identity: Identity, query: ClientListQuery, data: ClientsData): Promise<ClientListResponse> {
  const plan = clientSearchPlan(query.q);
  const after = query.cursor ? decodeListingCursor(query.cursor, plan.token) : undefined;
  const [page, counts] = await Promise.all([
    data.clients.page({ token: plan.token, words: plan.words, after, limit: query.limit }),
    data.counters.get(GLOBAL_SCOPE),
  ]);
  const byId = new Map((await data.clients.getMany(page.clientIds)).map((client) => [client.id, client]));
  return {
    clients: page.clientIds.flatMap((id) => {
      const client = byId.get(id);
      return client ? [toClientView(client)] : [];
    }),
    nextCursor: page.lastPosition ? encodeCursor(plan.token, page.lastPosition) : null,
    total: counts.clients,
    canDelete: identity.role === 'admin',
  };
}

async function existingClient(id: string, data: ClientsData): Promise<Client> {
  const client = await data.clients.get(id);
  if (!client) throw new NotFoundError(CLIENT_NOT_FOUND_MESSAGE);
  return client;
}

/** GET /clients/{id}. */
export async function getClient(id: string, data: ClientsData): Promise<ClientView> {
  return toClientView(await existingClient(id, data));
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

/** PATCH /clients/{id}: the given fields; a rename is copied onto the client's deals. */
export async function updateClient(id: string, changes: UpdateClientRequest, data: ClientsData): Promise<ClientView> {
  for (let attempt = 1; ; attempt++) {
    const before = await existingClient(id, data);
    try {
      const saved = await data.clients.update(before, applyClientChanges(before, changes));
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

/** DELETE /clients/{id} (admins): refused while deals name the client (docs/decisions.md, "Clients"). */
export async function deleteClient(id: string, data: ClientsData): Promise<{ id: string }> {
  const client = await existingClient(id, data);
  if ((await data.deals.listByClient(id)).length > 0) throw new ConflictError(CLIENT_HAS_DEALS_MESSAGE);
  try {
    await data.clients.delete(client);
  } catch (error) {
    if (error instanceof ClientChangedError) throw new ConflictError(CLIENT_CHANGED_MESSAGE);
    throw error;
  }
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

/** GET /clients/{id}/deals: "Past Purchases", split into active (not closed or finalized) and archived deals. */
export async function clientDeals(id: string, data: ClientsData): Promise<ClientDealsResponse> {
  await existingClient(id, data);
  const deals = await data.deals.listByClient(id);
  return {
    activeDeals: deals.filter((deal) => !isArchivedPurchase(deal)).map(toClientDeal),
    archivedDeals: deals.filter(isArchivedPurchase).map(toClientDeal),
  };
}
