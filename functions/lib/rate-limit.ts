/**
 * A per-source limit for public routes. API Gateway's throttle (stage and route settings) is one bucket shared
 * by every caller, so a single caller could use all of it and lock everyone else out; this counts requests per
 * (route, source IP, fixed time window) in the table instead, and refuses the rest of the window with 429.
 *
 * One UpdateItem per request: ADD 1 to the window's counter under the condition that it is still below the
 * limit. The counter item carries the table's TTL attribute, so DynamoDB deletes it after its window; nothing
 * else reads or cleans it. The window start is part of the key, so an item that TTL has not removed yet
 * (TTL deletes lazily) never counts toward a later window.
 */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from './data/table';
import { config } from './config';
import { TooManyRequestsError } from './errors';

export interface SourceLimit {
  /** Requests one source may make per window. */
  requests: number;
  windowSeconds: number;
}

export interface SourceRateLimiter {
  /** Counts one request of `source` on `route`; throws TooManyRequestsError when the window's allowance is used up. */
  take(route: string, source: string, limit: SourceLimit, now: Date): Promise<void>;
}

export const TOO_MANY_REQUESTS_MESSAGE = 'Too many requests. Please try again later.';

/** The window `now` falls in: its start and the seconds left until the next one. */
export function rateWindow(
  limit: SourceLimit,
  now: Date,
): { startSeconds: number; endSeconds: number; retryAfterSeconds: number } {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const startSeconds = nowSeconds - (nowSeconds % limit.windowSeconds);
  const endSeconds = startSeconds + limit.windowSeconds;
  return { startSeconds, endSeconds, retryAfterSeconds: Math.max(1, endSeconds - nowSeconds) };
}

/**
 * Who counts as one source: an IPv4 address, or an IPv6 address's /64 network (one subscriber gets a whole /64, so
 * counting single IPv6 addresses would let one caller rotate through billions of them).
 */
export function sourceKey(sourceIp: string): string {
  const ip = sourceIp.trim().toLowerCase();
  const v4Mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (v4Mapped) return v4Mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes('::')
    ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Partition keys of the counter items start with this (the only items a refused request writes). */
export const RATE_COUNTER_PREFIX = 'RATE#';

/** The counter item's key: one partition per route and source, one item per window. */
export function rateCounterKey(route: string, source: string, windowStartSeconds: number): Record<string, string> {
  return {
    [TABLE_KEYS.partitionKey]: `${RATE_COUNTER_PREFIX}${route}#${source}`,
    [TABLE_KEYS.sortKey]: `WINDOW#${windowStartSeconds}`,
  };
}

export function tableRateLimiter(client: DynamoDBDocumentClient, tableName: () => string): SourceRateLimiter {
  return {
    async take(route, source, limit, now) {
      const window = rateWindow(limit, now);
      try {
        await client.send(
          new UpdateCommand({
            TableName: tableName(),
            Key: rateCounterKey(route, sourceKey(source), window.startSeconds),
            UpdateExpression: 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'requests', '#expiresAt': TABLE_KEYS.ttlAttribute },
            // A minute past the window's end: the item is useless after it, and TTL needs no precision.
            ExpressionAttributeValues: { ':one': 1, ':limit': limit.requests, ':expiresAt': window.endSeconds + 60 },
          }),
        );
      } catch (error) {
        if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') {
          throw new TooManyRequestsError(TOO_MANY_REQUESTS_MESSAGE, window.retryAfterSeconds);
        }
        throw error;
      }
    },
  };
}

let shared: SourceRateLimiter | undefined;
/** One limiter per Lambda container, created on first use. */
export function defaultRateLimiter(): SourceRateLimiter {
  shared ??= tableRateLimiter(DynamoDBDocumentClient.from(new DynamoDBClient({})), () => config.tableName);
  return shared;
}
