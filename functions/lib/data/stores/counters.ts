import type { CounterDelta, CounterField, CounterValues } from '../counters';
import type { Entities, TransactionEntity } from '../service';

/** The counter entity as a write transaction hands it to its callback. */
type TransactionCounter = TransactionEntity<Entities['counter']>;

/** The transaction items that apply `deltas` (UpdateItem ADD: creates the counter item on first use). */
export function counterOperations(counter: TransactionCounter, deltas: CounterDelta[]) {
  return deltas.map(({ scope, changes }) => counter.update({ scope }).add(changes).commit());
}

export type Counts = Record<CounterField, number>;

const ZERO: Counts = {
  marketplaceVehicles: 0,
  clientDeals: 0,
  liveVehicles: 0,
  unitsSold: 0,
  clients: 0,
  dealerships: 0,
  brokers: 0,
  academyUsers: 0,
  academyPublished: 0,
};

export function zeroCounts(): Counts {
  return { ...ZERO };
}

function toCounts(values: CounterValues | undefined): Counts {
  const counts = { ...ZERO };
  for (const field of Object.keys(ZERO) as CounterField[]) counts[field] = values?.[field] ?? 0;
  return counts;
}

export function counterStore(entities: Entities) {
  return {
    /** The counts of one scope; a scope nothing was ever counted in reads as zeros. */
    async get(scope: string): Promise<Counts> {
      const { data } = await entities.counter.get({ scope }).go();
      return toCounts(data ?? undefined);
    },
    async getMany(scopes: string[]): Promise<Map<string, Counts>> {
      const result = new Map(scopes.map((scope) => [scope, toCounts(undefined)]));
      if (scopes.length === 0) return result;
      const { data } = await entities.counter.get(scopes.map((scope) => ({ scope }))).go();
      for (const item of data) result.set(item.scope, toCounts(item));
      return result;
    },
  };
}
