import * as fs from 'node:fs';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS } from '@functions/jobs';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

describe('scheduled jobs', () => {
  const schedules = templateOf(buildApp({ context: { stage: 'dev' } }).stacks.schedules);

  /** The job's function, its schedule's role and that role's policies. */
  const wiringOf = (name: string) => {
    const fn = logicalIdOf(schedules, 'AWS::Lambda::Function', { FunctionName: `leasedesk-dev-${name}` });
    const role = logicalIdOf(schedules, 'AWS::IAM::Role', { Description: `Assumed by EventBridge Scheduler to run ${name}` });
    const policies = Object.values(schedules.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } }));
    return { fn, role, policies };
  };

  it('has one schedule per job of the registry, and no other', () => {
    const expressions = Object.values(schedules.findResources('AWS::Scheduler::Schedule')).map(
      (schedule) => schedule.Properties.ScheduleExpression,
    );

    expect(expressions.sort()).toEqual(JOBS.map((job) => job.schedule).sort());
  });

  it.each(JOBS.map((job) => [job.name, job] as const))(
    'runs %s on its registry schedule through EventBridge Scheduler',
    (name, job) => {
      const { fn, role } = wiringOf(name);

      schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
        Name: `leasedesk-dev-${name}`,
        ScheduleExpression: job.schedule,
        ScheduleExpressionTimezone: 'UTC',
        State: 'ENABLED',
        Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [fn, 'Arn'] }, RoleArn: { 'Fn::GetAtt': [role, 'Arn'] } }),
      });
    },
  );

  it.each(JOBS.map((job) => job.name))(
    'gives the scheduler role of %s lambda:InvokeFunction on that one function and nothing else',
    (name) => {
      const { fn, role, policies } = wiringOf(name);

      expect(schedules.toJSON().Resources[role].Properties.AssumeRolePolicyDocument.Statement).toEqual([
        expect.objectContaining({ Principal: { Service: 'scheduler.amazonaws.com' } }),
      ]);
      expect(policies).toHaveLength(1);
      expect(policies[0].Properties.PolicyDocument.Statement).toEqual([
        { Sid: 'InvokeJobFunction', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [fn, 'Arn'] } },
      ]);
    },
  );

  it.each(JOBS.map((job) => job.name))(
    'puts the schedule of %s in a group of its own (scheduler metrics are per group), created first',
    (name) => {
      const groupId = logicalIdOf(schedules, 'AWS::Scheduler::ScheduleGroup', { Name: `leasedesk-dev-${name}` });

      schedules.hasResource('AWS::Scheduler::Schedule', {
        Properties: Match.objectLike({ Name: `leasedesk-dev-${name}`, GroupName: `leasedesk-dev-${name}` }),
        DependsOn: Match.arrayWith([groupId]),
      });
    },
  );

  it('runs rank-trending every 5 minutes', () => {
    schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'leasedesk-dev-rank-trending',
      ScheduleExpression: 'rate(5 minutes)',
    });
  });

  it('runs expire-licences daily, after expire-deals, with the app URL and sender its e-mails need', () => {
    schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
      Name: 'leasedesk-dev-expire-licences',
      ScheduleExpression: 'cron(5 6 * * ? *)',
    });
    schedules.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'leasedesk-dev-expire-licences',
      Environment: {
        Variables: Match.objectLike({ APP_URL: Match.anyValue(), MAIL_FROM: Match.anyValue(), TABLE_NAME: Match.anyValue() }),
      },
    });
  });

  it('lets only the scheduler of this account assume the roles', () => {
    const schedulerRoles = Object.values(
      schedules.findResources('AWS::IAM::Role', {
        Properties: {
          AssumeRolePolicyDocument: Match.objectLike({
            Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
          }),
        },
      }),
    );

    expect(schedulerRoles).toHaveLength(JOBS.length);
    for (const role of schedulerRoles) {
      expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
        expect.objectContaining({ Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } } }),
      ]);
    }
  });
});

describe('cdk-nag AwsSolutions', () => {
  it.each(['dev', 'prod'])('finds nothing unacknowledged in a full %s synth with CloudFormation validation on', (stage) => {
    // Arrange
    const { app } = buildApp({ context: { stage }, builtinValidation: true });

    // Act: an in-memory app throws on any validation error; the report also lists warnings.
    const assembly = app.synth();
    const report = JSON.parse(fs.readFileSync(path.join(assembly.directory, 'validation-report.json'), 'utf8')) as {
      pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[];
    };

    // Assert
    const violations = report.pluginReports.flatMap((r) =>
      r.violations.map((v) => `${r.pluginName} ${v.severity} ${v.ruleName}`),
    );
    expect(violations).toEqual([]);
  });

  it('fails the synth on a new unacknowledged finding', () => {
    // Arrange: a bucket without access logs, encryption in transit or any acknowledgement.
    const { app, stacks } = buildApp();
    new s3.Bucket(stacks.storage, 'Unreviewed');

    // Act + Assert: in memory (tests), the thrown error carries the report.
    expect(() => app.synth()).toThrow(/AwsSolutions-S1[\s\S]*Storage\/Unreviewed/);
  });
});
