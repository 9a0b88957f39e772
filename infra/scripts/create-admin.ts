/**
 * Creates (or repairs) an administrator of a deployed stage: the Cognito user with a verified e-mail and a permanent
 * password, in the `admin` group, and the admin's user record in the stage table. Admins cannot sign up themselves
 * (PreSignUp makes every self sign-up a broker), so the first admin of a stage comes from here.
 *
 *   ADMIN_PASSWORD='...' npx tsx infra/scripts/create-admin.ts --stage dev --email alex@leasedesk.com --name "Alex Morgan"
 *
 * Uses the AWS credentials and region of the environment (AWS_PROFILE, AWS_REGION). Without ADMIN_PASSWORD the
 * password is asked for on the terminal. Running it again for the same e-mail resets the password and re-adds the
 * group; the user record is kept.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUserPoolsCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { createData } from '@infra/data/create-data';
import { emailSchema, passwordSchema } from '@shared/auth/schemas';
import { isStageName } from '../stacks/config';
import { PRODUCT, tableName } from '../stacks/names';

const USAGE = 'Usage: npx tsx infra/scripts/create-admin.ts --stage dev|prod --email <address> --name "<full name>"';

async function findUserPoolId(cognito: CognitoIdentityProviderClient, poolName: string): Promise<string> {
  let nextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken: nextToken }));
    const pool = page.UserPools?.find((candidate) => candidate.Name === poolName);
    if (pool?.Id) return pool.Id;
    nextToken = page.NextToken;
  } while (nextToken);
  throw new Error(`No user pool named ${poolName} in this account and region: is the auth stack deployed here?`);
}

async function existingSub(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<string | undefined> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

/** Reads a line from the terminal without echoing it. */
async function askHidden(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write(question);
  output._writeToOutput = () => undefined;
  try {
    return await rl.question('');
  } finally {
    rl.close();
    process.stdout.write('\n');
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { stage: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' } },
  });
  if (!isStageName(values.stage) || !values.email || !values.name?.trim()) throw new Error(USAGE);
  const stage = values.stage;
  const email = emailSchema.parse(values.email);
  const fullName = values.name.trim();

  const passwordInput = process.env.ADMIN_PASSWORD ?? (await askHidden(`Password for ${email}: `));
  const password = passwordSchema.safeParse(passwordInput);
  if (!password.success) throw new Error(password.error.issues.map((issue) => issue.message).join('\n'));

  const cognito = new CognitoIdentityProviderClient({});
  const userPoolId = await findUserPoolId(cognito, `${PRODUCT}-${stage}`);

  let sub = await existingSub(cognito, userPoolId, email);
  if (!sub) {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: fullName },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error(`Cognito returned no id for ${email}`);

  await cognito.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: email, Password: password.data, Permanent: true }),
  );
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: email, GroupName: 'admin' }));

  const data = createData({ table: tableName(stage) });
  const recordCreated = await data.users.create({ userId: sub, role: 'admin', fullName, email }, new Date());
  const record = recordCreated ? undefined : await data.users.get(sub);
  if (record && record.role !== 'admin') {
    throw new Error(
      `${email} is in the admin group now, but its user record says ${record.role}; fix the record before relying on it.`,
    );
  }

  console.log(`${email} is an admin of ${stage} (user ${sub}, pool ${userPoolId}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
