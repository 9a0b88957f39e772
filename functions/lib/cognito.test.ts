import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { cognitoUserDirectory } from './cognito';

// Only faults are injected here; the real calls run against the local stack (functions/auth/signup.int.test.ts).
const cognito = mockClient(CognitoIdentityProviderClient);
const directory = () => cognitoUserDirectory(new CognitoIdentityProviderClient({ region: 'us-east-1' }), () => 'us-east-1_Test');

describe('cognitoUserDirectory.getUser', () => {
  afterEach(() => cognito.reset());

  it('answers null for a user the pool does not have', async () => {
    cognito.on(AdminGetUserCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', $metadata: {} }));

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
