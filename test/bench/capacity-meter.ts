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
  /** Each call in order, to explain a figure (a Query's partition, what it read and cost). */
  calls: Call[];
}

export interface Call {
  operation: string;
  /** What was read: a Query's index and key values, a GetItem's key, a BatchGetItem's key count. */
  target: string;
  capacityUnits: number;
  itemsRead: number;
}

/** A marshalled or plain attribute value, as text. */
function valueText(value: unknown): string {
  if (value && typeof value === 'object') {
    const attribute = value as Record<string, unknown>;
    const inner = attribute.S ?? attribute.N;
    if (inner !== undefined) return String(inner);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function targetOf(operation: string, input: Record<string, unknown>): string {
  if (operation === 'Query' || operation === 'Scan') {
    const condition = (input.KeyConditionExpression as string | undefined) ?? '';
    const values = (input.ExpressionAttributeValues as Record<string, unknown> | undefined) ?? {};
    const keys = Object.entries(values)
      .filter(([name]) => condition.includes(name))
      .map(([, value]) => valueText(value));
    const index = input.IndexName ? `${input.IndexName as string} ` : '';
    return `${index}${keys.join(' / ')}${input.Limit ? ` limit ${input.Limit as number}` : ''}`;
  }
  if (operation === 'GetItem') {
    return Object.values((input.Key as Record<string, unknown> | undefined) ?? {})
      .map(valueText)
      .join(' / ');
  }
  if (operation === 'BatchGetItem') {
    const requests = Object.values((input.RequestItems as Record<string, { Keys?: unknown[] }> | undefined) ?? {});
    return `${requests.reduce((sum, request) => sum + (request.Keys?.length ?? 0), 0)} keys`;
  }
  return '';
}

/** "Query MKT#all#active#tok#toyota limit 5: 0.5 CU, 4 items" per call, one a line. */
export function formatCalls(calls: Call[]): string {
  return calls.map((call) => `${call.operation} ${call.target}: ${call.capacityUnits} CU, ${call.itemsRead} items`).join('\n');
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
        const itemsRead = countItems(operation, output);
        current.itemsRead += itemsRead;
        const consumed = output.ConsumedCapacity as ConsumedCapacity | ConsumedCapacity[] | undefined;
        if (METERED.has(operation) && consumed === undefined) unreported++;
        const capacityUnits = sumCapacity(consumed);
        current.capacityUnits += capacityUnits;
        current.calls.push({ operation, target: targetOf(operation, input), capacityUnits, itemsRead });
      }
      return response;
    },
    { step: 'initialize', name: 'benchCapacityMeter', override: true },
  );
  return {
    async measure(block) {
      if (current) throw new Error('capacity meter: measured blocks must not overlap');
      const usage: Usage = { capacityUnits: 0, itemsRead: 0, operations: {}, calls: [] };
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
