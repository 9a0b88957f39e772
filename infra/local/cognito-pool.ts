/**
 * The files cognito-local reads from its working directory: `.cognito/config.json` (trigger Lambda client, token
 * issuer, port) and, on first start, the user pool and app client, created with production-shaped ids so that
 * the web app, the functions and aws-jwt-verify need no local special case. Formats verified against
 * cognito-local 5.3 (services/cognitoService.js, userPoolService.js, dataStore/stormDb.js).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { USER_POOL_AWS_DEFAULTS } from 'cognito-local/lib/services/cognitoService';
import { ROLES } from '@shared/auth/roles';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './config';
import { USER_POOL_PASSWORD_POLICY } from './password-policy';
import { ACCOUNT_RECOVERY_MECHANISMS } from './cognito-recovery';

/**
 * The names cognito-local gives the trigger functions it invokes. They are the trigger names because Cognito's
 * error for a failing trigger is "<Trigger> failed with error <message>." and cognito-local puts the function
 * name there; the Lambda-invoke endpoint maps each name to its handler.
 */
export const TRIGGER_FUNCTIONS = {
  PreSignUp: 'PreSignUp',
  PostConfirmation: 'PostConfirmation',
  CustomMessage: 'CustomMessage',
} as const;
export type TriggerName = keyof typeof TRIGGER_FUNCTIONS;

export interface CognitoLocalSetup {
  /** cognito-local's working directory. */
  dir: string;
  userPoolId: string;
  clientId: string;
  /** Port cognito-local listens on. */
  upstreamPort: number;
  /** Port of the compatibility layer: the token issuer is http://localhost:<issuerPort>/<pool id>. */
  issuerPort: number;
  lambdaPort: number;
}

const GROUP_DESCRIPTIONS: Record<(typeof ROLES)[number], string> = {
  admin: 'LeaseDesk staff administering the platform',
  broker: 'Lease brokers (approved by an admin before they can work)',
  dealer: 'Dealership staff',
  consumer: 'Clients invited by their broker',
};

export async function prepareCognitoLocal(setup: CognitoLocalSetup): Promise<void> {
  const configDir = join(setup.dir, '.cognito');
  const dbDir = join(configDir, 'db');
  await mkdir(dbDir, { recursive: true });

  const config = {
    LambdaClient: {
      endpoint: `http://localhost:${setup.lambdaPort}`,
      region: LOCAL_REGION,
      credentials: LOCAL_CREDENTIALS,
    },
    TriggerFunctions: TRIGGER_FUNCTIONS,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: `http://localhost:${setup.issuerPort}` },
    ServerConfig: { port: setup.upstreamPort, hostname: '127.0.0.1', development: false },
  };
  await writeFile(join(configDir, 'config.json'), `${JSON.stringify(config, null, 2)}\n`);

  const poolFile = join(dbDir, `${setup.userPoolId}.json`);
  const lambdaConfig = Object.fromEntries(
    Object.entries(TRIGGER_FUNCTIONS).map(([trigger, name]) => [
      trigger,
      `arn:aws:lambda:${LOCAL_REGION}:000000000000:function:${name}`,
    ]),
  );
  if (existsSync(poolFile)) {
    // A pool kept from an earlier start gets the triggers this version has (e.g. CustomMessage, added later).
    const pool = JSON.parse(await readFile(poolFile, 'utf8')) as { Options: { LambdaConfig?: Record<string, string> } };
    pool.Options.LambdaConfig = { ...pool.Options.LambdaConfig, ...lambdaConfig };
    // And the account recovery this version has (a verified phone after a verified e-mail, cognito-recovery.ts).
    (pool.Options as Record<string, unknown>).AccountRecoverySetting = { RecoveryMechanisms: ACCOUNT_RECOVERY_MECHANISMS };
    await writeFile(poolFile, `${JSON.stringify(pool, null, 2)}\n`);
  } else {
    const now = new Date().toISOString();
    const pool = {
      Users: {},
      Options: {
        ...USER_POOL_AWS_DEFAULTS,
        Id: setup.userPoolId,
        Name: 'leasedesk-local',
        Arn: `arn:aws:cognito-idp:${LOCAL_REGION}:000000000000:userpool/${setup.userPoolId}`,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        MfaConfiguration: 'OFF',
        AccountRecoverySetting: { RecoveryMechanisms: ACCOUNT_RECOVERY_MECHANISMS },
        Policies: { PasswordPolicy: USER_POOL_PASSWORD_POLICY },
        LambdaConfig: lambdaConfig,
        CreationDate: now,
        LastModifiedDate: now,
      },
      Groups: Object.fromEntries(
        ROLES.map((role) => [
          role,
          { GroupName: role, Description: GROUP_DESCRIPTIONS[role], CreationDate: now, LastModifiedDate: now, members: [] },
        ]),
      ),
    };
    await writeFile(poolFile, `${JSON.stringify(pool, null, 2)}\n`);
  }

  // The app client is rewritten on every start so that its settings follow this file.
  const clientsFile = join(dbDir, 'clients.json');
  const clients = existsSync(clientsFile)
    ? (JSON.parse(await readFile(clientsFile, 'utf8')) as { Clients: Record<string, unknown> })
    : { Clients: {} };
  const now = new Date().toISOString();
  clients.Clients[setup.clientId] = {
    ClientId: setup.clientId,
    ClientName: 'leasedesk-local-web',
    UserPoolId: setup.userPoolId,
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    EnableTokenRevocation: true,
    PreventUserExistenceErrors: 'ENABLED',
    // Cognito's defaults (and the CDK client's): 60-minute access and ID tokens, 30-day refresh tokens.
    AccessTokenValidity: 60,
    IdTokenValidity: 60,
    RefreshTokenValidity: 30,
    TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
    CreationDate: now,
    LastModifiedDate: now,
  };
  await writeFile(clientsFile, `${JSON.stringify(clients, null, 2)}\n`);
}
