/**
 * Dealerships and their dealer logins. A dealership is created and deleted in one transaction with the global
 * count; its figures (live vehicles, units sold) are counters kept by the deal writes (./counters.ts). A dealer
 * login is the user item (role dealer, dealershipId): the one record every dealer route reads, so removing it ends
 * the dealer's access at their next request.
 */
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { DeleteTransaction } from 'dynamodb-toolbox/entity/actions/transactDelete';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { ulid } from 'ulid';
import { counterEntity } from '../counters/counter';
import type { LeaseDeskTable } from '@functions/lib/data/table';
import { dealEntity, dealPartitions } from '../deals/entities/deal';
import { dealershipEntity, DEALERSHIPS_PARTITION, dealershipSchema, type Dealership } from './dealership';
import { pick, sortable, writableAttributes } from '@functions/lib/data/keys';
import { userEntity, dealersPartition, type User } from '../users/user';
import { queryAll } from '@functions/lib/data/query';
import { batchGetAll, commit, isConditionalCheckFailure } from '@functions/lib/data/transactions';
import { counterOperations, GLOBAL_SCOPE } from '../counters/counters';

export type { Dealership } from './dealership';
export type NewDealership = Omit<Dealership, 'id' | 'createdAt'> & { id?: string };
/** The editable fields of a dealership; `undefined` leaves a field as it is, `null` clears an optional one. */
export type DealershipChanges = { [K in keyof NewDealership]?: NewDealership[K] | null };

export interface DealerUser {
  userId: string;
  dealershipId: string;
  fullName: string;
  email: string;
  licenseNumber?: string;
  createdAt: string;
}

/** Where a page of the name-ordered list starts: the last dealership of the previous page. */
export interface DealershipCursor {
  name: string;
  id: string;
}

export interface DealershipPage {
  dealerships: Dealership[];
  next: DealershipCursor | null;
}

const DEALERSHIP_ATTRIBUTES = writableAttributes(dealershipSchema);
const REQUIRED_ATTRIBUTES = new Set(['name', 'location']);

/** The gsi1 key of a dealership, as DynamoDB wants it in ExclusiveStartKey. */
function startKey({ name, id }: DealershipCursor) {
  return { pk: `DEALERSHIP#${id}`, sk: 'DEALERSHIP', gsi1pk: DEALERSHIPS_PARTITION, gsi1sk: `${sortable(name)}#${id}` };
}

/** The dealerships store's port: what its callers use (docs/architecture.md, "The rule for what is shared"). */
export interface DealershipStore {
  /** `created` is false when a dealership with that id exists already (the seed's re-run). */
  create(
    input: NewDealership,
    now: Date,
  ): Promise<{
    created: boolean;
    dealership: Dealership;
  }>;
  get(id: string): Promise<Dealership | null>;
  getMany(ids: string[]): Promise<Dealership[]>;
  /**
   * One page of dealerships ordered by name: one Query of at most `read` index items, whatever the table holds.
   * With `search`, the Query filters on the lower-cased name, location and contact name; it still reads at most
   * `read` items, so a page can hold fewer than `limit` matches and still have a `next`.
   */
  page(options: { limit: number; read: number; search?: string; after?: DealershipCursor }): Promise<DealershipPage>;
  /** Every dealership ordered by name (case-insensitive). */
  listByName(): Promise<Dealership[]>;
  /** Every dealership, newest first. */
  listNewest(): Promise<Dealership[]>;
  /** Applies `changes` to an existing dealership; null when there is none. */
  update(id: string, changes: DealershipChanges): Promise<Dealership | null>;
  /** Whether any deal or dealer login still points at the dealership: two one-item Queries. */
  isInUse(id: string): Promise<{
    deals: boolean;
    dealers: boolean;
  }>;
  /** Deletes the dealership with the global count; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** The dealer logins of a dealership, ordered by name. */
  listDealers(dealershipId: string): Promise<DealerUser[]>;
  getDealer(dealershipId: string, userId: string): Promise<DealerUser | null>;
  /** Records a dealer login (after its Cognito account exists); false when the user exists already. */
  addDealer(dealer: DealerUser): Promise<boolean>;
  /** Removes a dealer login of this dealership; false when there is none. */
  removeDealer(dealershipId: string, userId: string): Promise<boolean>;
}

