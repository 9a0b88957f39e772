/**
 * Identity: the Cognito user pool (e-mail usernames, self sign-up restricted to the company domain by PreSignUp,
 * e-mail confirmation), one group per role, the PostConfirmation trigger that makes a new user a broker pending
 * approval, the CustomMessage trigger that writes the password-reset e-mail (a link back to the app's reset
 * form, APP_URL from the stage config), and the SPA's app client (USER_PASSWORD_AUTH + refresh, no secret: it runs in browsers).
 */
import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { ROLES, type Role } from '@shared/auth/roles';
import { FeatureFunction } from '../constructs/feature-function';
import { acknowledge } from '../constructs/nag';
import { emailDomain, type StageConfig } from './config';
import { applyPermissions, functionEnvironment, UploadBuckets } from './function-wiring';
import { functionName } from './names';
import { TRIGGER_PERMISSIONS } from './permissions';

export interface AuthStackProps extends StackProps {
  config: StageConfig;
  table: ITable;
}

/** Lower precedence wins when a token would carry several groups (see roles.ts roleFromGroups). */
const GROUP_PRECEDENCE: Record<Role, number> = { admin: 0, broker: 10, dealer: 20, consumer: 30 };

export const PASSWORD_POLICY = {
  minLength: 12,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;
  readonly preSignUp: FeatureFunction;
  readonly postConfirmation: FeatureFunction;
  readonly customMessage: FeatureFunction;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { config, table } = props;

    // The pool references the triggers, so the triggers cannot reference the pool: no USER_POOL_ID here
    // (trigger events carry `userPoolId`).
    const environment = functionEnvironment({ config, tableName: table.tableName });
    const trigger = (id: string, service: string, entry: string, description: string) =>
      new FeatureFunction(this, id, {
        entry,
        functionName: functionName(config.stage, service),
        serviceName: service,
        description,
        environment,
        logRetention: config.logRetention,
        removalPolicy: config.removalPolicy,
        tracing: config.tracing,
        timeout: Duration.seconds(5),
      });
    this.preSignUp = trigger(
      'PreSignUp',
      'pre-sign-up',
      'functions/auth/pre-sign-up.ts',
      'Cognito PreSignUp: company e-mail domain only.',
    );
    this.postConfirmation = trigger(
      'PostConfirmation',
      'post-confirmation',
      'functions/auth/post-confirmation.ts',
      'Cognito PostConfirmation: broker group and broker profile (pending approval).',
    );
    this.customMessage = trigger(
      'CustomMessage',
      'custom-message',
      'functions/auth/custom-message.ts',
      'Cognito CustomMessage: the password-reset e-mail with a link to the reset form.',
    );

    // Cognito texts a forgotten password's code through SNS with this role: Publish to phone numbers only (never a
    // topic), as the functions that text (`grantSendSms`); the external id is Cognito's confused-deputy guard.
    const smsRoleExternalId = `leasedesk-${config.stage}-cognito-sms`;
    const smsRole = new iam.Role(this, 'CognitoSmsRole', {
      assumedBy: new iam.ServicePrincipal('cognito-idp.amazonaws.com', {
        conditions: { StringEquals: { 'sts:ExternalId': smsRoleExternalId } },
      }),
      description: 'Cognito: text password-reset codes (SNS Publish to phone numbers only).',
      inlinePolicies: {
        PublishSmsOnly: new iam.PolicyDocument({
          statements: [new iam.PolicyStatement({ actions: ['sns:Publish'], notResources: ['arn:aws:sns:*:*:*'] })],
        }),
      },
    });

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: `leasedesk-${config.stage}`,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: 'Your LeaseDesk confirmation code',
        emailBody: 'Your LeaseDesk confirmation code is {####}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: { ...PASSWORD_POLICY, tempPasswordValidity: Duration.days(7) },
      // A forgotten password's code goes to a verified e-mail, else to a verified phone (an SMS-invited consumer, whose
      // e-mail the invitation did not prove; docs/security.md "Password reset by phone"). The local pool holds the same
      // mechanisms (infra/local/cognito-recovery.ts). Texts need the pool's SMS role (Cognito publishes through SNS).
      accountRecovery: cognito.AccountRecovery.EMAIL_AND_PHONE_WITHOUT_MFA,
      smsRole,
      smsRoleExternalId,
      email: config.cognitoEmailViaSes
        ? cognito.UserPoolEmail.withSES({
            fromEmail: config.mailFrom,
            fromName: 'LeaseDesk',
            sesRegion: Aws.REGION,
            sesVerifiedDomain: emailDomain(config.mailFrom),
          })
        : cognito.UserPoolEmail.withCognito(),
      lambdaTriggers: { preSignUp: this.preSignUp, postConfirmation: this.postConfirmation, customMessage: this.customMessage },
      deletionProtection: config.isProduction,
      removalPolicy: config.removalPolicy,
    });

    for (const role of ROLES) {
      this.userPool.addGroup(`${role[0].toUpperCase()}${role.slice(1)}Group`, {
        groupName: role,
        precedence: GROUP_PRECEDENCE[role],
        description: `LeaseDesk ${role}s`,
      });
    }

    this.userPoolClient = this.userPool.addClient('WebClient', {
      userPoolClientName: `leasedesk-${config.stage}-web`,
      generateSecret: false,
      authFlows: { userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    const buckets = new UploadBuckets(this, 'Buckets', config);
    applyPermissions(this.preSignUp, TRIGGER_PERMISSIONS.preSignUp, { table, buckets });
    applyPermissions(this.postConfirmation, TRIGGER_PERMISSIONS.postConfirmation, { table, buckets });
    applyPermissions(this.customMessage, TRIGGER_PERMISSIONS.customMessage, { table, buckets });
    // An inline policy on the pool's ARN (not userPool.grant, whose default-policy statement makes a cycle).
    this.postConfirmation.grantUserPoolActions(this.userPool, ['cognito-idp:AdminAddUserToGroup']);

    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'The product signs users in with e-mail and password only (the sign-in and sign-up screens); MFA is a later product decision and the local Cognito emulator cannot exercise it.',
    );
    const noPlusTier =
      'Threat protection needs the Cognito Plus feature plan, not bought for this product yet; brute force is limited by Cognito lockout and the 12-character, four-class password policy.';
    acknowledge(this.userPool, 'AwsSolutions-COG3', `Advanced security mode ENFORCED is not set. ${noPlusTier}`);
    acknowledge(this.userPool, 'AwsSolutions-COG8', `The pool is on the default (Essentials) feature plan. ${noPlusTier}`);

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
