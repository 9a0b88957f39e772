/**
 * cognito-local, started as a child process (its working directory holds its `.cognito/` data, which it resolves
 * relative to the cwd on every write). This is cognito-local's own `createDefaultServer`, wired with these changes:
 *
 * - Messages go to the local mailbox. Where stock cognito-local prints confirmation and reset codes in a console
 *   box, this sends them through SES v2 (aws-ses-v2-local), so a newcomer confirms a sign-up from the mailbox page
 *   like a real user would. As in Cognito, the CustomMessage trigger (the same handler CDK deploys, through the
 *   Lambda-invoke endpoint) writes the message when it returns one; otherwise Cognito's default wording is used.
 * - GlobalSignOut and AdminUserGlobalSignOut, which cognito-local lacks, clear the user's refresh tokens in
 *   cognito-local's own store, so revoked refresh tokens stop working across restarts as in Cognito; and
 *   ResendConfirmationCode, also missing, mails a new sign-up code.
 * - ForgotPassword follows the pool's AccountRecoverySetting as Cognito does (cognito-recovery.ts): the code goes to a
 *   verified e-mail first, else to a verified phone, and a user with neither gets Cognito's InvalidParameterException
 *   (stock cognito-local always e-mails the `email` attribute, verified or not). A text goes to the local SMS outbox
 *   through the same SNS Publish the functions use (LEASEDESK_SMS_ENDPOINT), worded by the CustomMessage trigger.
 *
 * Everything else (password policy, error wording, GetTokensFromRefreshToken) is the compatibility layer's job
 * (cognito-compat.ts), which sits in front of this server. Run as: node --import tsx cognito-local-server.ts
 */
import { createPublicKey, createVerify } from 'node:crypto';
import { createRequire } from 'node:module';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { loadConfig } from 'cognito-local/lib/server/config';
import { Router, type Route } from 'cognito-local/lib/server/Router';
import { createServer } from 'cognito-local/lib/server/server';
import { InvalidParameterError, NotAuthorizedError, UserNotFoundError } from 'cognito-local/lib/errors';
import { selectAppropriateDeliveryMethod } from 'cognito-local/lib/services/messageDelivery/deliveryMethod';
import {
  DateClock,
  LambdaService,
  TriggersService,
  type Messages,
  type Services,
  type Triggers,
} from 'cognito-local/lib/services';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService';
import { CryptoService } from 'cognito-local/lib/services/crypto';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb';
import { otp } from 'cognito-local/lib/services/otp';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator';
import { UserPoolServiceFactoryImpl, attributeValue } from 'cognito-local/lib/services/userPoolService';
import type { Context } from 'cognito-local/lib/services/context';
import type { Logger } from 'pino';
import { cognitoEmail } from './cognito-messages';
import { maskedDestination, NO_RECOVERY_MESSAGE, recoveryDelivery, type RecoveryMechanism } from './cognito-recovery';

// cognito-local's own dependencies, loaded as cognito-local loads them.
const cognitoRequire = createRequire(createRequire(import.meta.url).resolve('cognito-local/package.json'));
const AWS = cognitoRequire('aws-sdk') as { Lambda: new (config: unknown) => unknown };
const pino = cognitoRequire('pino') as (options: { level: string }) => Logger;
const publicKey = cognitoRequire('./lib/keys/cognitoLocal.public.json') as { pem: string };

const CODE_PARAMETER = '{####}';
const USERNAME_PARAMETER = '{username}';

/** SNS Publish to the local SMS outbox (infra/local/sms-outbox.ts), as Cognito publishes its texts through SNS. */
async function sendText(phoneNumber: string, message: string): Promise<void> {
  const endpoint = process.env.LEASEDESK_SMS_ENDPOINT;
  if (!endpoint) throw new Error('LEASEDESK_SMS_ENDPOINT is not set');
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Action: 'Publish', PhoneNumber: phoneNumber, Message: message }).toString(),
  });
  if (!response.ok) throw new Error(`SNS Publish answered ${response.status}: ${await response.text()}`);
}

function mailboxMessages(logger: Logger, triggers: Triggers): Messages {
  const ses = new SESv2Client({ endpoint: process.env.LEASEDESK_SES_ENDPOINT });
  const from = process.env.LEASEDESK_MAIL_FROM ?? 'no-reply@verificationemail.com';
  return {
    async deliver(ctx, source, clientId, userPoolId, user, code, clientMetadata, delivery) {
      const username = attributeValue('email', user.Attributes) ?? user.Username;
      const custom = triggers.enabled('CustomMessage')
        ? await triggers.customMessage(ctx, {
            clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE',
            clientMetadata,
            code,
            source: `CustomMessage_${source}`,
            userAttributes: user.Attributes,
            username: user.Username,
            userPoolId,
          })
        : null;
      if (delivery.DeliveryMedium === 'SMS') {
        // Cognito's default text when the trigger gives none.
        const text = (custom?.smsMessage ?? `Your verification code is ${CODE_PARAMETER}.`)
          .replaceAll(CODE_PARAMETER, code)
          .replaceAll(USERNAME_PARAMETER, user.Username);
        await sendText(delivery.Destination, text).catch((error: unknown) => {
          logger.error({ err: error }, `could not deliver the ${source} text to ${delivery.Destination}`);
        });
        return;
      }
      // cognito-local replaces only the first placeholder; Cognito replaces each one (the reset e-mail has the
      // code in its link and in its text). A custom message is HTML, as Cognito sends it.
      const content = custom?.emailMessage
        ? {
            Subject: { Data: custom.emailSubject ?? cognitoEmail(source, code, username).subject },
            Body: {
              Html: { Data: custom.emailMessage.replaceAll(CODE_PARAMETER, code).replaceAll(USERNAME_PARAMETER, user.Username) },
            },
          }
        : (({ subject, body }) => ({ Subject: { Data: subject }, Body: { Text: { Data: body } } }))(
            cognitoEmail(source, code, username),
          );
      try {
        await ses.send(
          new SendEmailCommand({
            FromEmailAddress: from,
            Destination: { ToAddresses: [delivery.Destination] },
            Content: { Simple: content },
          }),
        );
      } catch (error) {
        // As in Cognito, a failed delivery does not undo the sign-up; the code can be sent again.
        logger.error({ err: error }, `could not deliver the ${source} e-mail to ${delivery.Destination}`);
      }
    },
  };
}

