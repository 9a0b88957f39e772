/**
 * The demo logins of DEMO_USERS, created in the local user pool the way an admin would create them: through the
 * Cognito admin API of the compatibility layer (so the password policy applies), e-mail verified, permanent
 * password, one group each. Idempotent: a user that exists keeps its id and gets its password and group again.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_PASSWORD, DEMO_USERS, LOCAL_CREDENTIALS, LOCAL_REGION, type DemoUserIds, type DemoUserKey } from './config';

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS });
}

async function userSub(client: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string | undefined> {
  const { Users } = await client.send(new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"`, Limit: 1 }));
  return Users?.[0]?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
}

export async function createDemoUsers(
  client: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<Record<DemoUserKey, DemoUserIds>> {
  const users = {} as Record<DemoUserKey, DemoUserIds>;
  for (const demo of DEMO_USERS) {
    let sub = await userSub(client, userPoolId, demo.email);
    if (!sub) {
      const created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId: userPoolId,
          Username: demo.email,
          MessageAction: 'SUPPRESS',
          UserAttributes: [
            { Name: 'email', Value: demo.email },
            { Name: 'email_verified', Value: 'true' },
            { Name: 'name', Value: demo.fullName },
          ],
        }),
      );
      sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    }
    if (!sub) throw new Error(`The local user pool returned no id for ${demo.email}`);
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: demo.email, Password: DEMO_PASSWORD, Permanent: true }),
    );
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: demo.email, GroupName: demo.role }));
    users[demo.key] = { userId: sub, email: demo.email, fullName: demo.fullName };
  }
  return users;
}
