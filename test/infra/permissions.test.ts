import { App, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS } from '@functions/jobs';
import { FeatureFunction } from '@infra/constructs/feature-function';
import { FEATURE_PERMISSIONS, JOB_PERMISSIONS } from '@infra/stacks/permissions';
import { FEATURES } from '@shared/api/routes';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

const { stacks } = buildApp({ context: { stage: 'dev' } });
const api = templateOf(stacks.api);
const auth = templateOf(stacks.auth);
const schedules = templateOf(stacks.schedules);

interface Statement {
  Effect: string;
  Action: string | string[];
  Resource?: unknown;
  NotResource?: unknown;
  Condition?: unknown;
}

/** Every Allow statement of every policy attached to the execution role of `functionName`. */
function statementsOf(template: Template, functionName: string): Statement[] {
  const roleId = logicalIdOf(template, 'AWS::IAM::Role', { Description: `Execution role of ${functionName}` });
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as unknown[]).some((role) => JSON.stringify(role) === JSON.stringify({ Ref: roleId })),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
    .filter((statement) => statement.Effect === 'Allow');
}

const actionsOf = (statements: Statement[]) => statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
/** What `table: 'read'` grants (feature-function.ts): reads only, and never a Scan. */
const READ_ACTIONS = new Set(['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query']);
const statementsFor = (statements: Statement[], action: string) =>
  statements.filter((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]).includes(action));

