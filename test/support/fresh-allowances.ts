/**
 * Every stack test file starts with the shared callers' rate allowances unused (vitest setup file of the stack
 * project). The limits are the product's (shared/api/routes.ts `sourceLimit`, `callerLimit` and `senderLimit`, counted in the
 * table by functions/lib/rate-limit.ts); what is not the product's is that one shard runs dozens of files as the
 * same demo broker from the same loopback address within one window. Without this, whether a file's 31st
 * invitation of the hour is refused depends on which other files the sequencer put in its shard before it: an
 * order-dependent test. A file that tests a limit uses a caller and an address of its own (ownLoopbackAddress) and
 * counts from its own start, so nothing a test asserts about the limits changes.
 *
 * Only the counters of the current window are deleted (a later window starts at zero anyway); the users are found
 * by their fixed e-mail addresses, and one not created yet (the extra principals before the first loadPrincipals)
 * has nothing to reset.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { callerSource, rateCounterKey, rateWindow, senderCounterKey, sourceKey } from '@functions/lib/rate-limit';
import { routeKey, ROUTES, type RouteDef } from '@shared/api/routes';
import { DEMO_USERS } from '@infra/local/config';
import { EXTRA_USERS } from './principal-users';
import { cognitoSub, getStack } from './stack';

/** Where the suites call the API from when they do not pick an address of their own (Node over IPv4, Chromium maybe ::1). */
const SHARED_SOURCES = ['127.0.0.1', '::1'];
const BATCH = 25;

let client: DynamoDBDocumentClient | undefined;

/** Deletes this window's counters of the shared callers (the demo users and the extra principals) and addresses. */
export async function freshAllowances(now = new Date()): Promise<void> {
  const stack = getStack();
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const emails = [...DEMO_USERS.map((user) => user.email), ...Object.values(EXTRA_USERS).map((user) => user.email)];
  const senders = (await Promise.all(emails.map(cognitoSub))).filter((sub): sub is string => sub !== null);
  const keys: Record<string, string>[] = [];
  for (const route of ROUTES as readonly RouteDef[]) {
    const key = routeKey(route);
    if (route.sourceLimit) {
      const start = rateWindow(route.sourceLimit, now).startSeconds;
      for (const source of new Set(SHARED_SOURCES.map(sourceKey))) keys.push(rateCounterKey(key, source, start));
    }
    if (route.callerLimit) {
      const start = rateWindow(route.callerLimit, now).startSeconds;
      for (const sender of senders) keys.push(rateCounterKey(key, sourceKey(callerSource(sender)), start));
    }
    if (route.senderLimit) {
      const start = rateWindow(route.senderLimit, now).startSeconds;
      for (const sender of senders) keys.push(senderCounterKey(key, sender, start));
    }
  }
  const batches = Array.from({ length: Math.ceil(keys.length / BATCH) }, (_, index) =>
    keys.slice(index * BATCH, (index + 1) * BATCH),
  );
  await Promise.all(
    batches.map(async (batch) => {
      let requests = batch.map((Key) => ({ DeleteRequest: { Key } }));
      while (requests.length > 0) {
        const { UnprocessedItems } = await client!.send(new BatchWriteCommand({ RequestItems: { [stack.tableName]: requests } }));
        requests = (UnprocessedItems?.[stack.tableName] ?? []) as typeof requests;
      }
    }),
  );
}
