/**
 * The stock a deal write moves on the marketplace vehicle it takes a unit from (or gives one back to), committed in
 * the deal's own transaction. Parallel closes on one vehicle make DynamoDB cancel all but one of the overlapping
 * transactions, so this is the one place a deal write retries: the vehicle is read again and the whole transaction
 * sent again (docs/data-model.md, "Inventory: listings and client deals").
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PutTransaction } from 'dynamodb-toolbox/entity/actions/transactPut';
import { counterOperations, mergeDeltas, type CounterDelta } from '@functions/domain/counters/counters';
import { VehicleSoldOutError } from '@functions/lib/data/errors';
import {
  TransactionAbortedError,
  batchGetAll,
  commit,
  type CommitOutcome,
  type WriteOperation,
} from '@functions/lib/data/transactions';
import { availableStockOf, VEHICLE_SOLD_OUT_MESSAGE } from '@shared/marketplace/inventory';
import { counterDeltasOf, indexOperations, stored } from './deal-derived';
import type { DealStoreEntities } from './deal-store-entities';
import { listingFlag } from './inventory';

/** Attempts of a write that moves a vehicle's stock, when other writes to that vehicle keep winning. */
const STOCK_WRITE_ATTEMPTS = 12;

/**
 * The writes that move the stock of the vehicles a deal write takes units from or gives back
 * (shared/marketplace/inventory.ts `stockChanges`): each vehicle read now and written whole on the revision read,
 * with its own derived items (a vehicle at 0 leaves the active tab). A vehicle that is gone, or is not a listing,
 * is left alone. Throws VehicleSoldOutError when a unit is taken from a vehicle with none left.
 */
async function vehicleStockWrites(
  entities: DealStoreEntities,
  changes: Map<string, number>,
): Promise<{ operations: WriteOperation[][]; counters: CounterDelta[] }> {
  if (changes.size === 0) return { operations: [], counters: [] };
  const vehicles = await batchGetAll(
    entities.deal,
    [...changes.keys()].map((id) => ({ id })),
  );
  const counters: CounterDelta[] = [];
  const operations = vehicles
    .filter((vehicle) => listingFlag(vehicle))
    .map((vehicle) => {
      const stock = availableStockOf(vehicle) + changes.get(vehicle.id)!;
      if (stock < 0) throw new VehicleSoldOutError(VEHICLE_SOLD_OUT_MESSAGE);
      const after = stored(vehicle, { ...vehicle, availableStock: stock });
      counters.push(...counterDeltasOf(vehicle, after));
      return [
        entities.deal
          .build(PutTransaction)
          .item(after)
          .options({ condition: { attr: 'revision', eq: vehicle.revision } }),
        ...indexOperations(entities, vehicle, after),
      ];
    });
  return { operations, counters };
}

/**
 * Commits a deal's own operations (the first is the deal's conditional write) with the stock writes of its source
 * vehicle. A vehicle written by someone else meanwhile (another deal closing on it) is read again and the whole
 * transaction retried, so parallel closes never take a unit twice nor lose one; the deal's own conditions are
 * reported to the caller as `commit` reports them. The deal's `counters` and the vehicles' go last, merged into one
 * update per counter item (./deal-derived.ts, counterDeltasOf).
 */
export async function commitWithStock(
  entities: DealStoreEntities,
  own: WriteOperation[],
  changes: Map<string, number>,
  counters: CounterDelta[],
): Promise<CommitOutcome> {
  for (let attempt = 1; ; attempt++) {
    const stock = await vehicleStockWrites(entities, changes);
    const vehicles = stock.operations;
    const vehiclePuts = new Set<number>();
    let index = own.length;
    for (const operations of vehicles) {
      vehiclePuts.add(index);
      index += operations.length;
    }
    const counterWrites = counterOperations(entities, mergeDeltas([...counters, ...stock.counters]));
    let outcome: CommitOutcome;
    try {
      outcome = await commit([...own, ...vehicles.flat(), ...counterWrites]);
    } catch (error) {
      // Parallel closes on one vehicle: DynamoDB cancels transactions on the same item that overlap.
      if (error instanceof TransactionAbortedError && vehicles.length > 0 && attempt < STOCK_WRITE_ATTEMPTS) {
        await sleep(10 * Math.min(attempt, 6) * (0.5 + Math.random()));
        continue;
      }
      throw error;
    }
    if (outcome.ok || attempt >= STOCK_WRITE_ATTEMPTS) return outcome;
    if (!outcome.failedConditions.every((failed) => vehiclePuts.has(failed))) return outcome;
  }
}
