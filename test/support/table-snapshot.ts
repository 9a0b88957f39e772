/**
 * "This request left the table unchanged", checked the blunt way: a full Scan of the test stack's table before and
 * after, compared item by item. A Scan is fine here (a test) and never belongs on a request path.
 *
 * By the time the hostile-input suite runs, the table holds about 11 000 items (4 MB): one Scan costs most of a
 * second on DynamoDB Local, so a suite that compares the table around thousands of requests keeps its copy current
 * with watchTable() instead: one Scan, then the table's DynamoDB stream says which keys were written since, and
 * only those are read again. The copy is the same TableSnapshot a Scan gives (compared the same way, by content),
 * and checkAgainstScan() holds it to a real Scan, so a write the stream did not report fails the suite.
 *
 * Items a rejected request may legitimately write are named in IGNORED_ITEMS, each with the reason; nothing else is
 * ignored. A route gaining such a write (an audit record of a refused attempt) adds its key prefix here with the
 * route that writes it, so the exception is visible in review.
 */
import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '@functions/lib/data/table';
import { RATE_COUNTER_PREFIX } from '@functions/lib/rate-limit';
import { getStack } from './stack';

type Item = Record<string, unknown>;

export interface IgnoredItem {
  /** What the item is and which route writes it on a rejection. */
  reason: string;
  matches: (item: Item) => boolean;
}

export const IGNORED_ITEMS: readonly IgnoredItem[] = [
  {
    reason:
      'Per-source request counters of the routes with a sourceLimit (POST /auth/signup-licence, POST /quote-requests, the invitation routes, POST /referrals): counted before validation, so a refused request still counts. The per-sender counters (SENDS#) are not ignored: only a request that sends writes one',
    matches: (item) =>
      typeof item[TABLE_KEYS.partitionKey] === 'string' &&
      (item[TABLE_KEYS.partitionKey] as string).startsWith(RATE_COUNTER_PREFIX),
  },
];

/** Each item, by its primary key, as canonical JSON (attribute order does not matter). */
export type TableSnapshot = Map<string, string>;

let client: DynamoDBDocumentClient | undefined;
function documentClient(): DynamoDBDocumentClient {
  // The worker's environment (getStack) points the SDK at the test stack's DynamoDB Local.
  getStack();
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  return client;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value instanceof Set) return `set(${[...value].map(canonical).sort().join(',')})`;
  if (value instanceof Uint8Array) return `bin(${Buffer.from(value).toString('base64')})`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Item)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

const keyNames = new Map<string, Promise<string[]>>();
/** The table's primary key attribute names, from the table itself (the data layer owns their names). */
function primaryKeyOf(table: string): Promise<string[]> {
  let names = keyNames.get(table);
  if (!names) {
    names = documentClient()
      .send(new DescribeTableCommand({ TableName: table }))
      .then(({ Table }) => (Table?.KeySchema ?? []).map((key) => key.AttributeName ?? ''));
    keyNames.set(table, names);
  }
  return names;
}

const isIgnored = (item: Item) => IGNORED_ITEMS.some((ignored) => ignored.matches(item));
const keyOf = (keys: string[], item: Item) => keys.map((name) => String(item[name])).join(' | ');

