/**
 * Clients. Every write commits the client with its derived items in one transaction:
 * - its count (the global `clients` counter: "All Clients (n)" and the dashboard),
 * - its e-mail claim (a client's e-mail is unique, case-insensitive: docs/decisions.md "Clients"),
 * - its search entries: one in the "every client" listing, one in its owner's listing (the own-book list of a
 *   broker) and one per search token, each sorted by name, so a page of the list or of a search is one Query
 *   whatever the number of clients;
 * - its owner's count (`clients` in the owner's scope: "All Clients (n)" of an own-book broker);
 * - its phone index entry (client-phone.ts: the CSV import's duplicate check by normalized phone);
 * - its trail entry (client-activity.ts) when the save changes the contact details or the owner.
 *
 * The search entries and their tokens are ./client-search.ts's: a search word of up to SEARCH_PREFIX_MAX characters
 * reads the listing of exactly its characters, in name order; a longer one reads its first SEARCH_PREFIX_MAX and is
 * checked in full against the entry's `text`.
 *
 * An update or delete is conditioned on the attributes the derived items come from being the ones read, so two
 * concurrent saves cannot leave an entry behind; the service re-reads and retries on that conflict.
 */
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { ulid } from 'ulid';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { clientActivityEntity, CLIENT_ACTIVITY_SORT_PREFIX, type ClientActivityItem } from './client-activity';
import { clientEmailEntity } from './client-email';
import { clientPhoneEntity, CLIENT_PHONE_PARTITION_PREFIX } from './client-phone';
import { normalizedPhone } from '@shared/clients/phone';
import { counterEntity } from '../counters/counter';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { clientEntity, CLIENTS_PARTITION, clientSchema, clientUserPartition, type Client } from './client';
import { clientSearchEntryEntity, CLIENT_SEARCH_PARTITION_PREFIX } from './client-search-entry';
import { pick, writableAttributes } from '@functions/lib/data/keys';
import { listingPage } from '@functions/lib/data/listing-page';
import { queryAll } from '@functions/lib/data/query';
import { wordStartConditions } from '@functions/lib/data/search-words';
import { batchGetAll, commit } from '@functions/lib/data/transactions';
import { counterOperations, GLOBAL_SCOPE } from '../counters/counters';
import { clientSearchChanges, ownerClientsScope } from './client-search';

export type { Client } from './client';
export type NewClient = Omit<Client, 'id' | 'createdAt'> & { id?: string };

const CLIENT_ATTRIBUTES = writableAttributes(clientSchema);

/** Reads of one page when the search words drop entries: the page may come back short, with a cursor to go on. */
export const MAX_READS = 3;

/** Thrown by create and update when another client holds the e-mail. */
export class ClientEmailTakenError extends Error {
  override readonly name = 'ClientEmailTakenError';
}
/** Thrown by update and delete when the client changed (or went) since it was read. */
export class ClientChangedError extends Error {
  override readonly name = 'ClientChangedError';
}

/** The e-mail as claimed: trimmed and lower-cased (the shared schema already lower-cases what the API accepts). */
export const emailKey = (email: string) => email.trim().toLowerCase();

export interface ClientPageRequest {
  /** A token (clientSearchToken) or ALL_CLIENTS_TOKEN. */
  token: string;
  /** Each must start a word of the client's name, e-mail or phone. */
  words: string[];
  after?: string;
  limit: number;
}

/** A trail entry's recorded changes: contact fields by value, the owner by the brokers' names. */
export interface ClientChange {
  field: 'email' | 'phone' | 'broker';
  before?: string;
  after?: string;
}

/** Who made a change, and when (the trail entry of a save). */
export interface ClientTrail {
  actor: { id: string; name: string };
  changes: ClientChange[];
  now: Date;
}

export interface ClientPage {
  clientIds: string[];
  lastPosition: string | null;
}

/** The clients store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface ClientStore {
  /**
   * Creates a client (explicit field list: the id and creation time are the store's). `created` is false when a
   * client with that id exists already (the seed's re-run); another client's e-mail throws ClientEmailTakenError.
   */
  create(
    input: NewClient,
    now: Date,
  ): Promise<{
    created: boolean;
    client: Client;
  }>;
  /**
   * Replaces a client read earlier; the id and creation time are the ones read, and so is the owner unless
   * `reassign` (an admin's move to another broker, docs/security.md "Ownership"). `trail`'s changes, if any, are
   * recorded as one entry in the same transaction.
   */
  update(
    before: Client,
    after: Client,
    options?: {
      reassign?: boolean;
      trail?: ClientTrail;
    },
  ): Promise<Client>;
  /** Deletes a client read earlier, with its e-mail claim, search entries and count. */
  delete(before: Client): Promise<void>;
  /** A client's trail, newest first (at most `limit` entries). */
  listActivity(clientId: string, limit: number): Promise<ClientActivityItem[]>;
  /** Deletes a deleted client's trail (after the client: a trail left behind by a failure here holds no client). */
  deleteActivity(clientId: string): Promise<void>;
  /** The client holding an e-mail (its unique claim), or null. */
  idByEmail(email: string): Promise<string | null>;
  /**
   * The clients holding each of `emails` (their unique claims), by claimed e-mail (emailKey): one BatchGet per 100
   * distinct e-mails, whatever the number of clients.
   */
  idsByEmails(emails: readonly string[]): Promise<Map<string, string>>;
  /** The clients whose phone normalizes to the same digits (shared/clients/phone.ts): one Query. */
  idsByPhone(phone: string): Promise<string[]>;
  /**
   * Writes the phone index entry of a client stored before the index existed (the `client-phones` migration);
   * idempotent.
   */
  indexPhone(client: Pick<Client, 'id' | 'phone'>): Promise<boolean>;
  get(id: string): Promise<Client | null>;
  getMany(ids: string[]): Promise<Client[]>;
  /** The consumer's own client record, through the link made when the invitation was accepted. */
  getByUser(userId: string): Promise<Client | null>;
  /** Every client ordered by name (case-insensitive): a whole-set read for tests and tools, never a request path. */
  listByName(): Promise<Client[]>;
  /** One page of a search listing in name order (listing-page.ts). */
  page(request: ClientPageRequest): Promise<ClientPage>;
}

