import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupLicenceRequestSchema } from '@shared/auth/api';
import { UNCONFIRMED_PROFILE_LIFETIME_SECONDS } from '@functions/domain/users/users';
import { createTestTable, type TestTable } from '@test/support/test-table';
import type { UserDirectory } from '@functions/lib/cognito';
import { createPostConfirmationHandler } from './post-confirmation';
import { presignSignupLicence } from './signup-licence';

const NOW = new Date('2026-03-10T15:00:00.000Z');
const SUB = '11111111-2222-4333-8444-555555555555';

/** The sign-up the route checks lives in Cognito: a directory that finds it fresh and unconfirmed. */
const directory: UserDirectory = {
  getUser: async (username) => ({ username, sub: SUB, status: 'UNCONFIRMED', createdAt: new Date(NOW.getTime() - 60_000) }),
  addToGroup: async () => {},
};
// Presigning is local computation: the client needs only a region and credentials.
const s3 = new S3Client({ region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const request = signupLicenceRequestSchema.parse({
  email: 'new.broker@leasedesk.com',
  userSub: SUB,
  fileName: 'licence.pdf',
  contentType: 'application/pdf',
  size: 120_000,
});
const profileKey = { pk: `USER#${SUB}`, sk: 'BROKER' };

describe('the licence recorded by POST /auth/signup-licence', () => {
  let testTable: TestTable;
  beforeAll(async () => {
    testTable = await createTestTable('signuplicence');
  });
  afterAll(async () => {
    await testTable?.drop();
  });

  it('expires (TTL) one day after it is recorded while the sign-up is unconfirmed, and is kept once the sign-up is confirmed', async () => {
    const { data, readItem } = testTable;

    await presignSignupLicence(request, { directory, data, s3, licencesBucket: 'licences' }, NOW);

    const pending = await readItem(profileKey);
    expect(pending?.licenseDocumentUrl).toEqual(expect.stringContaining(SUB));
    expect(pending?.expiresAt).toBe(NOW.getTime() / 1000 + UNCONFIRMED_PROFILE_LIFETIME_SECONDS);
    expect(await data.users.listBrokers(false)).toEqual([]);

    // No file was uploaded in this test, so the confirmation leaves the recorded key where it is.
    const noFile = { copy: async () => false, remove: async () => {} };
    const confirm = createPostConfirmationHandler(() => ({
      directory: () => directory,
      data,
      licences: noFile,
      clock: () => NOW,
    }));
    await confirm({
      version: '1',
      region: 'us-east-1',
      userPoolId: 'us-east-1_LeaseDesk1',
      userName: SUB,
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      callerContext: { awsSdkVersion: '3', clientId: 'client' },
      request: { userAttributes: { sub: SUB, email: 'new.broker@leasedesk.com', name: 'New Broker' } },
      response: {},
    });

    const confirmed = await readItem(profileKey);
    expect(confirmed).not.toHaveProperty('expiresAt');
    expect(confirmed).toMatchObject({
      licenseDocumentUrl: pending?.licenseDocumentUrl,
      isApproved: false,
      createdAt: NOW.toISOString(),
    });
    expect((await data.users.listBrokers(false)).map((profile) => profile.userId)).toEqual([SUB]);
  });

  it('never puts a TTL on a profile that is already confirmed (a late licence record keeps the profile forever)', async () => {
    const { data, readItem } = testTable;

    await data.users.recordLicenceDocument(SUB, `${SUB}/late.pdf`, { pendingSince: NOW });

    const profile = await readItem(profileKey);
    expect(profile).toMatchObject({ licenseDocumentUrl: `${SUB}/late.pdf`, createdAt: NOW.toISOString() });
    expect(profile).not.toHaveProperty('expiresAt');
  });
});