/** Every item of the stack's table (or `table`), except the ignored ones. */
export async function snapshotTable(table = getStack().tableName): Promise<TableSnapshot> {
  const keys = await primaryKeyOf(table);
  const snapshot: TableSnapshot = new Map();
  let startKey: Item | undefined;
  do {
    const page = await documentClient().send(
      new ScanCommand({ TableName: table, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) {
      if (isIgnored(item)) continue;
      snapshot.set(keyOf(keys, item), canonical(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return snapshot;
}

/** The DynamoDB Streams API of the stack's DynamoDB Local (same endpoint; the SDK's streams client is not a dependency). */
async function streamsCall<T>(operation: string, body: object): Promise<T> {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  if (!endpoint) throw new Error('AWS_ENDPOINT_URL_DYNAMODB is not set: getStack() sets it for the test stack');
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDBStreams_20120810.${operation}`,
      // DynamoDB Local reads the access key from the header and checks no signature.
      authorization: `AWS4-HMAC-SHA256 Credential=${process.env.AWS_ACCESS_KEY_ID ?? 'local'}/20260101/${process.env.AWS_REGION ?? 'us-east-1'}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`,
    },
    body: JSON.stringify(body),
  });
  const result = (await response.json()) as T & { __type?: string; message?: string };
  if (!response.ok) throw new Error(`DynamoDB Streams ${operation}: ${result.__type ?? response.status} ${result.message ?? ''}`);
  return result;
}

interface StreamRecord {
  dynamodb: { Keys: Record<string, Record<string, string>>; SequenceNumber: string };
}

/** The stream's shards, each read from where the watch last stopped. */
class StreamReader {
  private readonly iterators = new Map<string, string | null>();
  private readonly lastSequence = new Map<string, string>();

  constructor(private readonly streamArn: string) {}

  /** The primary keys (as DynamoDB attribute values) written since the last call. */
  async writtenKeys(): Promise<Record<string, Record<string, string>>[]> {
    const { StreamDescription } = await streamsCall<{ StreamDescription: { Shards: { ShardId: string }[] } }>('DescribeStream', {
      StreamArn: this.streamArn,
    });
    const written: Record<string, Record<string, string>>[] = [];
    for (const { ShardId } of StreamDescription.Shards) {
      let iterator: string | null = this.iterators.has(ShardId) ? this.iterators.get(ShardId)! : await this.iteratorFor(ShardId);
      while (iterator !== null) {
        let page: { Records: StreamRecord[]; NextShardIterator?: string | null };
        try {
          page = await streamsCall('GetRecords', { ShardIterator: iterator });
        } catch (error) {
          if (!/ExpiredIteratorException/.test(String(error))) throw error;
          iterator = await this.iteratorFor(ShardId);
          continue;
        }
        for (const record of page.Records) {
          written.push(record.dynamodb.Keys);
          this.lastSequence.set(ShardId, record.dynamodb.SequenceNumber);
        }
        iterator = page.NextShardIterator ?? null;
        // An open shard always hands out a next iterator: stop at the first empty page (nothing newer yet).
        if (page.Records.length === 0) break;
      }
      this.iterators.set(ShardId, iterator);
    }
    return written;
  }

  private async iteratorFor(shardId: string): Promise<string> {
    const after = this.lastSequence.get(shardId);
    const { ShardIterator } = await streamsCall<{ ShardIterator: string }>('GetShardIterator', {
      StreamArn: this.streamArn,
      ShardId: shardId,
      ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
    });
    return ShardIterator;
  }
}

export interface TableWatch {
  /** The table as a Scan would see it now (ignored items left out), as a new TableSnapshot. */
  snapshot(): Promise<TableSnapshot>;
  /** Fails when a full Scan disagrees with the watch's copy (a write the stream did not report); returns the Scan. */
  checkAgainstScan(): Promise<TableSnapshot>;
}

/**
 * A copy of the stack's table kept current from its DynamoDB stream (turned on here when the table has none): one
 * Scan at the start, then each snapshot() re-reads (consistently) only the items the stream reports written.
 */
export async function watchTable(table = getStack().tableName): Promise<TableWatch> {
  const client = documentClient();
  const keys = await primaryKeyOf(table);
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
  let streamArn = Table?.StreamSpecification?.StreamEnabled ? Table.LatestStreamArn : undefined;
  if (!streamArn) {
    const updated = await client.send(
      new UpdateTableCommand({ TableName: table, StreamSpecification: { StreamEnabled: true, StreamViewType: 'KEYS_ONLY' } }),
    );
    streamArn = updated.TableDescription?.LatestStreamArn;
  }
  if (!streamArn) throw new Error(`No stream on ${table}`);
  const reader = new StreamReader(streamArn);

  // Read the stream up to now before the Scan: whatever is written from here on is reported and read again.
  await reader.writtenKeys();
  let copy = await snapshotTable(table);

  const refresh = async () => {
    const written = new Map<string, Item>();
    for (const attributes of await reader.writtenKeys()) {
      const key = Object.fromEntries(
        Object.entries(attributes).map(([name, value]) => {
          if (value.S !== undefined) return [name, value.S];
          if (value.N !== undefined) return [name, Number(value.N)];
          throw new Error(`Key attribute ${name} of ${table} is neither a string nor a number: ${JSON.stringify(value)}`);
        }),
      );
      written.set(keyOf(keys, key), key);
    }
    const pending = [...written.entries()];
    for (let start = 0; start < pending.length; start += 100) {
      const batch = pending.slice(start, start + 100);
      const found = new Map<string, Item>();
      let request: Record<string, { Keys: Item[]; ConsistentRead: boolean }> | undefined = {
        [table]: { Keys: batch.map(([, key]) => key), ConsistentRead: true },
      };
      while (request && Object.keys(request).length > 0) {
        const result = await client.send(new BatchGetCommand({ RequestItems: request }));
        for (const item of result.Responses?.[table] ?? []) found.set(keyOf(keys, item), item);
        request = result.UnprocessedKeys as typeof request;
      }
      for (const [name] of batch) {
        const item = found.get(name);
        if (item === undefined || isIgnored(item)) copy.delete(name);
        else copy.set(name, canonical(item));
      }
    }
  };

  return {
    async snapshot() {
      await refresh();
      return new Map(copy);
    },
    async checkAgainstScan() {
      await refresh();
      const scanned = await snapshotTable(table);
      const missed = diffSnapshots(copy, scanned);
      if (missed.length > 0) {
        copy = scanned;
        throw new Error(
          `The table's stream did not report every write; a Scan differs from the watched copy:\n${missed.join('\n')}`,
        );
      }
      return scanned;
    },
  };
}

/** A readable list of what changed between two snapshots (empty when nothing did). */
export function diffSnapshots(before: TableSnapshot, after: TableSnapshot): string[] {
  const changes: string[] = [];
  for (const [key, item] of after) {
    const previous = before.get(key);
    if (previous === undefined) changes.push(`added   ${key}: ${item}`);
    else if (previous !== item) changes.push(`changed ${key}: ${previous} -> ${item}`);
  }
  for (const key of before.keys()) if (!after.has(key)) changes.push(`removed ${key}`);
  return changes;
}
