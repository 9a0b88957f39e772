import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../shared/auth/roles';
import type { PoolUser, UserDirectory } from '../lib/cognito';
import { GLOBAL_SCOPE } from '@functions/lib/data/stores/counters';
import { createTestTable, type TestTable } from '@test/support/test-table';
import { createPostConfirmationHandler } from './post-confirmation';

const NOW = new Date('2026-03-10T15:00:00.000Z');

/** An in-memory user directory: the port the handler talks to (the real Cognito calls run in the stack suites). */
function memoryDirectory() {
  const groups = new Map<string, Set<Role>>();
  const directory: UserDirectory = {
    getUser: async (): Promise<PoolUser | null> => null,
    addToGroup: async (username, group) => {
      groups.set(username, (groups.get(username) ?? new Set()).add(group));
    },
  };
  return { directory, groups };
}

const confirmation = (triggerSource = 'PostConfirmation_ConfirmSignUp') =>
  ({
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_LeaseDesk1',
    userName: 'sub-42',
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: { userAttributes: { sub: 'sub-42', email: 'new.broker@leasedesk.com', name: 'New Broker' } },
    response: {},
  }) as PostConfirmationTriggerEvent;

describe('the PostConfirmation trigger', () => {
  let testTable: TestTable;
  beforeAll(async () => {
    testTable = await createTestTable('postconfirm');
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('makes a confirmed sign-up a broker pending approval, once, however often Cognito retries', async () => {
    const { data } = testTable;
    const { directory, groups } = memoryDirectory();
    const poolsAsked: string[] = [];
    const handler = createPostConfirmationHandler(() => ({
      directory: (userPoolId) => (poolsAsked.push(userPoolId), directory),
      data,
      clock: () => NOW,
    }));
    const event = confirmation();

    const returned = await handler(event);
    await data.users.recordLicenceDocument('sub-42', 'sub-42/license.png');
    await handler(confirmation());

    expect(returned).toBe(event);
    expect(new Set(poolsAsked)).toEqual(new Set([event.userPoolId]));
    expect([...(groups.get('sub-42') ?? [])]).toEqual(['broker']);
    expect(await data.users.get('sub-42')).toMatchObject({ role: 'broker', fullName: 'New Broker', email: 'new.broker@leasedesk.com' });
    expect(await data.users.getBrokerProfile('sub-42')).toMatchObject({
      isApproved: false,
      isLicensed: false,
      licenseDocumentUrl: 'sub-42/license.png',
      createdAt: NOW.toISOString(),
    });
    expect((await data.counters.get(GLOBAL_SCOPE)).brokers).toBe(1);
  });

  it('leaves a forgotten-password confirmation alone', async () => {
    const { data } = testTable;
    const { directory, groups } = memoryDirectory();
    const handler = createPostConfirmationHandler(() => ({ directory: () => directory, data, clock: () => NOW }));

    await handler({ ...confirmation('PostConfirmation_ConfirmForgotPassword'), userName: 'other', request: { userAttributes: { sub: 'other', email: 'o@leasedesk.com' } } });

    expect(groups.size).toBe(0);
    expect(await data.users.get('other')).toBeNull();
  });
  it('removes the TTL of a licence recorded before confirmation: a confirmed broker profile is kept forever', async () => {
    const { data, readItem } = testTable;
    const { directory } = memoryDirectory();
    const handler = createPostConfirmationHandler(() => ({ directory: () => directory, data, clock: () => NOW }));
    await data.users.recordLicenceDocument('sub-77', 'sub-77/license.pdf', { pendingSince: NOW });
    expect(await readItem({ pk: 'USER#sub-77', sk: 'BROKER' })).toHaveProperty('expiresAt');

    await handler({ ...confirmation(), userName: 'sub-77', request: { userAttributes: { sub: 'sub-77', email: 'seven@leasedesk.com' } } });

    const profile = await readItem({ pk: 'USER#sub-77', sk: 'BROKER' });
    expect(profile).toMatchObject({ licenseDocumentUrl: 'sub-77/license.pdf', createdAt: NOW.toISOString() });
    expect(profile).not.toHaveProperty('expiresAt');
  });
});