export function clientStore(table: LeaseDeskTable): ClientStore {
  const entities = {
    get client() {
      return clientEntity(table);
    },
    get clientEmail() {
      return clientEmailEntity(table);
    },
    get clientSearchEntry() {
      return clientSearchEntryEntity(table);
    },
    get clientPhone() {
      return clientPhoneEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
    get clientActivity() {
      return clientActivityEntity(table);
    },
  };
  /** The condition that the attributes the derived items come from are still the ones read. */
  const unchanged = (client: Client) => ({
    and: [
      { attr: 'fullName' as const, eq: client.fullName },
      client.email ? { attr: 'email' as const, eq: client.email } : { attr: 'email' as const, exists: false },
      client.phone ? { attr: 'phone' as const, eq: client.phone } : { attr: 'phone' as const, exists: false },
      { attr: 'profileId' as const, eq: client.profileId },
    ],
  });

  const trailEntry = (clientId: string, trail: ClientTrail | undefined) =>
    trail && trail.changes.length > 0
      ? [
          entities.clientActivity.build(PutTransaction).item({
            clientId,
            id: ulid(trail.now.getTime()),
            at: trail.now.toISOString(),
            actorId: trail.actor.id,
            actorName: trail.actor.name,
            changes: trail.changes,
          }),
        ]
      : [];

  function derivedOperations(before: Client | undefined, after: Client | undefined) {
    const { put, remove } = clientSearchChanges(before, after);
    const oldEmail = before?.email ? emailKey(before.email) : undefined;
    const newEmail = after?.email ? emailKey(after.email) : undefined;
    const claim = newEmail && newEmail !== oldEmail ? newEmail : undefined;
    const release = oldEmail && oldEmail !== newEmail ? oldEmail : undefined;
    const countChange = (after ? 1 : 0) - (before ? 1 : 0);
    const oldPhone = before ? normalizedPhone(before.phone) : null;
    const newPhone = after ? normalizedPhone(after.phone) : null;
    const sameOwner = !!before && !!after && before.profileId === after.profileId;
    const ownerCounts = sameOwner
      ? []
      : [
          ...(before ? [{ scope: ownerClientsScope(before.profileId), changes: { clients: -1 } }] : []),
          ...(after ? [{ scope: ownerClientsScope(after.profileId), changes: { clients: 1 } }] : []),
        ];
    return {
      // The claim goes first after the client, so a failed condition at index 1 names it.
      claim: claim
        ? [
            entities.clientEmail
              .build(PutTransaction)
              .item({ email: claim, clientId: (after ?? before)!.id })
              .options({ condition: { attr: 'email', exists: false } }),
          ]
        : [],
      rest: [
        ...(release ? [entities.clientEmail.build(DeleteTransaction).key({ email: release })] : []),
        ...(oldPhone && oldPhone !== newPhone
          ? [entities.clientPhone.build(DeleteTransaction).key({ digits: oldPhone, clientId: before!.id })]
          : []),
        ...(newPhone && newPhone !== oldPhone
          ? [entities.clientPhone.build(PutTransaction).item({ digits: newPhone, clientId: after!.id, phone: after!.phone! })]
          : []),
        ...put.map((entry) => entities.clientSearchEntry.build(PutTransaction).item(entry)),
        ...remove.map(({ token, position }) => entities.clientSearchEntry.build(DeleteTransaction).key({ token, position })),
        ...counterOperations(entities, [
          ...(countChange !== 0 ? [{ scope: GLOBAL_SCOPE, changes: { clients: countChange } }] : []),
          ...ownerCounts,
        ]),
      ],
    };
  }

  return {
    async create(input: NewClient, now: Date): Promise<{ created: boolean; client: Client }> {
      const item: Client = {
        ...pick(input, CLIENT_ATTRIBUTES),
        id: input.id ?? ulid(now.getTime()),
        createdAt: now.toISOString(),
      };
      const { claim, rest } = derivedOperations(undefined, item);
      const outcome = await commit([
        entities.client
          .build(PutTransaction)
          .item(item)
          .options({ condition: { attr: 'id', exists: false } }),
        ...claim,
        ...rest,
      ]);
      if (outcome.ok) return { created: true, client: item };
      if (outcome.failedConditions.includes(0)) return { created: false, client: item };
      throw new ClientEmailTakenError(item.email);
    },

    async update(before: Client, after: Client, options: { reassign?: boolean; trail?: ClientTrail } = {}): Promise<Client> {
      const item: Client = {
        ...pick(after, CLIENT_ATTRIBUTES),
        id: before.id,
        profileId: options.reassign ? after.profileId : before.profileId,
        createdAt: before.createdAt,
      };
      const { claim, rest } = derivedOperations(before, item);
      const outcome = await commit([
        entities.client
          .build(PutTransaction)
          .item(item)
          .options({ condition: unchanged(before) }),
        ...claim,
        ...rest,
        ...trailEntry(before.id, options.trail),
      ]);
      if (outcome.ok) return stripUndefined(item);
      if (outcome.failedConditions.includes(0)) throw new ClientChangedError(before.id);
      throw new ClientEmailTakenError(item.email);
    },

    async delete(before: Client): Promise<void> {
      const { rest } = derivedOperations(before, undefined);
      const outcome = await commit([
        entities.client
          .build(DeleteTransaction)
          .key({ id: before.id })
          .options({ condition: unchanged(before) }),
        ...rest,
      ]);
      if (!outcome.ok) throw new ClientChangedError(before.id);
    },

    async listActivity(clientId: string, limit: number): Promise<ClientActivityItem[]> {
      return queryAll(
        entities.clientActivity,
        { partition: `CLIENT#${clientId}`, range: { beginsWith: CLIENT_ACTIVITY_SORT_PREFIX } },
        { reverse: true, limit },
      );
    },

    async deleteActivity(clientId: string): Promise<void> {
      const { Items = [] } = await table
        .build(QueryCommand)
        .entities(entities.clientActivity)
        .query({ partition: `CLIENT#${clientId}`, range: { beginsWith: CLIENT_ACTIVITY_SORT_PREFIX } })
        .options({ maxPages: Infinity, attributes: ['clientId', 'id'] })
        .send();
      for (const entry of Items) await entities.clientActivity.build(DeleteItemCommand).key({ clientId, id: entry.id }).send();
    },

    async idByEmail(email: string): Promise<string | null> {
      const { Item } = await entities.clientEmail
        .build(GetItemCommand)
        .key({ email: emailKey(email) })
        .send();
      return Item?.clientId ?? null;
    },

    async idsByEmails(emails: readonly string[]): Promise<Map<string, string>> {
      const keys = [...new Set(emails.map(emailKey))].map((email) => ({ email }));
      const claims = await batchGetAll(entities.clientEmail, keys);
      return new Map(claims.map((claim) => [claim.email, claim.clientId]));
    },

    async idsByPhone(phone: string): Promise<string[]> {
      const digits = normalizedPhone(phone);
      if (!digits) return [];
      const entries = await queryAll(
        entities.clientPhone,
        { partition: `${CLIENT_PHONE_PARTITION_PREFIX}${digits}` },
        { limit: 25 },
      );
      return entries.map((entry) => entry.clientId);
    },

    async indexPhone(client: Pick<Client, 'id' | 'phone'>): Promise<boolean> {
      const digits = normalizedPhone(client.phone);
      if (!digits) return false;
      await entities.clientPhone.build(PutItemCommand).item({ digits, clientId: client.id, phone: client.phone! }).send();
      return true;
    },

    async get(id: string): Promise<Client | null> {
      return (await entities.client.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    async getMany(ids: string[]): Promise<Client[]> {
      return batchGetAll(
        entities.client,
        ids.map((id) => ({ id })),
      );
    },

    async getByUser(userId: string): Promise<Client | null> {
      const [client] = await queryAll(entities.client, { index: 'gsi3', partition: clientUserPartition(userId) }, { limit: 1 });
      return client ?? null;
    },

    async listByName(): Promise<Client[]> {
      return queryAll(entities.client, { index: 'gsi1', partition: CLIENTS_PARTITION });
    },

    async page(request: ClientPageRequest): Promise<ClientPage> {
      const { entries, lastPosition } = await listingPage(
        entities.clientSearchEntry,
        {
          partition: `${CLIENT_SEARCH_PARTITION_PREFIX}${request.token}`,
          filter: request.words.length > 0 ? { and: wordStartConditions('text', request.words) } : undefined,
          after: request.after,
          limit: request.limit,
          maxReads: MAX_READS,
        },
        (entry) => entry.position,
      );
      return { clientIds: entries.map((entry) => entry.clientId), lastPosition };
    },
  };
}

/** The client as a read returns it: absent attributes are absent, not undefined. */
function stripUndefined(client: Client): Client {
  return Object.fromEntries(Object.entries(client).filter(([, value]) => value !== undefined)) as Client;
}