/** Verifies an access token issued by this cognito-local (signature and expiry) and returns its claims. */
function verifyAccessToken(token: unknown): { sub: string; client_id: string } {
  if (typeof token !== 'string') throw new NotAuthorizedError('Invalid Access Token');
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new NotAuthorizedError('Invalid Access Token');
  const verifier = createVerify('RSA-SHA256');
  verifier.update(`${header}.${payload}`);
  if (!verifier.verify(createPublicKey(publicKey.pem), Buffer.from(signature, 'base64url'))) {
    throw new NotAuthorizedError('Invalid Access Token');
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.token_use !== 'access' || typeof claims.sub !== 'string' || typeof claims.client_id !== 'string') {
    throw new NotAuthorizedError('Invalid Access Token');
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) {
    throw new NotAuthorizedError('Access Token has expired');
  }
  return { sub: claims.sub, client_id: claims.client_id };
}

/**
 * The targets cognito-local lacks: the two global sign-outs (each forgets every refresh token of the user, as
 * Cognito's do) and ResendConfirmationCode (a new sign-up code, delivered like the first one); and ForgotPassword,
 * replaced to choose the medium as Cognito does.
 */
function extraTargets(services: Services) {
  const forgetRefreshTokens = async (
    ctx: Context,
    pool: Awaited<ReturnType<Services['cognito']['getUserPool']>>,
    username: string,
  ) => {
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
  };
  return {
    GlobalSignOut: async (ctx: Context, req: { AccessToken?: unknown }) => {
      const claims = verifyAccessToken(req.AccessToken);
      const pool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
      await forgetRefreshTokens(ctx, pool, claims.sub);
      return {};
    },
    AdminUserGlobalSignOut: async (ctx: Context, req: { UserPoolId: string; Username: string }) => {
      const pool = await services.cognito.getUserPool(ctx, req.UserPoolId);
      await forgetRefreshTokens(ctx, pool, req.Username);
      return {};
    },
    ForgotPassword: async (
      ctx: Context,
      req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
    ) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      // The compatibility layer answers this as a success (PreventUserExistenceErrors).
      if (!user) throw new UserNotFoundError('User does not exist.');
      const recovery = (pool.options as { AccountRecoverySetting?: { RecoveryMechanisms?: RecoveryMechanism[] } })
        .AccountRecoverySetting?.RecoveryMechanisms;
      const delivery = recoveryDelivery(recovery, user.Attributes);
      if (!delivery) throw new InvalidParameterError(NO_RECOVERY_MESSAGE);
      const code = services.otp();
      await services.messages.deliver(
        ctx,
        'ForgotPassword',
        req.ClientId,
        pool.options.Id,
        user,
        code,
        req.ClientMetadata,
        delivery,
      );
      await pool.saveUser(ctx, { ...user, UserLastModifiedDate: services.clock.get(), ConfirmationCode: code });
      return { CodeDeliveryDetails: { ...delivery, Destination: maskedDestination(delivery) } };
    },
    ResendConfirmationCode: async (
      ctx: Context,
      req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
    ) => {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, req.Username);
      if (!user) throw new UserNotFoundError('Username/client id combination not found.');
      if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const delivery = selectAppropriateDeliveryMethod(pool.options.AutoVerifiedAttributes ?? [], user);
      if (!delivery) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
      const code = services.otp();
      await services.messages.deliver(ctx, 'ResendCode', req.ClientId, pool.options.Id, user, code, req.ClientMetadata, delivery);
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
      return { CodeDeliveryDetails: delivery };
    },
  } as Record<string, Route>;
}

async function main(): Promise<void> {
  const logger = pino({ level: process.env.COGNITO_LOCAL_LOG_LEVEL ?? 'error' });
  const ctx = { logger } as unknown as Context;
  const configDirectory = '.cognito';
  const dataDirectory = `${configDirectory}/db`;
  const config = await loadConfig(ctx, new StormDBDataStoreFactory(configDirectory));

  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(config.TriggerFunctions, new AWS.Lambda(config.LambdaClient) as never),
    new CryptoService(config.KMSConfig),
  );
  const services: Services = {
    clock,
    cognito,
    config,
    messages: mailboxMessages(logger, triggers),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = Router(services);
  const extra = extraTargets(services);
  const server = await createServer((target) => extra[target] ?? router(target), logger, config.ServerConfig, services).start();

  const stop = () => {
    server.close();
    server.closeAllConnections?.();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The local stack holds stdin open: EOF means it is gone, so this process goes too.
  process.stdin.on('end', stop);
  process.stdin.on('close', stop);
  process.stdin.resume();
  console.log(`cognito-local ready on port ${config.ServerConfig.port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
