/** Clients, each created in one transaction with its count. */
import { GetItemCommand } from 'dynamodb-toolbox/entity/actions/get';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { ulid } from 'ulid';
import type { Entities } from '../entities';
import { CLIENTS_PARTITION, clientSchema, clientUserPartition, type Client } from '../entities/client';
import { pick, writableAttributes } from '../entities/keys';
import { queryAll } from '../query';
import { batchGetAll, commit } from '../transactions';
import { counterOperations, GLOBAL_SCOPE } from './counters';

export type { Client } from '../entities/client';
export type NewClient = Omit<Client, 'id' | 'createdAt'> & { id?: string };

const CLIENT_ATTRIBUTES = writableAttributes(clientSchema);

export function clientStore(entities: Pick<Entities, 'client' | 'counter'>) {
  return {
    /** `created` is false when a client with that id exists already (the seed's re-run). */
    async create(input: NewClient, now: Date): Promise<{ created: boolean; client: Client }> {
      const item: Client = {
        ...pick(input, CLIENT_ATTRIBUTES),
        id: input.id ?? ulid(now.getTime()),
        createdAt: now.toISOString(),
      };
      const outcome = await commit([
        entities.client
          .build(PutTransaction)
          .item(item)
          .options({ condition: { attr: 'id', exists: false } }),
        ...counterOperations(entities, [{ scope: GLOBAL_SCOPE, changes: { clients: 1 } }]),
      ]);
      return { created: outcome.ok, client: item };
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

    /** The consumer's own client record, through the link made when the invitation was accepted. */
    async getByUser(userId: string): Promise<Client | null> {
      const [client] = await queryAll(entities.client, { index: 'gsi3', partition: clientUserPartition(userId) }, { limit: 1 });
      return client ?? null;
    },

    /** Every client ordered by name (case-insensitive). */
    async listByName(): Promise<Client[]> {
      return queryAll(entities.client, { index: 'gsi1', partition: CLIENTS_PARTITION });
    },

    /** Every client, newest first. */
    async listNewest(): Promise<Client[]> {
      return queryAll(entities.client, { index: 'gsi2', partition: CLIENTS_PARTITION }, { reverse: true });
    },
  };
}
