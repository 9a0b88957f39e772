/**
 * Request counters in the table, for limits API Gateway cannot keep (its throttle is one bucket shared by every caller
 * of a route, so a single caller could use all of it and lock everyone else out):
 * - a per-source limit (`sourceLimit` in the route table): requests per (route, source IP, fixed time window),
 *   counted by the feature handler before anything else runs; the rest of the window is refused with 429;
 * - a per-caller limit (`callerLimit`): requests per (route, signed-in caller, fixed window), counted the same way
 *   with the caller as the source (`callerSource`);
 * - a per-sender limit (`senderLimit`): messages one signed-in caller may have sent per (route, caller, fixed window),
 *   counted by the route's service right before it sends (`requireSenderAllowance`), so that a refused request
 *   (bad input, not the caller's record) never uses up a sender's allowance. docs/security.md, "Ownership".
 *
 * One UpdateItem per count: ADD 1 to the window's counter under the condition that it is still below the limit, so
 * concurrent requests can never pass the limit together (DynamoDB checks the condition, not the function). The
 * counter item carries the table's TTL attribute, so DynamoDB deletes it after its window; nothing else reads or
 * cleans it. The window start is part of the key, so an item that TTL has not removed yet (TTL deletes lazily) never
 * counts toward a later window.
 */
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { findRoute, type RouteKey } from '@shared/api/routes';
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

/**
 * The source a per-caller limit counts by: the verified `sub`, marked so it can never be an address (an IP has no
 * `#`, and `sourceKey` leaves a text without `:` as it is).
 */
export const callerSource = (userId: string) => `caller#${userId}`;

/** Partition keys of the counter items start with this (the only items a refused request writes). */
export const RATE_COUNTER_PREFIX = 'RATE#';

/** The counter item's key: one partition per route and source, one item per window. */
export function rateCounterKey(route: string, source: string, windowStartSeconds: number): Record<string, string> {
  return {
    [TABLE_KEYS.partitionKey]: `${RATE_COUNTER_PREFIX}${route}#${source}`,
    [TABLE_KEYS.sortKey]: `WINDOW#${windowStartSeconds}`,
  };
}

/** Counts one request against `key`'s window: whether it was within the limit, else the seconds until the next window. */
async function countInWindow(
  client: DynamoDBDocumentClient,
  tableName: string,
  key: Record<string, string>,
  limit: SourceLimit,
  now: Date,
): Promise<Allowance> {
  const window = rateWindow(limit, now);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: key,
        UpdateExpression: 'ADD #count :one SET #expiresAt = if_not_exists(#expiresAt, :expiresAt)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'requests', '#expiresAt': TABLE_KEYS.ttlAttribute },
        // A minute past the window's end: the item is useless after it, and TTL needs no precision.
        ExpressionAttributeValues: { ':one': 1, ':limit': limit.requests, ':expiresAt': window.endSeconds + 60 },
      }),
    );
    return { allowed: true };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || (error as Error).name === 'ConditionalCheckFailedException') {
      return { allowed: false, retryAfterSeconds: window.retryAfterSeconds };
    }
    throw error;
  }
}

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function tableRateLimiter(client: DynamoDBDocumentClient, tableName: () => string): SourceRateLimiter {
  return {
    async take(route, source, limit, now) {
      const key = rateCounterKey(route, sourceKey(source), rateWindow(limit, now).startSeconds);
      const allowance = await countInWindow(client, tableName(), key, limit, now);
      if (!allowance.allowed) throw new TooManyRequestsError(TOO_MANY_REQUESTS_MESSAGE, allowance.retryAfterSeconds);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Per sender

/** Partition keys of the per-sender counters. Apart from RATE#: only a request that sends writes one. */
export const SENDER_COUNTER_PREFIX = 'SENDS#';

/** The counter item's key: one partition per route and sender (the verified `sub`), one item per window. */
export function senderCounterKey(route: string, senderId: string, windowStartSeconds: number): Record<string, string> {
  return {
    [TABLE_KEYS.partitionKey]: `${SENDER_COUNTER_PREFIX}${route}#${senderId}`,
    [TABLE_KEYS.sortKey]: `WINDOW#${windowStartSeconds}`,
  };
}

export interface SenderLimiter {
  /** Counts one message of `senderId` on `route`; not allowed (and not counted) once the window's allowance is used. */
  take(route: string, senderId: string, limit: SourceLimit, now: Date): Promise<Allowance>;
}

/** The per-sender counters over a feature's table (built with its stores: `functions/<feature>/data/index.ts`). */
export function senderLimiter(table: { getDocumentClient(): DynamoDBDocumentClient; getName(): string }): SenderLimiter {
  return {
    take: (route, senderId, limit, now) =>
      countInWindow(
        table.getDocumentClient(),
        table.getName(),
        senderCounterKey(route, senderId, rateWindow(limit, now).startSeconds),
        limit,
        now,
      ),
  };
}

/** "a day", "an hour", "10 minutes": the window of a limit in words. */
export function windowInWords(windowSeconds: number): string {
  if (windowSeconds === 86_400) return 'a day';
  if (windowSeconds === 3_600) return 'an hour';
  if (windowSeconds % 3_600 === 0) return `${windowSeconds / 3_600} hours`;
  if (windowSeconds % 60 === 0) return `${windowSeconds / 60} minutes`;
  return `${windowSeconds} seconds`;
}

/** The 429 of a used-up sender allowance: what the limit is, and when to try again. */
export function senderLimitMessage(things: string, limit: SourceLimit): string {
  const again = limit.windowSeconds === 86_400 ? 'tomorrow' : 'later';
  return `You can send at most ${limit.requests} ${things} in ${windowInWords(limit.windowSeconds)}. Please try again ${again}.`;
}

/**
 * Counts one message of the caller on a route with a `senderLimit` (shared/api/routes.ts), or refuses it with 429
 * (the limit in words, and Retry-After). Call it once the request is known to send, right before storing and sending.
 */
export async function requireSenderAllowance(
  limiter: SenderLimiter,
  route: RouteKey,
  senderId: string,
  things: string,
  now: Date,
): Promise<void> {
  const limit = findRoute(route)?.senderLimit;
  if (!limit) throw new Error(`${route} has no senderLimit in shared/api/routes.ts`);
  const allowance = await limiter.take(route, senderId, limit, now);
  if (!allowance.allowed) throw new TooManyRequestsError(senderLimitMessage(things, limit), allowance.retryAfterSeconds);
}

let shared: SourceRateLimiter | undefined;
/** One limiter per Lambda container, created on first use. */
export function defaultRateLimiter(): SourceRateLimiter {
  shared ??= tableRateLimiter(DynamoDBDocumentClient.from(new DynamoDBClient({})), () => config.tableName);
  return shared;
}
