/**
 * Consumer accounts in the user pool, behind a small port so the service can be tested without Cognito. An account
 * is created server-side when an invitation is accepted, with the password the consumer chose:
 * AdminCreateUser (no message: the consumer is on the sign-up page), AdminSetUserPassword (permanent, so the
 * consumer signs in at once with no "new password" challenge), AdminAddUserToGroup consumer. These three admin calls
 * behave the same on real Cognito and on cognito-local behind the compatibility layer, which also applies the pool's
 * password policy to AdminSetUserPassword (infra/local/cognito-compat.ts). An account left half made is deleted.
 *
 * The SDK is imported on first use, so the invitation routes that never create an account do not load it.
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

export type CreateConsumerOutcome =
  { created: true; userId: string } | { created: false; reason: 'exists' | 'invalid-password' | 'invalid' };

export interface ConsumerAccounts {
  /** `verifiedPhone`: the phone an SMS invitation reached (E.164), stored verified so a reset code can be texted to it. */
  create(input: {
    email: string;
    fullName: string;
    password: string;
    emailVerified: boolean;
    verifiedPhone?: string | null;
  }): Promise<CreateConsumerOutcome>;
  /**
   * Takes over the account an interrupted accept of the same invitation left behind (created, perhaps without its
   * password or group; the service knows it from the invitation's `accountEmail`). Only an account made by an admin
   * call (FORCE_CHANGE_PASSWORD, or CONFIRMED once its password was set; never a self sign-up) that
   * `isUnclaimed` (no user item in the table, so nobody uses it) is taken: the password chosen now and the consumer
   * group are set. Anything else still `exists`.
   */
  adopt(input: {
    email: string;
    password: string;
    isUnclaimed: (userId: string) => Promise<boolean>;
  }): Promise<CreateConsumerOutcome>;
  /** Deletes the account; one that is already gone is not an error. */
  delete(userId: string): Promise<void>;
}

export function cognitoConsumerAccounts(
  client?: CognitoIdentityProviderClient,
  userPoolId: () => string = () => config.userPoolId,
): ConsumerAccounts {
  const getClient = () => cognitoClient(client);
  /** The password the consumer chose (permanent: no "new password" challenge) and the consumer group. */
  const finish = async (email: string, password: string) => {
    const sdk = await cognitoSdk();
    const cognito = await getClient();
    await cognito.send(
      new sdk.AdminSetUserPasswordCommand({ UserPoolId: userPoolId(), Username: email, Password: password, Permanent: true }),
    );
    await cognito.send(new sdk.AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: email, GroupName: 'consumer' }));
  };
  return {
    async create({ email, fullName, password, emailVerified, verifiedPhone }) {
      const sdk = await cognitoSdk();
      const cognito = await getClient();
      let userId: string | undefined;
      try {
        const { User } = await cognito.send(
          new sdk.AdminCreateUserCommand({
            UserPoolId: userPoolId(),
            Username: email,
            MessageAction: 'SUPPRESS',
            UserAttributes: [
              { Name: 'email', Value: email },
              // Verified only when it is the address the invitation reached (docs/decisions.md "Consumers").
              { Name: 'email_verified', Value: String(emailVerified) },
              { Name: 'name', Value: fullName },
              // The phone an SMS invitation reached: verified, so Cognito texts a forgotten password's code there
              // (the pool's account recovery: a verified e-mail first, else a verified phone).
              ...(verifiedPhone
                ? [
                    { Name: 'phone_number', Value: verifiedPhone },
                    { Name: 'phone_number_verified', Value: 'true' },
                  ]
                : []),
            ],
          }),
        );
        userId = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      } catch (error) {
        const name = (error as Error).name;
        if (name === 'UsernameExistsException' || name === 'AliasExistsException') return { created: false, reason: 'exists' };
        if (isCognitoValidationError(error)) return { created: false, reason: 'invalid' };
        throw error;
      }
      if (!userId) throw new Error('AdminCreateUser returned no user id');
      try {
        await finish(email, password);
      } catch (error) {
        // A login without its password or group would be an account nobody can use: undo it.
        await this.delete(userId).catch(() => undefined);
        if ((error as Error).name === 'InvalidPasswordException') return { created: false, reason: 'invalid-password' };
        throw error;
      }
      return { created: true, userId };
    },

    async adopt({ email, password, isUnclaimed }) {
      const sdk = await cognitoSdk();
      let found;
      try {
        found = await (await getClient()).send(new sdk.AdminGetUserCommand({ UserPoolId: userPoolId(), Username: email }));
      } catch (error) {
        if (isUserNotFoundError(error)) return { created: false, reason: 'invalid' };
        throw error;
      }
      const userId = found.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
      const madeByAdmin = found.UserStatus === 'FORCE_CHANGE_PASSWORD' || found.UserStatus === 'CONFIRMED';
      if (!userId || !madeByAdmin || !(await isUnclaimed(userId))) return { created: false, reason: 'exists' };
      try {
        await finish(email, password);
      } catch (error) {
        if ((error as Error).name === 'InvalidPasswordException') return { created: false, reason: 'invalid-password' };
        throw error;
      }
      return { created: true, userId };
    },

    async delete(userId) {
      await deleteUserIfPresent(await getClient(), userPoolId(), userId);
    },
  };
}
