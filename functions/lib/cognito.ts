/**
 * The few Cognito user-pool calls the functions make, behind a small port so that the services using them can
 * be exercised without a user pool (and, locally, against cognito-local through the same SDK calls), and what the
 * features' own account ports share: the SDK and client, the error checks and the delete that ignores a missing user.
 *
 * The Cognito SDK client is imported on the first call, not with the module: a feature's routes that never call
 * Cognito do not pay for loading it at cold start (docs/decisions.md, "Lambdas").
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@shared/auth/roles';
import { config } from './config';
import { lazy } from './lazy';

/** The SDK module, imported on the first call that needs it. */
export const cognitoSdk = lazy(() => import('@aws-sdk/client-cognito-identity-provider'));
/** One client per container, shared by every port that was not given its own. */
const sharedClient = lazy(async () => new (await cognitoSdk()).CognitoIdentityProviderClient({}));

/** The client a port was given (tests, a caller with its own region), else the container's shared one. */
export async function cognitoClient(given?: CognitoIdentityProviderClient): Promise<CognitoIdentityProviderClient> {
  return given ?? (await sharedClient());
}

/**
 * Cognito's answers to a request whose parameters it refuses (a username over 128 characters, a malformed
 * value): the caller's input, never a server fault, so callers turn them into a 4xx.
 */
const VALIDATION_ERRORS = new Set(['InvalidParameterException', 'ValidationException']);

export function isCognitoValidationError(error: unknown): boolean {
  return error instanceof Error && VALIDATION_ERRORS.has(error.name);
}

/** Cognito's answer for a username the pool does not have. */
export function isUserNotFoundError(error: unknown): boolean {
  return (error as { name?: unknown } | null | undefined)?.name === 'UserNotFoundException';
}

/**
 * Deletes the user (their refresh tokens die with them); one that is already gone is not an error, so a retry or
 * the undo of a half-made account never fails on it.
 */
export async function deleteUserIfPresent(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
  username: string,
): Promise<void> {
  const { AdminDeleteUserCommand } = await cognitoSdk();
  try {
    await client.send(new AdminDeleteUserCommand({ UserPoolId: userPoolId, Username: username }));
  } catch (error) {
    if (!isUserNotFoundError(error)) throw error;
  }
}

export interface PoolUser {
  username: string;
  sub: string | undefined;
  status: string | undefined;
  createdAt: Date | undefined;
}

export interface UserDirectory {
  /** The user whose username (or e-mail alias) is `username`, or null when there is none (or none can have that name). */
  getUser(username: string): Promise<PoolUser | null>;
  addToGroup(username: string, group: Role): Promise<void>;
}

export function cognitoUserDirectory(
  client?: CognitoIdentityProviderClient,
  userPoolId: () => string = () => config.userPoolId,
): UserDirectory {
  const getClient = () => cognitoClient(client);
  return {
    async getUser(username) {
      const { AdminGetUserCommand } = await cognitoSdk();
      try {
        const user = await (await getClient()).send(new AdminGetUserCommand({ UserPoolId: userPoolId(), Username: username }));
        return {
          username: user.Username ?? username,
          sub: user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value,
          status: user.UserStatus,
          createdAt: user.UserCreateDate,
        };
      } catch (error) {
        if (isUserNotFoundError(error)) return null;
        // A name Cognito refuses as a username cannot belong to any user.
        if (isCognitoValidationError(error)) return null;
        throw error;
      }
    },
    async addToGroup(username, group) {
      const { AdminAddUserToGroupCommand } = await cognitoSdk();
      await (
        await getClient()
      ).send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId(), Username: username, GroupName: group }));
    },
  };
}
