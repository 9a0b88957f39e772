/**
 * Dealer accounts in the user pool, behind a small port so the service can be tested without Cognito. An account
 * is created by an admin with AdminCreateUser: Cognito generates the temporary password and e-mails it with its
 * invitation message, written by the CustomMessage trigger (functions/auth/custom-message.ts: product, dealership,
 * sign-in link, password to change at first sign-in); the dealership's name reaches it as ClientMetadata. Locally
 * the compatibility layer generates a password that meets the policy and the message goes to the local mailbox.
 * The dealership is not stored in Cognito: the table's user item holds it, and every dealer route reads it there.
 *
 * Making a login is resumable (docs/security.md, "Dealer logins"): nothing is deleted when a later step fails.
 * `adopt` takes over an account an earlier, interrupted add of the same login left behind, and finishes it.
 *
 * The SDK is imported on first use, so the read routes of this feature do not load it at cold start.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  cognitoClient,
  cognitoSdk,
  deleteUserIfPresent,
  isCognitoValidationError,
  isUserNotFoundError,
} from '@functions/lib/cognito';
import { config } from '@functions/lib/config';

export type CreateAccountOutcome = { created: true; userId: string } | { created: false; reason: 'exists' | 'invalid' };

/** The ClientMetadata key under which the invitation message finds the dealership's name. */
export const DEALERSHIP_NAME_METADATA = 'dealershipName';

export interface DealerAccounts {
  /** Creates the account in the dealer group and sends the invitation with the temporary password. */
  create(input: { email: string; fullName: string; dealershipName: string }): Promise<CreateAccountOutcome>;
  /**
   * Takes over the account of `email` that an interrupted add left behind, and puts it in the dealer group. Only an
   * account made by AdminCreateUser and never signed in to (FORCE_CHANGE_PASSWORD), in no group but dealer, and
   * `isUnclaimed` (no user item in the table: nobody uses it) is taken; anything else `exists`.
   */
  adopt(input: { email: string; isUnclaimed: (userId: string) => Promise<boolean> }): Promise<CreateAccountOutcome>;
  /** Deletes the account (its refresh tokens die with it); an account that is already gone is not an error. */
  delete(userId: string): Promise<void>;
}

export function cognitoDealerAccounts(
  client?: CognitoIdentityProviderClient,
  userPoolId: () => string = () => config.userPoolId,
): DealerAccounts {
  const getClient = () => cognitoClient(client);
  const addToDealers = async (email: string) => {
    const sdk = await cognitoSdk();
    await (
      await getClient()
    ).send(new sdk.AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: email, GroupName: 'dealer' }));
  };
  return {
    async create({ email, fullName, dealershipName }) {
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
            ClientMetadata: { [DEALERSHIP_NAME_METADATA]: dealershipName },
          }),
        );
        userId = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value ?? User?.Username;
      } catch (error) {
        if ((error as Error).name === 'UsernameExistsException') return { created: false, reason: 'exists' };
        if (isCognitoValidationError(error)) return { created: false, reason: 'invalid' };
        throw error;
      }
      if (!userId) throw new Error('AdminCreateUser returned no user id');
      // A failure here leaves an account without its group: the claim names it, and the admin's retry adopts it.
      await addToDealers(email);
      return { created: true, userId };
    },

    async adopt({ email, isUnclaimed }) {
      const sdk = await cognitoSdk();
      const cognito = await getClient();
      let found;
      try {
        found = await cognito.send(new sdk.AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
      } catch (error) {
        if (isUserNotFoundError(error)) return { created: false, reason: 'invalid' };
        throw error;
      }
      const userId = found.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      if (!userId || found.UserStatus !== 'FORCE_CHANGE_PASSWORD') return { created: false, reason: 'exists' };
      // By the pool's own user name (cognito-local lists a user's groups by it only, not by the e-mail alias).
      const { Groups } = await cognito.send(
        new sdk.AdminListGroupsForUserCommand({ UserPoolId: userPoolId(), Username: found.Username ?? email }),
      );
      if ((Groups ?? []).some((group) => group.GroupName !== 'dealer')) return { created: false, reason: 'exists' };
      if (!(await isUnclaimed(userId))) return { created: false, reason: 'exists' };
      await addToDealers(email);
      return { created: true, userId };
    },

    async delete(userId) {
      await deleteUserIfPresent(await getClient(), userPoolId(), userId);
    },
  };
}