export function dealershipStore(table: LeaseDeskTable): DealershipStore {
  const entities = {
    get dealership() {
      return dealershipEntity(table);
    },
    get counter() {
      return counterEntity(table);
    },
    get deal() {
      return dealEntity(table);
    },
    get user() {
      return userEntity(table);
    },
  };
  return {
    async create(input: NewDealership, now: Date): Promise<{ created: boolean; dealership: Dealership }> {
      const item: Dealership = {
        ...pick(input, DEALERSHIP_ATTRIBUTES),
        id: input.id ?? ulid(now.getTime()),
        createdAt: now.toISOString(),
      };
      const outcome = await commit([
        entities.dealership
          .build(PutTransaction)
          .item(item)
          .options({ condition: { attr: 'id', exists: false } }),
        ...counterOperations(entities, [{ scope: GLOBAL_SCOPE, changes: { dealerships: 1 } }]),
      ]);
      return { created: outcome.ok, dealership: item };
    },

    async get(id: string): Promise<Dealership | null> {
      return (await entities.dealership.build(GetItemCommand).key({ id }).send()).Item ?? null;
    },

    async getMany(ids: string[]): Promise<Dealership[]> {
      return batchGetAll(
        entities.dealership,
        ids.map((id) => ({ id })),
      );
    },

    async page(options: { limit: number; read: number; search?: string; after?: DealershipCursor }): Promise<DealershipPage> {
      const search = options.search?.trim().toLowerCase();
      const { Items = [], LastEvaluatedKey } = await table
        .build(QueryCommand)
        .entities(entities.dealership)
        .query({ index: 'gsi1', partition: DEALERSHIPS_PARTITION })
        .options({
          limit: search ? options.read : options.limit,
          maxPages: 1,
          exclusiveStartKey: options.after ? startKey(options.after) : undefined,
          filters: search ? { dealership: { attr: 'searchText', contains: search } } : undefined,
        })
        .send();
      const dealerships = (Items as Dealership[]).slice(0, options.limit);
      const last = dealerships.at(-1);
      // Cut short (more matches than the page holds): continue after the last one shown. Otherwise continue where
      // the Query stopped reading, which may be past the last match.
      const cutShort = Items.length > dealerships.length;
      const stoppedAt = LastEvaluatedKey as { gsi1sk?: string; pk?: string } | undefined;
      let next: DealershipCursor | null = null;
      if (cutShort && last) next = { name: last.name, id: last.id };
      else if (stoppedAt?.gsi1sk && stoppedAt.pk) {
        next = {
          name: stoppedAt.gsi1sk.slice(0, stoppedAt.gsi1sk.lastIndexOf('#')),
          id: stoppedAt.pk.replace(/^DEALERSHIP#/, ''),
        };
      }
      return { dealerships, next };
    },

    async listByName(): Promise<Dealership[]> {
      return queryAll(entities.dealership, { index: 'gsi1', partition: DEALERSHIPS_PARTITION });
    },

    async listNewest(): Promise<Dealership[]> {
      return queryAll(entities.dealership, { index: 'gsi2', partition: DEALERSHIPS_PARTITION }, { reverse: true });
    },

    async update(id: string, changes: DealershipChanges): Promise<Dealership | null> {
      const current = await this.get(id);
      if (!current) return null;
      const next: Record<string, unknown> = { ...current };
      for (const [field, value] of Object.entries(pick(changes, DEALERSHIP_ATTRIBUTES))) {
        if (value === undefined || field === 'id' || field === 'createdAt') continue;
        if (value === null) {
          if (!REQUIRED_ATTRIBUTES.has(field)) delete next[field];
        } else next[field] = value;
      }
      try {
        await entities.dealership
          .build(PutItemCommand)
          .item(next as Dealership)
          .options({ condition: { attr: 'id', exists: true } })
          .send();
      } catch (error) {
        // Deleted between the read and the write.
        if (isConditionalCheckFailure(error)) return null;
        throw error;
      }
      return next as Dealership;
    },

    async isInUse(id: string): Promise<{ deals: boolean; dealers: boolean }> {
      const [deals, dealers] = await Promise.all([
        table
          .build(QueryCommand)
          .query({ index: 'gsi4', partition: dealPartitions.byDealership(id) })
          .options({ limit: 1, maxPages: 1, select: 'COUNT' })
          .send(),
        table
          .build(QueryCommand)
          .query({ index: 'gsi2', partition: dealersPartition(id) })
          .options({ limit: 1, maxPages: 1, select: 'COUNT' })
          .send(),
      ]);
      return { deals: (deals.Count ?? 0) > 0, dealers: (dealers.Count ?? 0) > 0 };
    },

    async delete(id: string): Promise<boolean> {
      const outcome = await commit([
        entities.dealership
          .build(DeleteTransaction)
          .key({ id })
          .options({ condition: { attr: 'id', exists: true } }),
        ...counterOperations(entities, [{ scope: GLOBAL_SCOPE, changes: { dealerships: -1 } }]),
      ]);
      return outcome.ok;
    },

    async listDealers(dealershipId: string): Promise<DealerUser[]> {
      const users = await queryAll(entities.user, { index: 'gsi2', partition: dealersPartition(dealershipId) });
      return users.flatMap((user) => (user.role === 'dealer' ? [toDealerUser(user)] : []));
    },

    async getDealer(dealershipId: string, userId: string): Promise<DealerUser | null> {
      const user = (await entities.user.build(GetItemCommand).key({ userId }).send()).Item;
      return user?.role === 'dealer' && user.dealershipId === dealershipId ? toDealerUser(user) : null;
    },

    async addDealer(dealer: DealerUser): Promise<boolean> {
      try {
        await entities.user
          .build(PutItemCommand)
          .item({
            userId: dealer.userId,
            role: 'dealer',
            fullName: dealer.fullName,
            email: dealer.email.toLowerCase(),
            dealershipId: dealer.dealershipId,
            licenseNumber: dealer.licenseNumber,
            createdAt: dealer.createdAt,
          })
          .options({ condition: { attr: 'userId', exists: false } })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },

    async removeDealer(dealershipId: string, userId: string): Promise<boolean> {
      try {
        await entities.user
          .build(DeleteItemCommand)
          .key({ userId })
          .options({
            condition: {
              and: [
                { attr: 'role', eq: 'dealer' },
                { attr: 'dealershipId', eq: dealershipId },
              ],
            },
          })
          .send();
        return true;
      } catch (error) {
        if (isConditionalCheckFailure(error)) return false;
        throw error;
      }
    },
  };
}

function toDealerUser(user: User): DealerUser {
  return {
    userId: user.userId,
    dealershipId: user.dealershipId ?? '',
    fullName: user.fullName,
    email: user.email,
    licenseNumber: user.licenseNumber,
    createdAt: user.createdAt,
  };
}
