/**
 * A meter on a DynamoDB client: asks DynamoDB for ReturnConsumedCapacity TOTAL on every call and adds up, per
 * measured block, the capacity units it reports, the items it read and the operations by name (so a Scan on a
 * request path cannot go unnoticed). Installed on the low-level client's middleware stack, it also sees every
 * call made through a DynamoDBDocumentClient (and so through dynamodb-toolbox) built on that client.
 */
import type { ConsumedCapacity, DynamoDBClient } from '@aws-sdk/client-dynamodb';

export interface Usage {
  capacityUnits: number;
  /** Items returned by Get/BatchGet/Query (Query's ScannedCount: what was read, not what a filter kept). */
  itemsRead: number;
  /** Operation name (GetItem, Query, ...) -> number of calls. */
  operations: Record<string, number>;
}

/** Operations whose input takes ReturnConsumedCapacity. */
const METERED = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactGetItems',
  'TransactWriteItems',
]);

function sumCapacity(consumed: ConsumedCapacity | ConsumedCapacity[] | undefined): number {
  if (!consumed) return 0;
  return (Array.isArray(consumed) ? consumed : [consumed]).reduce((sum, entry) => sum + (entry.CapacityUnits ?? 0), 0);
}

function countItems(operation: string, output: Record<string, unknown>): number {
  if (operation === 'GetItem') return output.Item ? 1 : 0;
  if (operation === 'Query' || operation === 'Scan') return (output.ScannedCount as number | undefined) ?? 0;
  if (operation === 'BatchGetItem') {
    return Object.values((output.Responses as Record<string, unknown[]> | undefined) ?? {}).reduce(
      (sum, items) => sum + items.length,
      0,
    );
  }
  return 0;
}

export interface CapacityMeter {
  /** Runs `block` and returns what it consumed (blocks must not run concurrently). */
  measure<T>(block: () => Promise<T>): Promise<{ result: T; usage: Usage }>;
  /** Operations reported without ConsumedCapacity (DynamoDB Local ignoring the request would show here). */
  readonly unreported: number;
}

export function installCapacityMeter(client: DynamoDBClient): CapacityMeter {
  let current: Usage | undefined;
  let unreported = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      const input = args.input as Record<string, unknown>;
      if (METERED.has(operation)) input.ReturnConsumedCapacity = 'TOTAL';
      const response = await next(args);
      if (current) {
        const output = response.output as unknown as Record<string, unknown>;
        current.operations[operation] = (current.operations[operation] ?? 0) + 1;
        current.itemsRead += countItems(operation, output);
        const consumed = output.ConsumedCapacity as ConsumedCapacity | ConsumedCapacity[] | undefined;
        if (METERED.has(operation) && consumed === undefined) unreported++;
        current.capacityUnits += sumCapacity(consumed);
      }
      return response;
    },
    { step: 'initialize', name: 'benchCapacityMeter', override: true },
  );
  return {
    async measure(block) {
      if (current) throw new Error('capacity meter: measured blocks must not overlap');
      const usage: Usage = { capacityUnits: 0, itemsRead: 0, operations: {} };
      current = usage;
      try {
        return { result: await block(), usage };
      } finally {
        current = undefined;
      }
    },
    get unreported() {
      return unreported;
    },
  };
}
