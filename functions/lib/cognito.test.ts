import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { cognitoUserDirectory, deleteUserIfPresent, isUserNotFoundError } from './cognito';

// Only faults are injected here; the real calls run against the local stack (functions/auth/signup.int.test.ts).
const cognito = mockClient(CognitoIdentityProviderClient);
const client = () => new CognitoIdentityProviderClient({ region: 'us-east-1' });
const directory = () => cognitoUserDirectory(client(), () => 'us-east-1_Test');
const notFound = () => new UserNotFoundException({ message: 'User does not exist.', $metadata: {} });

describe('cognitoUserDirectory.getUser', () => {
  afterEach(() => cognito.reset());

  it('answers null for a user the pool does not have', async () => {
    cognito.on(AdminGetUserCommand).rejects(notFound());

    expect(await directory().getUser('nobody@leasedesk.com')).toBeNull();
  });

  it('answers null for a name Cognito refuses as a username (over 128 characters), so the route answers 4xx, not 500', async () => {
    cognito
      .on(AdminGetUserCommand)
      .rejects(
        Object.assign(
          new Error(
            "1 validation error detected: Value at 'username' failed to satisfy constraint: Member must have length less than or equal to 128",
          ),
          { name: 'InvalidParameterException' },
        ),
      );

    expect(await directory().getUser(`${'a'.repeat(130)}@leasedesk.com`)).toBeNull();
  });

  it('lets any other failure through', async () => {
    cognito.on(AdminGetUserCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));

    await expect(directory().getUser('someone@leasedesk.com')).rejects.toThrow('Rate exceeded');
  });
});

describe('deleteUserIfPresent', () => {
  afterEach(() => cognito.reset());

  it('deletes the user from the pool', async () => {
    cognito.on(AdminDeleteUserCommand).resolves({});

    await deleteUserIfPresent(client(), 'us-east-1_Test', 'user-1');

    expect(cognito.commandCalls(AdminDeleteUserCommand).map((call) => call.args[0].input)).toEqual([
      { UserPoolId: 'us-east-1_Test', Username: 'user-1' },
    ]);
  });

  it('treats a user that is already gone as deleted', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(notFound());

    await expect(deleteUserIfPresent(client(), 'us-east-1_Test', 'user-1')).resolves.toBeUndefined();
  });

  it('lets any other failure through', async () => {
    cognito.on(AdminDeleteUserCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));

    await expect(deleteUserIfPresent(client(), 'us-east-1_Test', 'user-1')).rejects.toThrow('Rate exceeded');
  });
});

describe('isUserNotFoundError', () => {
  it("recognises Cognito's missing-user answer by its name, and nothing else", () => {
    expect(isUserNotFoundError(notFound())).toBe(true);
    expect(isUserNotFoundError(Object.assign(new Error('gone'), { name: 'UserNotFoundException' }))).toBe(true);
    expect(isUserNotFoundError(new Error('User does not exist.'))).toBe(false);
    expect(isUserNotFoundError(undefined)).toBe(false);
  });
});
