import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@shared/auth/roles';
import type { PoolUser, UserDirectory } from '@functions/lib/cognito';
import { GLOBAL_SCOPE } from '@functions/domain/counters/counters';
import { createTestTable, type TestTable } from '@test/support/test-table';
import { createPostConfirmationHandler, type LicenceFiles } from './post-confirmation';

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

/** An in-memory licences bucket: object keys and their content. */
function memoryLicences(objects: Record<string, string> = {}) {
  const files = new Map(Object.entries(objects));
  const licences: LicenceFiles = {
    copy: async (from, to) => {
      const content = files.get(from);
      if (content === undefined) return false;
      files.set(to, content);
      return true;
    },
    remove: async (key) => {
      files.delete(key);
    },
  };
  return { licences, files };
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
      licences: memoryLicences().licences,
      clock: () => NOW,
    }));
    const event = confirmation();

    const returned = await handler(event);
    await data.users.recordLicenceDocument('sub-42', 'sub-42/license.png');
    await handler(confirmation());

    expect(returned).toBe(event);
    expect(new Set(poolsAsked)).toEqual(new Set([event.userPoolId]));
    expect([...(groups.get('sub-42') ?? [])]).toEqual(['broker']);
    expect(await data.users.get('sub-42')).toMatchObject({
      role: 'broker',
      fullName: 'New Broker',
      email: 'new.broker@leasedesk.com',
    });
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
    const handler = createPostConfirmationHandler(() => ({
      directory: () => directory,
      data,
      licences: memoryLicences().licences,
      clock: () => NOW,
    }));

    await handler({
      ...confirmation('PostConfirmation_ConfirmForgotPassword'),
      userName: 'other',
      request: { userAttributes: { sub: 'other', email: 'o@leasedesk.com' } },
    });

    expect(groups.size).toBe(0);
    expect(await data.users.get('other')).toBeNull();
  });

  const signUp = (userId: string) =>
    ({
      ...confirmation(),
      userName: userId,
      request: { userAttributes: { sub: userId, email: `${userId}@leasedesk.com`, name: 'Licence Holder' } },
    }) as PostConfirmationTriggerEvent;

  it("moves the sign-up's licence out of the expiring pending/ prefix and records its final key", async () => {
    const { data } = testTable;
    const { licences, files } = memoryLicences({ 'pending/sub-lic/license.pdf': '%PDF' });
    await data.users.recordLicenceDocument('sub-lic', 'pending/sub-lic/license.pdf');
    const handler = createPostConfirmationHandler(() => ({
      directory: () => memoryDirectory().directory,
      data,
      licences,
      clock: () => NOW,
    }));

    await handler(signUp('sub-lic'));

    expect([...files.keys()]).toEqual(['sub-lic/license.pdf']);
    expect(await data.users.getBrokerProfile('sub-lic')).toMatchObject({
      licenseDocumentUrl: 'sub-lic/license.pdf',
      isApproved: false,
    });
  });

  it('leaves the record alone when the licence was never uploaded (a failed upload at sign-up is ignored)', async () => {
    const { data } = testTable;
    const { licences, files } = memoryLicences();
    await data.users.recordLicenceDocument('sub-noupload', 'pending/sub-noupload/license.png');
    const handler = createPostConfirmationHandler(() => ({
      directory: () => memoryDirectory().directory,
      data,
      licences,
      clock: () => NOW,
    }));

    await handler(signUp('sub-noupload'));

    expect(files.size).toBe(0);
    expect((await data.users.getBrokerProfile('sub-noupload'))?.licenseDocumentUrl).toBe('pending/sub-noupload/license.png');
  });

  it('finishes on the retry when deleting the pending file failed, with the final key recorded once', async () => {
    const { data } = testTable;
    const { licences, files } = memoryLicences({ 'pending/sub-retry/license.jpg': 'jpg' });
    let failures = 1;
    const flaky: LicenceFiles = {
      copy: licences.copy,
      remove: async (key) => {
        if (failures-- > 0) throw new Error('S3 is briefly unavailable');
        await licences.remove(key);
      },
    };
    await data.users.recordLicenceDocument('sub-retry', 'pending/sub-retry/license.jpg');
    const handler = createPostConfirmationHandler(() => ({
      directory: () => memoryDirectory().directory,
      data,
      licences: flaky,
      clock: () => NOW,
    }));

    await expect(handler(signUp('sub-retry'))).rejects.toThrow('S3 is briefly unavailable');
    await handler(signUp('sub-retry'));

    expect((await data.users.getBrokerProfile('sub-retry'))?.licenseDocumentUrl).toBe('sub-retry/license.jpg');
    // The stray pending copy is the bucket's one-day expiry's to remove; the final file is in place.
    expect(files.get('sub-retry/license.jpg')).toBe('jpg');
    expect((await data.counters.get(GLOBAL_SCOPE)).brokers).toBeGreaterThanOrEqual(1);
  });

  it("never moves a pending key that is not the confirmed user's own", async () => {
    const { data } = testTable;
    const { licences, files } = memoryLicences({ 'pending/someone-else/license.pdf': '%PDF' });
    await data.users.recordLicenceDocument('sub-foreign', 'pending/someone-else/license.pdf');
    const handler = createPostConfirmationHandler(() => ({
      directory: () => memoryDirectory().directory,
      data,
      licences,
      clock: () => NOW,
    }));

    await handler(signUp('sub-foreign'));

    expect([...files.keys()]).toEqual(['pending/someone-else/license.pdf']);
  });

  it('removes the TTL of a licence recorded before confirmation: a confirmed broker profile is kept forever', async () => {
    const { data, readItem } = testTable;
    const { directory } = memoryDirectory();
    const handler = createPostConfirmationHandler(() => ({
      directory: () => directory,
      data,
      licences: memoryLicences().licences,
      clock: () => NOW,
    }));
    await data.users.recordLicenceDocument('sub-77', 'sub-77/license.pdf', { pendingSince: NOW });
    expect(await readItem({ pk: 'USER#sub-77', sk: 'BROKER' })).toHaveProperty('expiresAt');

    await handler({
      ...confirmation(),
      userName: 'sub-77',
      request: { userAttributes: { sub: 'sub-77', email: 'seven@leasedesk.com' } },
    });

    const profile = await readItem({ pk: 'USER#sub-77', sk: 'BROKER' });
    expect(profile).toMatchObject({ licenseDocumentUrl: 'sub-77/license.pdf', createdAt: NOW.toISOString() });
    expect(profile).not.toHaveProperty('expiresAt');
  });
});
