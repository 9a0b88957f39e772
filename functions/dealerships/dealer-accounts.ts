/**
 * Dealer accounts in the user pool, behind a small port so the service can be tested without Cognito. An account
 * is created by an admin with AdminCreateUser: Cognito generates the temporary password and e-mails it with its
 * invitation message (locally the compatibility layer generates one that meets the policy and cognito-local's
 * delivery puts the message in the local mailbox); the dealer must choose a new password at first sign-in.
 * The dealership is not stored in Cognito: the table's user item holds it, and every dealer route reads it there.
 *
 * The SDK is imported on first use, so the read routes of this feature do not load it at cold start.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient, cognitoSdk, deleteUserIfPresent, isCognitoValidationError } from '@functions/lib/cognito';
import { config } from '@functions/lib/config';

export type CreateAccountOutcome = { created: true; userId: string } | { created: false; reason: 'exists' | 'invalid' };

export interface DealerAccounts {
  /** Creates the account in the dealer group and sends the invitation with the temporary password. */
  create(input: { email: string; fullName: string }): Promise<CreateAccountOutcome>;
  /** Deletes the account (its refresh tokens die with it); an account that is already gone is not an error. */
  delete(userId: string): Promise<void>;
}

export function cognitoDealerAccounts(
  client?: CognitoIdentityProviderClient,
  userPoolId: () => string = () => config.userPoolId,
): DealerAccounts {
  const getClient = () => cognitoClient(client);
  return {
    async create({ email, fullName }) {
      const sdk = await cognitoSdk();
      const cognito = await getClient();
      let userId: string | undefined;
      try {
        const { User } = await cognito.send(
          new sdk.AdminCreateUserCommand({
            UserPoolId: userPoolId(),
            Username: email,
            DesiredDeliveryMediums: ['EMAIL'],
            UserAttributes: [
              { Name: 'email', Value: email },
              // The admin vouches for the address: the invitation itself proves it reaches the dealer.
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: fullName },
            ],
          }),
        );
        userId = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? User?.Username;
      } catch (error) {
        if ((error as Error).name === 'UsernameExistsException') return { created: false, reason: 'exists' };
        if (isCognitoValidationError(error)) return { created: false, reason: 'invalid' };
        throw error;
      }
      if (!userId) throw new Error('AdminCreateUser returned no user id');
      try {
        await cognito.send(
          new sdk.AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: email, GroupName: 'dealer' }),
        );
      } catch (error) {
        // An account without its group would be a login with no role: undo it rather than leave it behind.
        await this.delete(userId).catch(() => undefined);
        throw error;
      }
      return { created: true, userId };
    },

    async delete(userId) {
      await deleteUserIfPresent(await getClient(), userPoolId(), userId);
    },
  };
}
