/** Clients and dealerships, each created in one transaction with its count. */
import { createWriteTransaction } from 'electrodb';
import { ulid } from 'ulid';
import { GLOBAL_SCOPE } from '../counters';
import type { Client, Dealership, Entities } from '../service';
import { commit } from '../transactions';
import { counterOperations } from './counters';

export type NewClient = Omit<Client, 'id' | 'createdAt'> & { id?: string };
export type NewDealership = Omit<Dealership, 'id' | 'createdAt'> & { id?: string };

export function clientStore(entities: Entities) {
  return {
    /** `created` is false when a client with that id exists already (the seed's re-run). */
    async create(input: NewClient, now: Date): Promise<{ created: boolean; client: Client }> {
      const item: Client = { ...input, id: input.id ?? ulid(now.getTime()), createdAt: now.toISOString() };
      const outcome = await commit(
        createWriteTransaction({ client: entities.client, counter: entities.counter }, ({ client, counter }) => [
          client.create(item).commit(),
          ...counterOperations(counter, [{ scope: GLOBAL_SCOPE, changes: { clients: 1 } }]),
        ]),
      );
      return { created: outcome.ok, client: item };
    },
    async get(id: string): Promise<Client | null> {
      return (await entities.client.get({ id }).go()).data;
    },
    /** The consumer's own client record, through the link made when the invitation was accepted. */
    async getByUser(userId: string): Promise<Client | null> {
      const { data } = await entities.client.query.byUser({ userId }).go({ limit: 1 });
      return data[0] ?? null;
    },
  };
}

export function dealershipStore(entities: Entities) {
  return {
    async create(input: NewDealership, now: Date): Promise<{ created: boolean; dealership: Dealership }> {
      const item: Dealership = { ...input, id: input.id ?? ulid(now.getTime()), createdAt: now.toISOString() };
      const outcome = await commit(
        createWriteTransaction({ dealership: entities.dealership, counter: entities.counter }, ({ dealership, counter }) => [
          dealership.create(item).commit(),
          ...counterOperations(counter, [{ scope: GLOBAL_SCOPE, changes: { dealerships: 1 } }]),
        ]),
      );
      return { created: outcome.ok, dealership: item };
    },
    async get(id: string): Promise<Dealership | null> {
      return (await entities.dealership.get({ id }).go()).data;
    },
    async listByName(): Promise<Dealership[]> {
      return (await entities.dealership.query.byName({}).go({ pages: 'all' })).data;
    },
  };
}