describe('least privilege of the feature functions', () => {
  it('gives no function a managed policy', () => {
    for (const template of [api, auth]) {
      for (const role of Object.values(template.findResources('AWS::IAM::Role'))) {
        expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      }
    }
  });

  it('grants BatchWriteItem to the deals and programs functions only and ConditionCheckItem to the referrals function only', () => {
    const holders = (action: string) =>
      FEATURES.filter((feature) => actionsOf(statementsOf(api, `leasedesk-dev-${feature}`)).includes(action));
    expect(holders('dynamodb:BatchWriteItem').sort()).toEqual(['deals', 'programs']);
    expect(holders('dynamodb:ConditionCheckItem')).toEqual(['referrals']);
  });

  it('lets each function write logs only to its own log group', () => {
    for (const feature of FEATURES) {
      const logStatements = statementsFor(statementsOf(api, `leasedesk-dev-${feature}`), 'logs:PutLogEvents');
      expect(logStatements).toHaveLength(1);
      expect(JSON.stringify(logStatements[0].Resource)).toMatch(new RegExp(`${feature.replace(/-/g, '')}FunctionLogs`, 'i'));
    }
  });

  it('lets the marketplace function write the table and put deal images (claiming them out of pending/) only', () => {
    const statements = statementsOf(api, 'leasedesk-dev-marketplace');
    const actions = actionsOf(statements);

    expect(actions).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:PutItem']));
    expect(actions).not.toContain('dynamodb:Scan');
    // Reading and deleting only under pending/: security.test.ts checks the prefixes.
    expect(actions.filter((a) => a.startsWith('s3:')).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    const puts = statementsFor(statements, 's3:PutObject');
    expect(puts).toHaveLength(1);
    expect(JSON.stringify(puts[0].Resource)).toContain('leasedesk-dev-deal-images-');
  });

  it('lets only the auth function put into the licences bucket and the marketplace function into deal images', () => {
    const authPuts = statementsFor(statementsOf(api, 'leasedesk-dev-auth'), 's3:PutObject');

    expect(authPuts).toHaveLength(1);
    expect(JSON.stringify(authPuts[0].Resource)).toContain('leasedesk-dev-broker-licences-');
    for (const feature of FEATURES.filter((f) => f !== 'auth' && f !== 'marketplace' && f !== 'brokers')) {
      expect(statementsFor(statementsOf(api, `leasedesk-dev-${feature}`), 's3:PutObject')).toEqual([]);
    }
  });

  it('lets the brokers function sign uploads and reads of broker photos and licences, and nothing else in S3', () => {
    const statements = statementsOf(api, 'leasedesk-dev-brokers');

    // Presigned POSTs and GETs act with the signer's permissions; HeadObject (the upload's confirm) needs GetObject.
    expect(
      actionsOf(statements)
        .filter((a) => a.startsWith('s3:'))
        .sort(),
    ).toEqual(['s3:GetObject', 's3:PutObject']);
    const buckets = JSON.stringify(
      statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('s3:'))).map((s) => s.Resource),
    );
    expect(buckets).toContain('leasedesk-dev-broker-photos-');
    expect(buckets).toContain('leasedesk-dev-broker-licences-');
    expect(buckets).not.toContain('leasedesk-dev-deal-images-');
  });

  it('lets the auth function look up (not change) users of the stage pool', () => {
    const cognito = actionsOf(statementsOf(api, 'leasedesk-dev-auth')).filter((a) => a.startsWith('cognito-idp:'));
    expect(cognito).toEqual(['cognito-idp:AdminGetUser']);
  });

  it('queries the GSIs by name, never through an index wildcard', () => {
    const queries = statementsFor(statementsOf(api, 'leasedesk-dev-dashboard'), 'dynamodb:Query');
    const serialized = JSON.stringify(queries.map((s) => s.Resource));

    expect(serialized).toContain('/index/gsi1');
    expect(serialized).not.toContain('/index/*');
  });

  it('gives PreSignUp nothing but its logs, and PostConfirmation table writes, group membership and the licence move', () => {
    expect(actionsOf(statementsOf(auth, 'leasedesk-dev-pre-sign-up'))).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);

    const postConfirmation = actionsOf(statementsOf(auth, 'leasedesk-dev-post-confirmation'));
    expect(postConfirmation).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'cognito-idp:AdminAddUserToGroup']));
    // Copying the sign-up licence out of pending/ (security.test.ts checks the prefixes); no e-mail.
    expect(postConfirmation.filter((a) => a.startsWith('s3:')).sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
      's3:PutObject',
    ]);
    expect(postConfirmation.filter((a) => a.startsWith('ses:'))).toEqual([]);
  });

  it('lets no function send e-mail or texts unless its permissions say so', () => {
    for (const feature of FEATURES) {
      const actions = actionsOf(statementsOf(api, `leasedesk-dev-${feature}`));
      const { sendsEmail, sendsSms } = FEATURE_PERMISSIONS[feature];
      expect(
        actions.filter((a) => a.startsWith('ses:')),
        feature,
      ).toEqual(sendsEmail ? ['ses:SendEmail', 'ses:SendRawEmail'] : []);
      expect(
        actions.filter((a) => a.startsWith('sns:')),
        feature,
      ).toEqual(sendsSms ? ['sns:Publish'] : []);
    }
  });

  it('lets the invitations function text phone numbers but publish to no topic, and create consumer accounts', () => {
    const statements = statementsOf(api, 'leasedesk-dev-invitations');

    const [publish] = statementsFor(statements, 'sns:Publish');
    expect(publish).toMatchObject({ NotResource: 'arn:aws:sns:*:*:*' });
    expect(publish!.Resource).toBeUndefined();
    expect(
      actionsOf(statements)
        .filter((a) => a.startsWith('cognito-idp:'))
        .sort(),
    ).toEqual([
      'cognito-idp:AdminAddUserToGroup',
      'cognito-idp:AdminCreateUser',
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminGetUser',
      'cognito-idp:AdminSetUserPassword',
    ]);
  });

  it('lets the lease function update its per-source counters and nothing else of the table', () => {
    const statements = statementsOf(api, 'leasedesk-dev-lease');
    const table = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('dynamodb:')));

    expect(actionsOf(statements).filter((a) => !a.startsWith('logs:'))).toEqual(['dynamodb:UpdateItem']);
    expect(table).toHaveLength(1);
    expect(table[0]!.Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } });
    expect(JSON.stringify(table[0]!.Resource)).not.toContain('/index/');
  });

  it("lets the consumer portal only read the table and the broker photos (My Broker's signed photo URL), and referrals write it and send e-mail", () => {
    const statements = statementsOf(api, 'leasedesk-dev-consumers');
    const portal = actionsOf(statements);
    expect(portal).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:BatchGetItem']));
    expect(portal.filter((a) => !a.startsWith('logs:') && !READ_ACTIONS.has(a))).toEqual(['s3:GetObject']);
    const photos = JSON.stringify(statementsFor(statements, 's3:GetObject').map((s) => s.Resource));
    expect(photos).toMatch(/BrokerPhotos|broker-photos/);
    expect(photos).not.toMatch(/BrokerLicences|broker-licences|DealImages|deal-images/);

    const referrals = actionsOf(statementsOf(api, 'leasedesk-dev-referrals'));
    expect(referrals).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:ConditionCheckItem']));
    expect(referrals.filter((a) => a.startsWith('cognito-idp:') || a.startsWith('sns:') || a.startsWith('s3:'))).toEqual([]);
  });
});

