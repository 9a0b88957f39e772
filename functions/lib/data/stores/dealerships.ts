/** Dealerships, each created in one transaction with its count. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { ulid } from 'ulid';
import type { Entities } from '../entities';
import { DEALERSHIPS_PARTITION, dealershipSchema, type Dealership } from '../entities/dealership';
import { pick, writableAttributes } from '../entities/keys';
import { queryAll } from '../query';
import { batchGetAll, commit } from '../transactions';
import { counterOperations, GLOBAL_SCOPE } from './counters';

export type { Dealership } from '../entities/dealership';
export type NewDealership = Omit<Dealership, 'id' | 'createdAt'> & { id?: string };

const DEALERSHIP_ATTRIBUTES = writableAttributes(dealershipSchema);

export function dealershipStore(entities: Pick<Entities, 'dealership' | 'counter'>) {
  return {
    /** `created` is false when a dealership with that id exists already (the seed's re-run). */
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

    /** Every dealership ordered by name (case-insensitive). */
    async listByName(): Promise<Dealership[]> {
      return queryAll(entities.dealership, { index: 'gsi1', partition: DEALERSHIPS_PARTITION });
    },

    /** Every dealership, newest first. */
    async listNewest(): Promise<Dealership[]> {
      return queryAll(entities.dealership, { index: 'gsi2', partition: DEALERSHIPS_PARTITION }, { reverse: true });
    },
  };
}
