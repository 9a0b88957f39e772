/**
 * "This request left the table unchanged", checked the blunt way: a full Scan of the test stack's table before and
 * after, compared item by item. A Scan is fine here (a test, a table of a few hundred seeded items) and never
 * belongs on a request path.
 *
 * Items a rejected request may legitimately write are named in IGNORED_ITEMS, each with the reason; nothing else is
 * ignored. A route gaining such a write (an audit record of a refused attempt) adds its key prefix here with the
 * route that writes it, so the exception is visible in review.
 */
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
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
      'Per-source request counters of public routes with a sourceLimit (POST /auth/signup-licence): counted before validation, so a refused request still counts',
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
      if (IGNORED_ITEMS.some((ignored) => ignored.matches(item))) continue;
      snapshot.set(keys.map((name) => String(item[name])).join(' | '), canonical(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return snapshot;
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
