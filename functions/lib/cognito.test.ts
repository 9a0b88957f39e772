import { AdminGetUserCommand, CognitoIdentityProviderClient, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
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

  it('lets any other failure through', async () => {
    cognito.on(AdminGetUserCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));

    await expect(directory().getUser('someone@leasedesk.com')).rejects.toThrow('Rate exceeded');
  });
});