describe('least privilege of the scheduled jobs', () => {
  it.each(JOBS.map((job) => job.name))(
    'gives %s read-write on the table, its own logs, if it sends, SES as MAIL_FROM and SMS, and its site objects; nothing else',
    (name) => {
      const statements = statementsOf(schedules, `leasedesk-dev-${name}`);
      const actions = actionsOf(statements);
      const { sendsEmail, sendsSms } = JOB_PERMISSIONS[name]!;

      expect(actions).toEqual(
        expect.arrayContaining(['dynamodb:Query', 'dynamodb:BatchGetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']),
      );
      expect(actions.filter((a) => a.startsWith('ses:'))).toEqual(sendsEmail ? ['ses:SendEmail', 'ses:SendRawEmail'] : []);
      if (sendsEmail) {
        expect(statementsFor(statements, 'ses:SendEmail')[0]).toMatchObject({
          Condition: { StringEquals: { 'ses:FromAddress': expect.any(String) } },
        });
      }
      expect(actions.filter((a) => a.startsWith('sns:'))).toEqual(sendsSms ? ['sns:Publish'] : []);
      if (sendsSms) expect(statementsFor(statements, 'sns:Publish')[0]).toMatchObject({ NotResource: 'arn:aws:sns:*:*:*' });
      // The site bucket's objects (the trending embed's page: test/infra/trending-embed-page.test.ts) by exact key.
      const { siteObjects } = JOB_PERMISSIONS[name]!;
      expect(actions.filter((a) => a.startsWith('s3:')).sort()).toEqual(
        [siteObjects?.read?.length ? ['s3:GetObject'] : [], siteObjects?.put?.length ? ['s3:PutObject'] : []].flat(),
      );
      expect(
        actions.filter(
          (a) =>
            !a.startsWith('dynamodb:') &&
            !a.startsWith('logs:') &&
            !a.startsWith('ses:') &&
            !a.startsWith('sns:') &&
            !a.startsWith('s3:'),
        ),
      ).toEqual([]);
      expect(actions).not.toContain('dynamodb:Scan');
    },
  );

  it('lets the licence job, the outbox job and the morning task e-mail send e-mail, only the outbox job texts, and no other job either', () => {
    expect(JOBS.filter((job) => JOB_PERMISSIONS[job.name]?.sendsEmail).map((job) => job.name)).toEqual([
      'expire-licences',
      'retry-notifications',
      'remind-tasks',
    ]);
    expect(JOBS.filter((job) => JOB_PERMISSIONS[job.name]?.sendsSms).map((job) => job.name)).toEqual(['retry-notifications']);
  });
});

describe('FeatureFunction.grantSendEmail', () => {
  it('allows sending through one identity and only from the given address', () => {
    // Arrange
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] }, builtinCloudFormationValidation: false });
    const stack = new Stack(app, 'Probe');
    const fn = new FeatureFunction(stack, 'Notifier', {
      entry: 'functions/dashboard/handler.ts',
      functionName: 'probe-notifier',
      serviceName: 'probe',
      description: 'probe',
      environment: {},
      logRetention: RetentionDays.ONE_DAY,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Act
    fn.grantSendEmail('arn:aws:ses:eu-west-1:123456789012:identity/leasedesk.com', 'no-reply@leasedesk.com');

    // Assert
    const [send] = statementsFor(statementsOf(templateOf(stack), 'probe-notifier'), 'ses:SendEmail');
    expect(send).toMatchObject({
      Resource: 'arn:aws:ses:eu-west-1:123456789012:identity/leasedesk.com',
      Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@leasedesk.com' } },
    });
  });
});
