import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable, type TestTable } from '@test/support/test-table';
import { TooManyRequestsError } from './errors';
import {
  rateCounterKey,
  rateWindow,
  senderCounterKey,
  senderLimiter,
  tableRateLimiter,
  type SenderLimiter,
  type SourceRateLimiter,
} from './rate-limit';

const ROUTE = 'POST /auth/signup-licence';
const LIMIT = { requests: 3, windowSeconds: 600 };
const NOW = new Date('2026-03-10T15:02:00.000Z');

describe('the per-source rate limiter over DynamoDB Local', () => {
  let testTable: TestTable;
  let client: DynamoDBDocumentClient;
  let limiter: SourceRateLimiter;

  beforeAll(async () => {
    testTable = await createTestTable('ratelimit');
    client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    limiter = tableRateLimiter(client, () => testTable.table);
  });
  afterAll(async () => {
    client?.destroy();
    await testTable?.drop();
  });

  it("lets a source make the window's allowance and refuses the next request with the seconds to wait", async () => {
    const source = '203.0.113.1';
    for (let i = 0; i < LIMIT.requests; i++) await limiter.take(ROUTE, source, LIMIT, NOW);

    const refused = limiter.take(ROUTE, source, LIMIT, NOW);

    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(refused).rejects.toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 480 });
  });

  it('counts each source apart, so one caller cannot use up the allowance of another', async () => {
    for (let i = 0; i < LIMIT.requests; i++) await limiter.take(ROUTE, '203.0.113.2', LIMIT, NOW);
    await expect(limiter.take(ROUTE, '203.0.113.2', LIMIT, NOW)).rejects.toBeInstanceOf(TooManyRequestsError);

    await expect(limiter.take(ROUTE, '203.0.113.3', LIMIT, NOW)).resolves.toBeUndefined();
  });

  it('opens again in the next window', async () => {
    const source = '203.0.113.4';
    for (let i = 0; i < LIMIT.requests; i++) await limiter.take(ROUTE, source, LIMIT, NOW);

    await expect(limiter.take(ROUTE, source, LIMIT, new Date(NOW.getTime() + 600_000))).resolves.toBeUndefined();
  });

  it('admits exactly the allowance when requests race (the condition is checked by DynamoDB, not by the function)', async () => {
    const source = '203.0.113.5';

    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => limiter.take(ROUTE, source, LIMIT, NOW)));

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(LIMIT.requests);
    expect(
      outcomes.filter((outcome) => outcome.status === 'rejected' && outcome.reason instanceof TooManyRequestsError),
    ).toHaveLength(7);
  });

  it("keeps one counter item per window, which the table's TTL removes a minute after the window ends", async () => {
    const source = '203.0.113.6';
    await limiter.take(ROUTE, source, LIMIT, NOW);
    await limiter.take(ROUTE, source, LIMIT, new Date(NOW.getTime() + 1000));
    const window = rateWindow(LIMIT, NOW);

    const { Item } = await client.send(
      new GetCommand({ TableName: testTable.table, Key: rateCounterKey(ROUTE, source, window.startSeconds) }),
    );

    expect(Item).toMatchObject({ requests: 2, expiresAt: window.endSeconds + 60 });
  });
});

describe('the per-sender limiter over DynamoDB Local', () => {
  const SENDER_ROUTE = 'POST /referrals';
  let testTable: TestTable;
  let limiter: SenderLimiter;

  beforeAll(async () => {
    testTable = await createTestTable('senderlimit');
    limiter = senderLimiter(testTable.data.table);
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('allows exactly the allowance when one sender races (20 at once), and counts no refused one', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => limiter.take(SENDER_ROUTE, 'consumer-1', LIMIT, NOW)));

    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(LIMIT.requests);
    expect(outcomes.filter((outcome) => !outcome.allowed)).toEqual(
      Array.from({ length: 17 }, () => ({ allowed: false, retryAfterSeconds: 480 })),
    );
    const window = rateWindow(LIMIT, NOW);
    expect(await testTable.readItem(senderCounterKey(SENDER_ROUTE, 'consumer-1', window.startSeconds) as never)).toMatchObject({
      requests: LIMIT.requests,
      expiresAt: window.endSeconds + 60,
    });
  });

  it('counts each sender and each route apart, and opens again in the next window', async () => {
    for (let i = 0; i < LIMIT.requests; i++) await limiter.take(SENDER_ROUTE, 'consumer-2', LIMIT, NOW);

    await expect(limiter.take(SENDER_ROUTE, 'consumer-2', LIMIT, NOW)).resolves.toMatchObject({ allowed: false });
    await expect(limiter.take(SENDER_ROUTE, 'consumer-3', LIMIT, NOW)).resolves.toEqual({ allowed: true });
    await expect(limiter.take('POST /clients/{id}/invitations', 'consumer-2', LIMIT, NOW)).resolves.toEqual({ allowed: true });
    await expect(limiter.take(SENDER_ROUTE, 'consumer-2', LIMIT, new Date(NOW.getTime() + 600_000))).resolves.toEqual({
      allowed: true,
    });
  });
});
