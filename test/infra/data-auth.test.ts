import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE_KEYS } from '@functions/lib/data/table';
import { ROLES } from '@shared/auth/roles';
import { ACCOUNT_RECOVERY_MECHANISMS } from '@infra/local/cognito-recovery';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

describe('data stack', () => {
  const dev = templateOf(buildApp({ context: { stage: 'dev' } }).stacks.data);
  const prod = templateOf(buildApp({ context: { stage: 'prod' } }).stacks.data);

  it('keys the single table and its GSIs exactly as functions/lib/data/table.ts says', () => {
    // Arrange
    const expectedIndexes = TABLE_KEYS.indexes.map((index) => ({
      IndexName: index.name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    }));

    // Assert
    dev.resourceCountIs('AWS::DynamoDB::Table', 1);
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      TableName: 'leasedesk-dev',
      KeySchema: [
        { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: expectedIndexes,
      BillingMode: 'PAY_PER_REQUEST',
    });
  });

  it('expires items by the TTL attribute and keeps point-in-time recovery on', () => {
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('protects the production table from deletion and retains it, but not the dev table', () => {
    prod.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ TableName: 'leasedesk-prod', DeletionProtectionEnabled: true }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    dev.hasResource('AWS::DynamoDB::Table', {
      Properties: Match.objectLike({ DeletionProtectionEnabled: false }),
      DeletionPolicy: 'Delete',
    });
  });
});

describe('auth stack', () => {
  const { stacks } = buildApp({ context: { stage: 'dev' } });
  const auth = templateOf(stacks.auth);

  it('signs users in by e-mail, lets them sign up and verifies the e-mail first', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameConfiguration: { CaseSensitive: false },
    });
  });

  it("sends a forgotten password's code to a verified e-mail, else a verified phone, as the local pool does, with an SMS role", () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      AccountRecoverySetting: {
        RecoveryMechanisms: ACCOUNT_RECOVERY_MECHANISMS.map(({ Name, Priority }) => ({ Name, Priority })),
      },
      SmsConfiguration: { SnsCallerArn: Match.anyValue(), ExternalId: 'leasedesk-dev-cognito-sms' },
    });
    // The role publishes texts only: no SNS topic.
    auth.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'cognito-idp.amazonaws.com' },
            Condition: { StringEquals: { 'sts:ExternalId': 'leasedesk-dev-cognito-sms' } },
          }),
        ],
      },
      Policies: [
        {
          PolicyName: 'PublishSmsOnly',
          PolicyDocument: Match.objectLike({
            Statement: [Match.objectLike({ Action: 'sns:Publish', Effect: 'Allow', NotResource: 'arn:aws:sns:*:*:*' })],
          }),
        },
      ],
    });
    expect(ACCOUNT_RECOVERY_MECHANISMS.map(({ Name }) => Name)).toEqual(['verified_email', 'verified_phone_number']);
  });

  it('requires passwords of at least 12 characters with all four character classes', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 12,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
          RequireSymbols: true,
        }),
      },
    });
  });

  it('has one group per role, named as the role', () => {
    auth.resourceCountIs('AWS::Cognito::UserPoolGroup', ROLES.length);
    for (const role of ROLES) auth.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: role });
  });

  it('runs the PreSignUp and PostConfirmation handlers from functions/auth as triggers', () => {
    const preSignUp = logicalIdOf(auth, 'AWS::Lambda::Function', { FunctionName: 'leasedesk-dev-pre-sign-up' });
    const postConfirmation = logicalIdOf(auth, 'AWS::Lambda::Function', { FunctionName: 'leasedesk-dev-post-confirmation' });

    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: { 'Fn::GetAtt': [preSignUp, 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [postConfirmation, 'Arn'] },
      },
    });
  });

  it('gives PostConfirmation AdminAddUserToGroup on this pool only, in a policy outside its default policy', () => {
    const pool = logicalIdOf(auth, 'AWS::Cognito::UserPool');
    const policies = auth.findResources('AWS::IAM::Policy', {
      Properties: {
        PolicyDocument: {
          Statement: [Match.objectLike({ Action: 'cognito-idp:AdminAddUserToGroup', Resource: { 'Fn::GetAtt': [pool, 'Arn'] } })],
        },
      },
    });
    const [id, policy] = Object.entries(policies)[0] ?? [];

    expect(Object.keys(policies)).toHaveLength(1);
    expect(id).not.toMatch(/DefaultPolicy/);
    expect(policy.Properties.Roles).toEqual([
      { Ref: logicalIdOf(auth, 'AWS::IAM::Role', { Description: 'Execution role of leasedesk-dev-post-confirmation' }) },
    ]);
  });

  it('has a secretless web client for USER_PASSWORD_AUTH and refresh tokens, without SRP or OAuth', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
  });

  it('sends Cognito mail through the SES identity when the stage asks for it', () => {
    const withSes = templateOf(buildApp({ context: { stage: 'prod', cognitoEmailViaSes: true } }).stacks.auth);

    withSes.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: 'LeaseDesk <no-reply@leasedesk.com>' }),
    });
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' },
    });
  });
});
