/**
 * For integration tests: a throwaway table with the product's key schema in the DynamoDB the environment
 * points at, and the data stores over it. Under the "stack" project the environment comes from the running test
 * stack; otherwise AWS_ENDPOINT_URL_DYNAMODB (and region and keys) must be set by the caller.
 */
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { createData, createTableInput, timeToLiveInput, type Data } from '@infra/data/create-data';
import { DEMO_USERS, type DemoUserKey, type StackInfo } from '@infra/local/config';
import { functionEnvironment } from '@infra/local/env';
import type { DemoUserIds } from '@infra/local/config';

export interface TestTable {
  table: string;
  data: Data;
  /** An item as stored, every attribute included (hidden ones such as index keys and `expiresAt`). */
  readItem: (key: { pk: string; sk: string }) => Promise<Record<string, unknown> | undefined>;
  drop: () => Promise<void>;
}

export async function createTestTable(prefix = 'test'): Promise<TestTable> {
  const stack = inject('stack') as StackInfo | undefined;
  if (stack) Object.assign(process.env, functionEnvironment(stack));
  if (!process.env.AWS_ENDPOINT_URL_DYNAMODB) {
    throw new Error('AWS_ENDPOINT_URL_DYNAMODB is not set: integration tests run against DynamoDB Local only');
  }
  const raw = new DynamoDBClient({});
  const table = `${prefix}-${randomUUID().slice(0, 8)}`;
  await raw.send(new CreateTableCommand(createTableInput(table)));
  await waitUntilTableExists({ client: raw, maxWaitTime: 30 }, { TableName: table });
  await raw.send(new UpdateTimeToLiveCommand(timeToLiveInput(table)));
  const client = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
  return {
    table,
    data: createData({ client, table }),
    readItem: async (key) => (await client.send(new GetCommand({ TableName: table, Key: key }))).Item,
    drop: async () => {
      await raw.send(new DeleteTableCommand({ TableName: table }));
      raw.destroy();
    },
  };
}

/** The demo users with fixed ids, as the local stack's Cognito would return them. */
export function testDemoUsers(): Record<DemoUserKey, DemoUserIds> {
  return Object.fromEntries(
    DEMO_USERS.map((user, index) => [
      user.key,
      { userId: `00000000-0000-4000-8000-00000000000${index}`, email: user.email, fullName: user.fullName },
    ]),
  ) as Record<DemoUserKey, DemoUserIds>;
}
