/** Clients and dealerships, each created in one transaction with its count. */
import { ulid } from 'ulid';
import { GLOBAL_SCOPE } from '../counters';
import type { Client, Dealership, LeaseDeskService } from '../service';
import { commit } from '../transactions';
import { counterOperations } from './counters';

export type NewClient = Omit<Client, 'id' | 'createdAt'> & { id?: string };
export type NewDealership = Omit<Dealership, 'id' | 'createdAt'> & { id?: string };

export function clientStore(service: LeaseDeskService) {
  const { client } = service.entities;
  return {
    /** `created` is false when a client with that id exists already (the seed's re-run). */
    async create(input: NewClient, now: Date): Promise<{ created: boolean; client: Client }> {
      const item: Client = { ...input, id: input.id ?? ulid(now.getTime()), createdAt: now.toISOString() };
      const outcome = await commit(
        service.transaction.write(({ client, counter }) => [
          client.create(item).commit(),
          ...counterOperations(counter, [{ scope: GLOBAL_SCOPE, changes: { clients: 1 } }]),
        ]),
      );
      return { created: outcome.ok, client: item };
    },
    async get(id: string): Promise<Client | null> {
      return (await client.get({ id }).go()).data;
    },
    /** The consumer's own client record, through the link made when the invitation was accepted. */
    async getByUser(userId: string): Promise<Client | null> {
      const { data } = await client.query.byUser({ userId }).go({ limit: 1 });
      return data[0] ?? null;
    },
  };
}

export function dealershipStore(service: LeaseDeskService) {
  const { dealership } = service.entities;
  return {
    async create(input: NewDealership, now: Date): Promise<{ created: boolean; dealership: Dealership }> {
      const item: Dealership = { ...input, id: input.id ?? ulid(now.getTime()), createdAt: now.toISOString() };
      const outcome = await commit(
        service.transaction.write(({ dealership, counter }) => [
          dealership.create(item).commit(),
          ...counterOperations(counter, [{ scope: GLOBAL_SCOPE, changes: { dealerships: 1 } }]),
        ]),
      );
      return { created: outcome.ok, dealership: item };
    },
    async get(id: string): Promise<Dealership | null> {
      return (await dealership.get({ id }).go()).data;
    },
    async listByName(): Promise<Dealership[]> {
      return (await dealership.query.byName({}).go({ pages: 'all' })).data;
    },
  };
}
