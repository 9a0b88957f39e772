import * as fs from 'node:fs';
import * as path from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../functions/jobs';
import { buildApp, cleanupCdkTemp, logicalIdOf, templateOf } from './support';

afterAll(cleanupCdkTemp);

describe('scheduled jobs', () => {
  const schedules = templateOf(buildApp({ context: { stage: 'dev' } }).stacks.schedules);
  const expireDeals = JOBS.find((job) => job.name === 'expire-deals')!;

  it('runs expire-deals on its registry schedule through EventBridge Scheduler', () => {
    const fn = logicalIdOf(schedules, 'AWS::Lambda::Function', { FunctionName: 'leasedesk-dev-expire-deals' });
    const role = logicalIdOf(schedules, 'AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
      }),
    });

    schedules.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: expireDeals.schedule,
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [fn, 'Arn'] }, RoleArn: { 'Fn::GetAtt': [role, 'Arn'] } }),
    });
  });

  it('gives the scheduler role lambda:InvokeFunction on that one function and nothing else', () => {
    const fn = logicalIdOf(schedules, 'AWS::Lambda::Function', { FunctionName: 'leasedesk-dev-expire-deals' });
    const role = logicalIdOf(schedules, 'AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
      }),
    });
    const policies = Object.values(schedules.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: role }] } }));

    expect(policies).toHaveLength(1);
    expect(policies[0].Properties.PolicyDocument.Statement).toEqual([
      { Sid: 'InvokeJobFunction', Effect: 'Allow', Action: 'lambda:InvokeFunction', Resource: { 'Fn::GetAtt': [fn, 'Arn'] } },
    ]);
  });

  it('lets only the scheduler of this account assume the role', () => {
    schedules.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          Match.objectLike({
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: { StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } },
          }),
        ],
      },
    });
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
    const violations = report.pluginReports.flatMap((r) => r.violations.map((v) => `${r.pluginName} ${v.severity} ${v.ruleName}`));
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
